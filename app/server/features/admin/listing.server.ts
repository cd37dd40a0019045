/** The owner's list of requests, filtered (the inbox, the CSV and spreadsheet exports, the command line). */
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from "kysely";
import type { Database } from "../../kit/db/database.server.ts";
import type { DB } from "../../kit/db/tables.server.ts";
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

/**
 * Where a page of the list ends: the last request shown (its time received and id). The next page starts after
 * it, so a request that arrives meanwhile never pushes one from a page onto the next (docs/decisions/045).
 */
export interface LeadCursor {
  createdAt: string;
  id: string;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The leads `opts` chooses, as SQL (the indexes of migrations 0001, 0013 and 0020 serve each filter). */
function filtered(database: Database, opts: LeadFilter): SelectQueryBuilder<DB, "leads", object> {
  let query = database.db.selectFrom("leads");
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
  return query;
}

const listed = (row: Parameters<typeof toLeadRow>[0]): ListedLead => ({
  ...toLeadRow(row),
  stage: row.stage,
  firstContactAt: row.first_contact_at === null ? null : new Date(row.first_contact_at),
});

/** The leads listed after `before`: older, or received in the same millisecond with a smaller id. */
// The first condition alone lets the database seek in its index (an OR alone made SQLite read the whole table).
const after = (before: LeadCursor) => (eb: ExpressionBuilder<DB, "leads">) =>
  eb.and([
    eb("created_at", "<=", before.createdAt),
    eb.or([eb("created_at", "<", before.createdAt), eb("id", "<", before.id)]),
  ]);

/** One page of leads, newest first, after `before` (or from the newest); `older` is where the next page starts. */
export async function leadPage(
  database: Database,
  opts: LeadFilter,
  { before, limit }: { before?: LeadCursor | null; limit: number },
): Promise<{ leads: ListedLead[]; older: LeadCursor | null }> {
  let query = filtered(database, opts).selectAll().orderBy("created_at", "desc").orderBy("id", "desc");
  if (before) query = query.where(after(before));
  const rows = await query.limit(limit + 1).execute();
  const leads = rows.slice(0, limit).map(listed);
  const last = leads.at(-1);
  return {
    leads,
    older: rows.length > limit && last ? { createdAt: last.createdAt.toISOString(), id: last.id } : null,
  };
}

/** How many leads `opts` chooses (one count in the database). */
export async function countLeads(database: Database, opts: LeadFilter): Promise<number> {
  const row = await filtered(database, opts)
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every lead `opts` chooses, newest first, `size` at a time: an export holds one batch, never the whole list. */
export async function* leadBatches(database: Database, opts: LeadFilter, size = 500): AsyncGenerator<ListedLead[]> {
  let before: LeadCursor | null = null;
  do {
    const page = await leadPage(database, opts, { before, limit: size });
    if (page.leads.length) yield page.leads;
    before = page.older;
  } while (before);
}

/** Leads, newest first (the whole list: the command line and the tests; the inbox and the exports page). */
export async function listLeads(database: Database, opts: LeadFilter): Promise<ListedLead[]> {
  const all: ListedLead[] = [];
  for await (const batch of leadBatches(database, opts, 1000)) all.push(...batch);
  return all;
}

/**
 * The form-value keys and utm keys of the leads `opts` chooses, in the order the newest first shows them (the
 * exports' columns), read `size` rows at a time and only those two columns: the keys are kept, not the rows.
 */
export async function leadKeys(
  database: Database,
  opts: LeadFilter,
  size = 2000,
): Promise<{ fieldKeys: Set<string>; utmKeys: Set<string> }> {
  const fieldKeys = new Set<string>();
  const utmKeys = new Set<string>();
  let before: LeadCursor | null = null;
  for (;;) {
    let query = filtered(database, opts)
      .select(["id", "created_at", "fields", "attribution"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc");
    if (before) query = query.where(after(before));
    const rows = await query.limit(size).execute();
    for (const row of rows) {
      for (const key of Object.keys(JSON.parse(row.fields) as object)) fieldKeys.add(key);
      const { utm } = JSON.parse(row.attribution) as { utm?: object };
      for (const key of Object.keys(utm ?? {})) utmKeys.add(key);
    }
    const last = rows.at(-1);
    if (rows.length < size || !last) return { fieldKeys, utmKeys };
    before = { createdAt: last.created_at, id: last.id };
  }
}
