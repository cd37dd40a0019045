/**
 * Whether a database error means the database is away (unreachable, timed out, locked past the busy timeout),
 * as opposed to a refusal of what was asked (a constraint, a bad query): only the first may be journaled and
 * replayed later (docs/decisions/046-outage-journal.md); the second would fail the same way on replay.
 */

/** Node's network errors on the way to PostgreSQL. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EHOSTDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

/**
 * PostgreSQL SQLSTATEs of a server that is not answering: class 08 (connection exception), 57P01–57P03 (shut
 * down, crashed, starting), 53300 (too many connections), 57014 (a statement cancelled by statement_timeout).
 */
const PG_AWAY = /^(08...|57P0[123]|53300|57014)$/;

/** node-postgres's own messages when the connection fails or a query gets no answer in time. */
const PG_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection terminated due to connection timeout)/;

/** SQLite's primary result codes: 5 SQLITE_BUSY and 6 SQLITE_LOCKED ("database is locked" past busy_timeout). */
const SQLITE_AWAY = new Set([5, 6]);

export function isDatabaseAway(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  if (typeof code === "string" && (NETWORK_CODES.has(code) || PG_AWAY.test(code))) return true;
  if (typeof errcode === "number" && SQLITE_AWAY.has(errcode & 0xff)) return true;
  if (PG_MESSAGES.test(error.message)) return true;
  if (error instanceof AggregateError && error.errors.some((e) => isDatabaseAway(e, depth + 1))) return true;
  return isDatabaseAway(error.cause, depth + 1);
}
