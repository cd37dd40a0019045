import { leadsDownload } from "../server/features/admin/export-download.server.ts";
import type { Route } from "./+types/admin.requests[.]xlsx";

/** The requests for the filters in view, as the command line's workbook (the CSV's columns, typed cells). */
export const loader = ({ request, context }: Route.LoaderArgs) => leadsDownload(request, context, "xlsx");
