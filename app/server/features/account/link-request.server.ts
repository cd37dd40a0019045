/**
 * "Send me my link" (/account/link, issue 43): one field, an e-mail address or a mobile number. The answer is the
 * same whatever address or number is typed (a link is on its way if we know it), and takes the same time
 * (ANSWER_FLOOR_MS at least; an entry that is no address at all is told so at once),
 * so the page tells no one whether an address is a customer's. A link goes only to the address or number typed,
 * through the outbox, and only when a request with it exists (by e-mail: the "account-link" job; by text: the
 * texts feature's own rules, consent and STOP, decide, handed in as `sendText`). Limits (the site's rate limiter,
 * 10-minute windows): LEAD_RATE_LIMIT asks from one client, as for every form (5 by default), and
 * LINKS_PER_ADDRESS links to one address or number.
 */
import { randomUUID } from "node:crypto";
import type { Database } from "../../kit/db/database.server.ts";
import { checkRateLimit } from "../../kit/rate-limits.server.ts";
import { outboxJob } from "../../notify/jobs.server.ts";
import { latestRequestOf, typedContact } from "./customer.server.ts";
import { ACCOUNT_JOB_KINDS } from "./job-kinds.ts";

/** Links one address or number is sent in a 10-minute window (six an hour at most). */
export const LINKS_PER_ADDRESS = 1;
/** Every answer takes at least this long, whether a link was queued or not. */
export const ANSWER_FLOOR_MS = 400;
/** The longest entry read: an e-mail address is at most 254 characters. */
export const CONTACT_MAX = 254;

export type LinkAsk =
  /** The one answer for every address or number (sent or not). */
  | { outcome: "answered" }
  /** Not an e-mail address or a US phone number. */
  | { outcome: "unreadable" }
  /** This client asked too often: try again later. */
  | { outcome: "too-many"; retryAfterSeconds: number };

export async function askForLink(
  database: Database,
  {
    typed,
    clientIp,
    clientLimit,
    sendText,
    now = new Date(),
  }: {
    typed: string;
    clientIp: string;
    /** Asks one client may make in a 10-minute window (LEAD_RATE_LIMIT; 0: no limit). */
    clientLimit: number;
    /** Queues the text of the link to the request's number when its rules allow; the texts feature's. */
    sendText: (leadId: string) => Promise<unknown>;
    now?: Date;
  },
): Promise<LinkAsk> {
  const started = Date.now();
  const client = await checkRateLimit(database, `account-link:client:${clientIp}`, clientLimit, now);
  if (!client.allowed) return { outcome: "too-many", retryAfterSeconds: client.retryAfterSeconds };
  const contact = typed.length <= CONTACT_MAX ? typedContact(typed) : null;
  // Said at once: what was typed is no address at all, known or not.
  if (!contact) return { outcome: "unreadable" };
  const address = await checkRateLimit(
    database,
    `account-link:${contact.channel}:${contact.key}`,
    LINKS_PER_ADDRESS,
    now,
  );
  const leadId = address.allowed ? await latestRequestOf(database, contact) : null;
  if (leadId && contact.channel === "email") {
    await database.db
      .insertInto("outbox_jobs")
      .values(
        outboxJob(ACCOUNT_JOB_KINDS, {
          lead_id: leadId,
          kind: "account-link",
          ref: randomUUID(),
          created_at: now.toISOString(),
        }),
      )
      .execute();
  } else if (leadId) await sendText(leadId);
  const wait = ANSWER_FLOOR_MS - (Date.now() - started);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return { outcome: "answered" };
}
