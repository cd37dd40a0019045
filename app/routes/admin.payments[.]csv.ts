import { booksDownload } from "../server/features/admin/books-export.server.ts";
import type { Route } from "./+types/admin.payments[.]csv";

/** Payments and refunds of the span (from, to) in QuickBooks Online's bank-transaction CSV: Date, Description, Amount. */
export const loader = ({ request, context }: Route.LoaderArgs) => booksDownload(request, context, "payments.csv");
