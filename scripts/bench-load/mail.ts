/** The SMTP sink: a real SMTP server that records every message, and the mail checks. */
import { decode, headerValue, leaves, parsePart } from "../../tests/support/mime-reader.ts";
import { referenceOf } from "../../app/server/kit/reference.server.ts";
import { startSmtpSink as startSharedSmtpSink } from "../../tests/support/smtp-sink.ts";
import { onCleanup } from "./cleanup.ts";
import { check, list, type Check } from "./report.ts";

interface ReceivedMail {
  /** The lead id from the body's "Request ID" row; null when the message was cut short. */
  leadId: string | null;
  headerLeadId: string;
  messageId: string;
  at: number;
}

/** The visitor's reply (their confirmation e-mail), named by the request's reference in its X-Reference header. */
interface ReceivedReply {
  reference: string;
  at: number;
}

/** An owner's notice: its kind (X-Gemstate-Notice) and its text parts. */
export interface ReceivedNotice {
  kind: string;
  text: string;
  at: number;
}

export interface SmtpSink {
  /** The owner's notifications (and anything else that is not a reply). */
  messages: ReceivedMail[];
  replies: ReceivedReply[];
  /** The owner's notices that are about no one request (after a database outage: how many requests the journal kept). */
  notices: ReceivedNotice[];
  close(): Promise<void>;
}

/** The lead id in the text part's "Request ID: …" row of a raw message. */
function requestIdOf(raw: string): string | null {
  for (const part of leaves(parsePart(raw))) {
    if (!headerValue(part, "content-type").startsWith("text/plain")) continue;
    const match = /^Request ID: ([0-9a-f-]{36})\s*$/m.exec(decode(part));
    if (match) return match[1]!;
  }
  return null;
}

export async function startSmtpSink(port: number): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const replies: ReceivedReply[] = [];
  const notices: ReceivedNotice[] = [];
  const shared = await startSharedSmtpSink({
    port,
    onMessage(buffer) {
      const raw = buffer.toString("utf8");
      const head = parsePart(raw);
      // The owner's notice after requests were kept in the journal during a database outage (decision 046).
      const notice = headerValue(head, "x-gemstate-notice");
      if (notice)
        return void notices.push({
          kind: notice,
          text: leaves(head)
            .filter((part) => headerValue(part, "content-type").startsWith("text/plain"))
            .map(decode)
            .join("\n"),
          at: Date.now(),
        });
      const reference = headerValue(head, "x-reference");
      if (reference && !headerValue(head, "x-lead-id")) return void replies.push({ reference, at: Date.now() });
      messages.push({
        leadId: requestIdOf(raw),
        headerLeadId: headerValue(head, "x-lead-id"),
        messageId: headerValue(head, "message-id"),
        at: Date.now(),
      });
    },
  });
  const sink: SmtpSink = {
    messages,
    replies,
    notices,
    close: () => shared.close(),
  };
  onCleanup(() => sink.close());
  return sink;
}

interface MailTally {
  messages: number;
  /** Stored leads with no message. */
  missing: string[];
  /** Stored leads with more than one message, and how many extra messages in all. */
  repeated: string[];
  extra: number;
  /** Of the repeats, how many carried the same Message-ID as the first (a mail system can drop them). */
  repeatsWithSameMessageId: number;
  /** Messages about leads not in the database. */
  unknown: string[];
  /** Messages without a readable Request ID (cut short), or whose X-Lead-Id header disagrees with the body. */
  unreadable: number;
  headerMismatch: number;
  /** The visitors' replies: stored leads without one, extra replies to stored leads, replies to no stored lead. */
  replies: { messages: number; missing: string[]; extra: number; unknown: string[] };
}

export function tallyMail(sink: SmtpSink, leadIds: Iterable<string>): MailTally {
  const ids = new Set(leadIds);
  const byLead = new Map<string, ReceivedMail[]>();
  let unreadable = 0;
  let headerMismatch = 0;
  for (const mail of sink.messages) {
    if (!mail.leadId) {
      unreadable++;
      continue;
    }
    if (mail.headerLeadId !== mail.leadId) headerMismatch++;
    byLead.set(mail.leadId, [...(byLead.get(mail.leadId) ?? []), mail]);
  }
  const repeated = [...byLead].filter(([id, mails]) => ids.has(id) && mails.length > 1);
  return {
    messages: sink.messages.length,
    missing: [...ids].filter((id) => !byLead.has(id)),
    repeated: repeated.map(([id]) => id),
    extra: repeated.reduce((n, [, mails]) => n + mails.length - 1, 0),
    repeatsWithSameMessageId: repeated.reduce(
      (n, [, mails]) => n + mails.slice(1).filter((m) => m.messageId === mails[0]!.messageId).length,
      0,
    ),
    unknown: [...byLead.keys()].filter((id) => !ids.has(id)),
    unreadable,
    headerMismatch,
    replies: tallyReplies(sink, ids),
  };
}

function tallyReplies(sink: SmtpSink, ids: Set<string>): MailTally["replies"] {
  const count = new Map<string, number>();
  for (const reply of sink.replies) count.set(reply.reference, (count.get(reply.reference) ?? 0) + 1);
  const references = new Set([...ids].map(referenceOf));
  return {
    messages: sink.replies.length,
    missing: [...ids].filter((id) => !count.has(referenceOf(id))),
    extra: [...count].reduce((n, [reference, times]) => n + (references.has(reference) ? times - 1 : 0), 0),
    unknown: [...count.keys()].filter((reference) => !references.has(reference)),
  };
}

/** The checks that every stored lead was e-mailed to the owner and replied to, each once. */
export function mailChecks(tally: MailTally): Check[] {
  const checks = [
    check(
      "every stored request was e-mailed",
      tally.missing.length === 0,
      `${tally.messages} messages received; leads without a message: ${list(tally.missing)}`,
    ),
    check(
      "no message about a request that is not stored",
      tally.unknown.length === 0 && tally.unreadable === 0 && tally.headerMismatch === 0,
      `unknown lead ids: ${list(tally.unknown)}; unreadable messages: ${tally.unreadable}; X-Lead-Id ≠ Request ID: ${tally.headerMismatch}`,
    ),
  ];
  const replies = tally.replies;
  checks.push(
    check(
      "every visitor got the reply to their request, none about another",
      replies.missing.length === 0 && replies.unknown.length === 0,
      `${replies.messages} replies received; leads without a reply: ${list(replies.missing)}; replies to no stored request: ${list(replies.unknown)}`,
    ),
  );
  checks.push(
    check(
      "each request e-mailed exactly once",
      tally.repeated.length === 0,
      `leads with more than one message: ${tally.repeated.length} (${tally.extra} extra messages)`,
    ),
    check("each visitor replied to exactly once", replies.extra === 0, `extra replies: ${replies.extra}`),
  );
  return checks;
}
