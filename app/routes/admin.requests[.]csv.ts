import { signedIn } from "../server/admin/guard.server.ts";
import { readFilters } from "../server/admin/inbox.server.ts";
import { localDateString } from "../server/admin/business-time.server.ts";
import { leadsCsv } from "../server/leads/export.server.ts";
import { listLeads } from "../server/leads/store.server.ts";
import type { Route } from "./+types/admin.requests[.]csv";

/** The requests for the filters in view, as the command line's CSV (same columns, formula-safe). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, owner } = signedIn(context);
  const leads = await listLeads(app.database, readFilters(new URL(request.url)).filter);
  app.logger.info({ event: "admin.csv_exported", owner: owner.ownerId, rows: leads.length }, "requests exported");
  return new Response(leadsCsv(leads), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="requests-${localDateString(new Date())}.csv"`,
    },
  });
}
