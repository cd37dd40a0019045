/**
 * The inbox's downloads of the requests for the filters in view (/admin/requests.csv and
 * /admin/requests.xlsx): the command line's CSV and workbook, the same columns (app/server/features/admin/export.server.ts).
 * Both are streamed: the columns are read first (the form-value keys only), then the requests a batch at a time,
 * each batch written and sent before the next is read, so the server holds one batch whatever the number
 * of requests (docs/decisions/045-inbox-paging.md). The inbox's middleware has already checked the session and sets
 * no-store and noindex.
 */
import type { RouterContextProvider } from "react-router";
import { localDateString } from "../../kit/business-time.server.ts";
import { signedIn } from "./guard.server.ts";
import { readFilters } from "./inbox.server.ts";
import { csvCells, leadCells, leadColumns, type SheetCell } from "./export.server.ts";
import { leadBatches, leadKeys } from "./listing.server.ts";
import { leadMoney } from "./books.server.ts";
import { toCsv } from "./csv.server.ts";
import { leadsXlsxStream, XLSX_TYPE } from "./xlsx.server.ts";
import { bodyOf } from "./xlsx-stream.server.ts";

/** Requests read and written at a time. */
const BATCH = 500;

export async function leadsDownload(
  request: Request,
  context: Readonly<RouterContextProvider>,
  format: "csv" | "xlsx",
): Promise<Response> {
  const { app, owner } = signedIn(context);
  const { filter } = readFilters(new URL(request.url));
  const keys = await leadKeys(app.database, filter);
  const columns = leadColumns(keys.fieldKeys, keys.utmKeys);
  async function* rows(): AsyncGenerator<SheetCell[][]> {
    let count = 0;
    for await (const leads of leadBatches(app.database, filter, BATCH)) {
      const money = await leadMoney(
        app.database,
        leads.map((lead) => lead.id),
      );
      count += leads.length;
      yield leads.map((lead) => leadCells(lead, columns, undefined, money.get(lead.id)));
    }
    app.logger.info({ event: `admin.${format}_exported`, owner: owner.ownerId, rows: count }, "requests exported");
  }
  async function* csv(): AsyncGenerator<Uint8Array> {
    const encoder = new TextEncoder();
    yield encoder.encode(toCsv([columns.header]));
    for await (const batch of rows()) yield encoder.encode(toCsv(batch.map(csvCells), { bom: false }));
  }
  return new Response(bodyOf(format === "csv" ? csv() : leadsXlsxStream(columns.header, rows())), {
    headers: {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : XLSX_TYPE,
      "Content-Disposition": `attachment; filename="requests-${localDateString(new Date())}.${format}"`,
    },
  });
}
