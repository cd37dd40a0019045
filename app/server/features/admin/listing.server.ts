/** The owner's list of requests, filtered (the inbox, the CSV and spreadsheet exports, the command line). */
import { sql } from "kysely";
import type { Database } from "../../kit/db/database.server.ts";
import type { Stage } from "../../kit/stages.ts";
import type { LeadKind } from "../../kit/lead-kinds.server.ts";
import { toLeadRow, type LeadRow } from "../../kit/leads.server.ts";

/** Which leads a list shows (the command line's options and the inbox's filters). */
export interface LeadFilter {
  /** Received at or after. */
  since?: Date;
  /** Received before. */
  until?: Date;
  kind?: LeadKind;
  /** The request's stage (leads.stage: what its events give). */
  stage?: Stage;
  /** Part of the name or e-mail (any case), or at least 3 digits of the phone number. */
  search?: string;
}

/** A lead in a list, with its stage and the owner's first real contact (both kept on the request). */
export interface ListedLead extends LeadRow {
  stage: Stage;
  firstContactAt: Date | null;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Leads, newest first. */
export async function listLeads(database: Database, opts: LeadFilter): Promise<ListedLead[]> {
  let query = database.db.selectFrom("leads").selectAll().orderBy("created_at", "desc").orderBy("id");
  if (opts.since) query = query.where("created_at", ">=", opts.since.toISOString());
  if (opts.until) query = query.where("created_at", "<", opts.until.toISOString());
  if (opts.kind) query = query.where("kind", "=", opts.kind);
  if (opts.stage) query = query.where("stage", "=", opts.stage);
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
  return (await query.execute()).map((row) => ({
    ...toLeadRow(row),
    stage: row.stage,
    firstContactAt: row.first_contact_at === null ? null : new Date(row.first_contact_at),
  }));
}
