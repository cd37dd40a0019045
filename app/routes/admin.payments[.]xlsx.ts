import { booksDownload } from "../server/features/admin/books-export.server.ts";
import type { Route } from "./+types/admin.payments[.]xlsx";

/** Payments and refunds of the span (from, to) as a workbook: reference, customer, method, amount, tip, refund. */
export const loader = ({ request, context }: Route.LoaderArgs) => booksDownload(request, context, "payments.xlsx");
