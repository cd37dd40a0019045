/**
 * The owner's view of the requests, from the command line. Reads the same settings
 * (DATA_DIR or DATABASE_URL) as the server.
 *
 *   npm run leads -- list [--since 7d] [--kind estimate|contact|newsletter|application] [--json|--csv|--xlsx FILE]
 *   npm run leads -- show ID|REFERENCE
 *   npm run leads -- subscribers [--json|--csv]
 *   npm run leads -- owner add EMAIL      (the password is read from standard input)
 *   npm run leads -- owner list
 *   npm run leads -- owner remove EMAIL
 *   npm run leads -- backup FILE           (SQLite: a consistent copy, while the site serves)
 *   npm run leads -- restore FILE          (SQLite: checks the copy, then restores it into DATA_DIR; the server must be stopped)
 *
 * --since takes a number of days (7d), hours (12h) or minutes (30m), or a date (2025-06-01).
 * For a CSV file: npm run -s leads -- list --csv > leads.csv
 * For an Excel workbook: npm run leads -- list --xlsx leads.xlsx (written to the file, readable by its owner only)
 */
import { writeFile } from "node:fs/promises";
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { z } from "zod";
import {
  addOwner,
  listOwners,
  normalizeEmail,
  OwnerExistsError,
  removeOwner,
} from "../app/server/features/admin/auth.server.ts";
import { passwordProblem } from "../app/server/features/admin/passwords.server.ts";
import { BackupError, backupDatabase, restoreDatabase } from "../app/server/kit/db/backup.server.ts";
import { openDatabase, type Database } from "../app/server/kit/db/database.server.ts";
import { databaseProblem } from "../app/server/kit/db/start-problems.server.ts";
import { EnvError, parseEnv, type Env } from "../app/server/kit/env.server.ts";
import { formatField, formatPhone, formatTime, labelFor, oneLine } from "../app/server/notify/labels.server.ts";
import { listConfirmedSubscribers } from "../app/server/features/newsletter/subscriptions.server.ts";
import { newsletterLink, linkSecret } from "../app/server/kit/signed-links.server.ts";
import { idPrefixOf, referenceOf } from "../app/server/kit/reference.server.ts";
import { LEAD_KINDS, type LeadKind } from "../app/server/kit/lead-kinds.server.ts";
import { listLeads } from "../app/server/features/admin/listing.server.ts";
import { getLead, type LeadRow } from "../app/server/kit/leads.server.ts";
import { areaText, leadsCsv } from "../app/server/features/admin/export.server.ts";
import { toCsv } from "../app/server/features/admin/csv.server.ts";
import { leadsXlsx } from "../app/server/features/admin/xlsx.server.ts";
import { leadMoney } from "../app/server/features/admin/books.server.ts";

/** The database, or an EnvError saying which one could not be opened and why (printed without a stack trace). */
function openOrSay(env: Pick<Env, "DATA_DIR" | "DATABASE_URL" | "HASH_SECRET">): Promise<Database> {
  return openDatabase(env).catch((error: unknown) => {
    throw databaseProblem(error, env);
  });
}

const USAGE = `Usage:
  npm run leads -- list [--since 7d] [--kind estimate|contact|newsletter|application] [--json|--csv|--xlsx FILE]
  npm run leads -- show ID|REFERENCE       (the reference a visitor quotes, e.g. GS-1A2B-3C4D)
  npm run leads -- subscribers [--json|--csv]   (confirmed newsletter subscribers only)
  npm run leads -- owner add EMAIL       (password from standard input, at least 12 characters)
  npm run leads -- owner list
  npm run leads -- owner remove EMAIL
  npm run leads -- backup FILE           (a consistent copy of the database, while the site serves)
  npm run leads -- restore FILE          (checks the copy, then restores it into DATA_DIR; stop the server first)`;

/** An error the owner can fix; printed without a stack trace. Exit code 2 for a wrong command line, 1 otherwise. */
class CliError extends Error {
  exitCode: number;
  constructor(message: string, exitCode = 2) {
    super(message);
    this.exitCode = exitCode;
  }
}

/** "7d", "12h", "30m" before now, or a calendar date. */
export function parseSince(value: string, now = new Date()): Date {
  const relative = /^(\d+)([dhm])$/.exec(value);
  if (relative)
    return new Date(
      now.getTime() - Number(relative[1]) * { d: 86_400_000, h: 3_600_000, m: 60_000 }[relative[2] as "d" | "h" | "m"],
    );
  const date = new Date(value);
  if (/^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(date.getTime())) return date;
  throw new CliError(`--since: expected something like 7d, 12h, 30m or 2025-06-01, got ${JSON.stringify(value)}`);
}

/** Keeps line breaks, shows every other control character as � (oneLine: a stored value must not drive the terminal). */
const printable = (value: string) =>
  value
    .split(/\r\n|\r|\n/)
    .map(oneLine)
    .join("\n");

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

function listTable(leads: LeadRow[]): string {
  if (leads.length === 0) return "No requests.";
  const header = ["Received", "Kind", "Name", "E-mail", "Phone", "ZIP", "In area", "Delivery", "ID"];
  const body = leads.map((lead) =>
    [
      formatTime(lead.createdAt),
      lead.kind,
      lead.contact.name ?? "",
      lead.contact.email,
      formatPhone(lead.contact.phone),
      lead.contact.zip ?? "",
      areaText(lead.inServiceArea),
      lead.deliveryStatus,
      lead.id,
    ].map(oneLine),
  );
  return `${table([header, ...body])}\n${leads.length} request${leads.length === 1 ? "" : "s"}.`;
}

/** The id of the request a reference (GS-1A2B-3C4D) names; an id is returned as it is. */
async function resolveId(database: Database, idOrReference: string): Promise<string> {
  const prefix = idPrefixOf(idOrReference);
  if (!prefix) return idOrReference;
  const rows = await database.db.selectFrom("leads").select("id").where("id", "like", `${prefix}-%`).execute();
  if (rows.length > 1)
    throw new CliError(
      `The reference ${idOrReference} matches ${rows.length} requests: ${rows.map((r) => r.id).join(", ")}. Show one by its id.`,
      1,
    );
  return rows[0]?.id ?? idOrReference;
}

async function show(database: Database, idOrReference: string): Promise<string> {
  const id = await resolveId(database, idOrReference);
  const lead = await getLead(database, id);
  if (!lead)
    throw new CliError(
      `No request with id or reference ${JSON.stringify(idOrReference)}. List them with: npm run leads -- list`,
      1,
    );
  const { contact, consent, context } = lead;
  const section = (title: string, rows: [string, string][]) =>
    [title, ...rows.map(([label, value]) => `  ${label}: ${printable(value).split("\n").join("\n    ")}`)].join("\n");
  return [
    `Request ${lead.id} (${lead.kind}, reference ${referenceOf(lead.id)}), received ${formatTime(lead.createdAt)}; delivery ${lead.deliveryStatus}`,
    section(
      "Fields",
      Object.entries(lead.fields).map(([key, value]) => [labelFor(key), formatField(value)]),
    ),
    section("Contact", [
      ["Name", contact.name ?? ""],
      ["E-mail", contact.email],
      ["Phone", formatPhone(contact.phone)],
      ["ZIP code", contact.zip ?? ""],
      ["In service area", areaText(lead.inServiceArea)],
    ]),
    section("Consent proof", [
      [
        "Text-message consent",
        consent
          ? `given ${consent.at.toISOString()} (${formatTime(consent.at)}), wording ${consent.version}`
          : "not given",
      ],
      ["Text shown", consent?.text ?? ""],
      ["Page", context.page],
      ["IP address", context.ip],
      ["User agent", context.userAgent],
    ]),
    section("Attribution", [
      ["Sent from page", context.page],
      ["Landing page", context.landingPage ?? ""],
      ["Referrer", context.referrer ?? ""],
      ...Object.entries(context.utm),
      ["gclid", context.gclid ?? ""],
    ]),
    section("Attachment", [
      [
        "File",
        lead.attachment
          ? `${lead.attachment.filename} (${lead.attachment.contentType}, ${lead.attachment.size} bytes)`
          : "none",
      ],
    ]),
    section(
      "Photos (open them in the inbox, /admin/requests/<id>/photos/<n>)",
      lead.photos.length
        ? lead.photos.map((p): [string, string] => [
            String(p.n),
            `${p.filename} (${p.width}×${p.height}, ${p.size} bytes)`,
          ])
        : [["Photos", "none"]],
    ),
    section(
      "Delivery jobs",
      lead.jobs.map((job) => [
        job.kind,
        [
          job.status,
          `${job.attempts} attempt${job.attempts === 1 ? "" : "s"}`,
          job.sentAt
            ? `sent ${formatTime(job.sentAt)}`
            : job.status === "pending"
              ? `next try ${formatTime(job.nextAttemptAt)}`
              : "",
          job.lastError ? `last error ${job.lastError}` : "",
        ]
          .filter(Boolean)
          .join(", "),
      ]),
    ),
  ].join("\n\n");
}

/**
 * Confirmed subscribers only (double opt-in), with the unsubscribe link to put in each e-mail sent to them:
 * in the body and as the List-Unsubscribe header (<link>) with List-Unsubscribe-Post: List-Unsubscribe=One-Click.
 */
async function subscribers(database: Database, env: Env, format: "table" | "json" | "csv"): Promise<string> {
  const secret = await linkSecret(database, env);
  const rows = (await listConfirmedSubscribers(database)).map((s) => ({
    email: s.email,
    confirmedAt: s.confirmedAt,
    signedUpAt: s.signedUpAt,
    unsubscribeUrl: newsletterLink("unsubscribe", s.leadId, secret, env.SITE_URL),
  }));
  if (format === "json") return JSON.stringify(rows, null, 2);
  if (format === "csv")
    return toCsv([
      ["E-mail", "Confirmed (UTC)", "Signed up (UTC)", "Unsubscribe link"],
      ...rows.map((r) => [r.email, r.confirmedAt?.toISOString(), r.signedUpAt.toISOString(), r.unsubscribeUrl]),
    ]);
  if (rows.length === 0) return "No confirmed subscribers.";
  return `${table([["Confirmed", "E-mail"], ...rows.map((r) => [r.confirmedAt ? formatTime(r.confirmedAt) : "", oneLine(r.email)])])}\n${rows.length} confirmed subscriber${rows.length === 1 ? "" : "s"}.`;
}

/** Standard input: a piped password (up to the first line break), or one typed at a terminal without echo. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = "";
    for await (const chunk of process.stdin) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? "";
  }
  process.stderr.write("Password (at least 12 characters; not shown): ");
  const rl = createInterface({
    input: process.stdin,
    output: new Writable({ write: (_c, _e, done) => done() }),
    terminal: true,
  });
  const line = await new Promise<string>((resolve) => rl.once("line", resolve));
  rl.close();
  process.stderr.write("\n");
  return line;
}

const ownerEmail = z.email().max(254);

async function owner(argv: string[], stdin: () => Promise<string>): Promise<string> {
  const [sub, email, ...rest] = argv;
  if (rest.length > 0 || !(sub === "list" ? email === undefined : (sub === "add" || sub === "remove") && email))
    throw new CliError(USAGE);
  if (email !== undefined && !ownerEmail.safeParse(normalizeEmail(email)).success)
    throw new CliError(`Not an e-mail address: ${JSON.stringify(email)}`);
  let password = "";
  if (sub === "add") {
    password = await stdin();
    const problem = passwordProblem(password);
    if (problem) throw new CliError(`${problem} Nothing was changed.`, 1);
  }
  const database = await openOrSay(parseEnv({ MAIL_TRANSPORT: "files", ...process.env }));
  try {
    if (sub === "add") {
      try {
        await addOwner(database, email!, password);
      } catch (err) {
        if (err instanceof OwnerExistsError)
          throw new CliError(`${err.message} Remove it first to set a new password.`, 1);
        throw err;
      }
      return `Owner ${normalizeEmail(email!)} added: sign in at /admin/sign-in.`;
    }
    if (sub === "remove") {
      if (!(await removeOwner(database, email!)))
        throw new CliError(`No owner account for ${normalizeEmail(email!)}.`, 1);
      return `Owner ${normalizeEmail(email!)} removed; their sessions are ended.`;
    }
    const owners = await listOwners(database);
    if (owners.length === 0) return "No owner accounts. Add one with: npm run leads -- owner add you@example.com";
    return table([
      ["E-mail", "Added", "Sessions"],
      ...owners.map((o) => [o.email, formatTime(o.createdAt), String(o.sessions)]),
    ]);
  } finally {
    await database.close();
  }
}

/** backup FILE / restore FILE: SQLite only; PostgreSQL has its own tools. */
function backupOrRestore(command: "backup" | "restore", argv: string[]): string {
  const [file, ...rest] = argv;
  if (!file || rest.length > 0 || file.startsWith("-")) throw new CliError(USAGE);
  const env = parseEnv({ MAIL_TRANSPORT: "files", ...process.env });
  if (env.DATABASE_URL) {
    throw new CliError(
      command === "backup"
        ? 'The database is PostgreSQL (DATABASE_URL is set): back it up with pg_dump, e.g. pg_dump --format=custom --file=FILE "$DATABASE_URL"'
        : 'The database is PostgreSQL (DATABASE_URL is set): restore it with pg_restore, e.g. pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" FILE',
      1,
    );
  }
  try {
    if (command === "backup") {
      const { bytes } = backupDatabase(env.DATA_DIR, file);
      return `Backed up ${env.DATA_DIR} to ${file} (${bytes} bytes; integrity check ok).`;
    }
    const { keptAs } = restoreDatabase(env.DATA_DIR, file);
    return `Restored ${file} into ${env.DATA_DIR} (integrity check ok).${keptAs ? ` The database it replaced is kept as ${keptAs}.` : ""} Start the server again.`;
  } catch (err) {
    if (err instanceof BackupError) throw new CliError(err.message, 1);
    throw err;
  }
}

export async function main(argv: string[], stdin: () => Promise<string> = readPassword): Promise<string> {
  if (argv[0] === "owner") return owner(argv.slice(1), stdin);
  if (argv[0] === "backup" || argv[0] === "restore") return backupOrRestore(argv[0], argv.slice(1));
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      since: { type: "string" },
      kind: { type: "string" },
      json: { type: "boolean" },
      csv: { type: "boolean" },
      xlsx: { type: "string" },
    },
  });
  const [command, id, ...rest] = positionals;
  if (rest.length > 0 || (command === "show" ? !id : (command !== "list" && command !== "subscribers") || id))
    throw new CliError(USAGE);
  if (command === "subscribers" && (values.kind !== undefined || values.since !== undefined))
    throw new CliError("subscribers takes only --json or --csv.");
  if ([values.json, values.csv, values.xlsx !== undefined].filter(Boolean).length > 1)
    throw new CliError("Choose one of --json, --csv and --xlsx.");
  if (command !== "list" && values.xlsx !== undefined) throw new CliError("--xlsx is for list only.");
  if (values.xlsx !== undefined && !values.xlsx.endsWith(".xlsx"))
    throw new CliError(`--xlsx: give the file to write, ending in .xlsx (got ${JSON.stringify(values.xlsx)}).`);
  const kind = values.kind as LeadKind | undefined;
  if (kind !== undefined && !LEAD_KINDS.includes(kind))
    throw new CliError(`--kind: expected one of ${LEAD_KINDS.join(", ")}`);
  const since = values.since === undefined ? undefined : parseSince(values.since);

  // This tool sends no e-mail, so the mail settings the server needs do not apply here.
  const env = parseEnv({ MAIL_TRANSPORT: "files", ...process.env });
  const database = await openOrSay(env);
  try {
    if (command === "show") return await show(database, id!);
    if (command === "subscribers")
      return await subscribers(database, env, values.json ? "json" : values.csv ? "csv" : "table");
    const leads = await listLeads(database, { since, kind });
    if (values.json) return JSON.stringify(leads, null, 2);
    const money = () =>
      leadMoney(
        database,
        leads.map((lead) => lead.id),
      );
    if (values.csv) return leadsCsv(leads, undefined, await money());
    if (values.xlsx !== undefined) {
      // Personal data: readable by its owner only, like a backup.
      await writeFile(values.xlsx, await leadsXlsx(leads, undefined, await money()), { mode: 0o600 });
      return `Wrote ${leads.length} request${leads.length === 1 ? "" : "s"} to ${values.xlsx} (Excel workbook).`;
    }
    return listTable(leads);
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  main(process.argv.slice(2)).then(
    (output) => process.stdout.write(output.endsWith("\n") ? output : `${output}\n`),
    (err: unknown) => {
      const badArgs = String((err as { code?: unknown }).code).startsWith("ERR_PARSE_ARGS");
      console.error(err instanceof CliError || err instanceof EnvError || badArgs ? (err as Error).message : err);
      process.exitCode = err instanceof CliError ? err.exitCode : badArgs ? 2 : 1;
    },
  );
}
