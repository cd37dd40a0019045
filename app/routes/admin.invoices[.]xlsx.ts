import { booksDownload } from "../server/features/admin/books-export.server.ts";
import type { Route } from "./+types/admin.invoices[.]xlsx";

/** Invoices sent in the span (from, to) as a workbook: number, date sent, customer, total, paid, balance, status. */
export const loader = ({ request, context }: Route.LoaderArgs) => booksDownload(request, context, "invoices.xlsx");
