/**
 * The owner's e-mail after a database outage (docs/decisions/046-outage-journal.md): how many requests were
 * kept in the journal and reached the database afterwards, and the longest any waited. Each request was also
 * e-mailed on its own, as usual; this one says why they came late. Nothing personal: counts and times.
 */
import type Mail from "nodemailer/lib/mailer";
import { business } from "../../../content/business.ts";
import type { Env } from "../../kit/env.server.ts";
import type { Delivery } from "../../notify/delivery.server.ts";
import { formatTime } from "../../notify/labels.server.ts";
import { ownerSummaryHtml } from "../../notify/mail.server.ts";

/** What the job carries: how many waited, the longest wait, and when the first was kept and the last stored. */
export interface ReplayedPayload {
  count: number;
  longestWaitMs: number;
  firstKeptAt: string;
  lastStoredAt: string;
}

export function replayedPayload(value: unknown): ReplayedPayload {
  const p = value as Partial<ReplayedPayload> | null;
  if (
    !p ||
    !Number.isSafeInteger(p.count) ||
    !Number.isSafeInteger(p.longestWaitMs) ||
    typeof p.firstKeptAt !== "string" ||
    typeof p.lastStoredAt !== "string"
  )
    throw Object.assign(new Error("malformed journal-replayed payload"), { code: "BAD_PAYLOAD" });
  return p as ReplayedPayload;
}

/** "4 seconds", "3 minutes", "2 hours 5 minutes". */
export function waitLabel(ms: number): string {
  const s = Math.max(1, Math.round(ms / 1000));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (s < 120) return unit(s, "second");
  const minutes = Math.round(s / 60);
  if (minutes < 120) return unit(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${unit(hours, "hour")} ${unit(minutes % 60, "minute")}` : unit(hours, "hour");
}

export function composeReplayedEmail(
  { jobId, job }: Pick<Delivery, "jobId" | "job">,
  env: Pick<Env, "MAIL_FROM" | "LEADS_TO" | "SITE_URL">,
): Mail.Options {
  const p = replayedPayload(job.payload);
  const requests = p.count === 1 ? "1 request" : `${p.count} requests`;
  const title = `The database was away: ${requests} kept and now stored`;
  const rows: [string, string][] = [
    ["Requests kept meanwhile", String(p.count)],
    ["Longest wait", waitLabel(p.longestWaitMs)],
    ["First kept", formatTime(new Date(p.firstKeptAt))],
    ["All stored by", formatTime(new Date(p.lastStoredAt))],
  ];
  const paragraphs = [
    "The website could not reach its database for a while. Visitors who sent a form meanwhile were told it was received, and their requests were kept on the server's disk until the database answered again.",
    "Each of them is now in the inbox and was e-mailed to you as usual, later than it was sent. The inbox shows when each was sent.",
  ];
  const link = `${env.SITE_URL.replace(/\/$/, "")}/admin`;
  return {
    from: { name: `${business.name} website`, address: env.MAIL_FROM },
    to: env.LEADS_TO,
    subject: title,
    messageId: `<journal-replayed-${jobId}@${env.MAIL_FROM.split("@").pop()}>`,
    headers: { "X-Gemstate-Notice": "journal-replayed" },
    text: [title, "", ...rows.map(([label, value]) => `${label}: ${value}`), "", ...paragraphs, "", link].join("\n"),
    html: ownerSummaryHtml({ title, rows, paragraphs, link }),
  };
}
