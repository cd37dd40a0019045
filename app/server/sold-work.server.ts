/**
 * What was sold for a job, for the crew's view (features/bookings/crew.server.ts, docs/decisions/038): the quotes
 * feature gives the accepted option, the payments feature the deposits actually paid. Wired here, above the
 * three, since no feature imports another (decision 026), as ./quote-deposits.server.ts does.
 */
import type { SoldWorkOf } from "./features/bookings/crew.server.ts";
import { depositsPaid } from "./features/payments/deposits.server.ts";
import { acceptedOptions } from "./features/quotes/quotes.server.ts";
import type { Database } from "./kit/db/database.server.ts";

export const soldWork =
  (database: Database): SoldWorkOf =>
  async (leadIds) => {
    const [accepted, paid] = await Promise.all([acceptedOptions(database, leadIds), depositsPaid(database, leadIds)]);
    return new Map(leadIds.map((id) => [id, { accepted: accepted.get(id) ?? null, paidCents: paid.get(id) ?? 0 }]));
  };
