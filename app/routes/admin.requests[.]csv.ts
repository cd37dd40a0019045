import { leadsDownload } from "../server/features/admin/export-download.server.ts";
import type { Route } from "./+types/admin.requests[.]csv";

/** The requests for the filters in view, as the command line's CSV (same columns, formula-safe). */
export const loader = ({ request, context }: Route.LoaderArgs) => leadsDownload(request, context, "csv");
