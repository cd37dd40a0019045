/** The owner's list of requests, filtered (the inbox, the CSV and spreadsheet exports, the command line). */
import { sql } from "kysely";
import type { Database, LeadStatus } from "../../kit/db/database.server.ts";
import type { LeadKind } from "../../kit/lead-kinds.server.ts";
import { toLeadRow, type LeadRow } from "../../kit/leads.server.ts";

/** Which leads a list shows (the command line's options and the inbox's filters). */
export interface LeadFilter {
  /** Received at or after. */
  since?: Date;
  /** Received before. */
  until?: Date;
  kind?: LeadKind;
  status?: LeadStatus;
  /** Part of the name or e-mail (any case), or at least 3 digits of the phone number. */
  search?: string;
}

/** A lead in a list, with the status the owner last gave it ("new" until then). */
export interface ListedLead extends LeadRow {
  status: LeadStatus;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Leads, newest first. */
export async function listLeads(database: Database, opts: LeadFilter): Promise<ListedLead[]> {
  const currentStatus = sql<LeadStatus | null>`(select c.status from lead_status_changes c where c.lead_id = leads.id order by c.changed_at desc, c.id desc limit 1)`;
  let query = database.db
    .selectFrom("leads")
    .selectAll()
    .select(currentStatus.as("current_status"))
    .orderBy("created_at", "desc")
    .orderBy("id");
  if (opts.since) query = query.where("created_at", ">=", opts.since.toISOString());
  if (opts.until) query = query.where("created_at", "<", opts.until.toISOString());
  if (opts.kind) query = query.where("kind", "=", opts.kind);
  if (opts.status) query = query.where(sql<string>`coalesce(${currentStatus}, 'new')`, "=", opts.status);
  const search = opts.search?.trim().toLowerCase();
  if (search) {
    const pattern = likePattern(search);
    const digits = search.replace(/\D/g, "");
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(name)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(email)`, "like", sql`${pattern} escape '\\'`),
        ...(digits.length >= 3 ? [eb("phone", "like", `%${digits}%`)] : []),
      ]),
    );
  }
  return (await query.execute()).map(({ current_status, ...row }) => ({
    ...toLeadRow(row),
    status: current_status ?? "new",
  }));
}
