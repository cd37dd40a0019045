/**
 * The inbox's downloads of the requests for the filters in view (/admin/requests.csv and
 * /admin/requests.xlsx): the command line's CSV and workbook, the same columns (app/server/features/admin/export.server.ts).
 * The inbox's middleware has already checked the session and sets no-store and noindex.
 */
import type { RouterContextProvider } from "react-router";
import { localDateString } from "../../kit/business-time.server.ts";
import { signedIn } from "./guard.server.ts";
import { readFilters } from "./inbox.server.ts";
import { leadsCsv } from "./export.server.ts";
import { listLeads } from "./listing.server.ts";
import { leadMoney } from "./books.server.ts";
import { leadsXlsx, XLSX_TYPE } from "./xlsx.server.ts";

export async function leadsDownload(
  request: Request,
  context: Readonly<RouterContextProvider>,
  format: "csv" | "xlsx",
): Promise<Response> {
  const { app, owner } = signedIn(context);
  const leads = await listLeads(app.database, readFilters(new URL(request.url)).filter);
  const money = await leadMoney(
    app.database,
    leads.map((lead) => lead.id),
  );
  app.logger.info({ event: `admin.${format}_exported`, owner: owner.ownerId, rows: leads.length }, "requests exported");
  const body =
    format === "csv" ? leadsCsv(leads, undefined, money) : new Uint8Array(await leadsXlsx(leads, undefined, money));
  return new Response(body, {
    headers: {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : XLSX_TYPE,
      "Content-Disposition": `attachment; filename="requests-${localDateString(new Date())}.${format}"`,
    },
  });
}
