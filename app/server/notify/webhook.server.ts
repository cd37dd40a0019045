/**
 * Posts a lead as JSON to LEAD_WEBHOOK_URL (a CRM or chat), signed with LEAD_WEBHOOK_SECRET so the receiver
 * can check it came from this site and refuse replays:
 *   X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<exact body>">
 *   Idempotency-Key: <outbox job id>   (the same on every retry of one delivery)
 * A non-2xx answer, a network error or a timeout throws; the outbox retries.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Env } from "../kit/env.server.ts";
import type { LeadRow } from "../kit/leads.server.ts";

/** The X-Signature header for `body` sent at `unixSeconds`. */
export const signBody = (body: string, secret: string, unixSeconds: number): string =>
  `t=${unixSeconds},v1=${createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex")}`;

/** What a receiver does (docs/owner-guide.md): the signature matches and its time is within `toleranceSeconds` of now. */
export function verifySignature(
  header: string,
  body: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = 300,
): boolean {
  const parts = new Map(header.split(",").map((p) => p.trim().split("=", 2) as [string, string]));
  const t = Number(parts.get("t"));
  const given = Buffer.from(parts.get("v1") ?? "", "utf8");
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signBody(body, secret, t).split(",v1=")[1]!, "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What the receiver gets: the lead without the attachment and without the consent proof. */
function webhookPayload(lead: LeadRow) {
  const { page, landingPage, referrer, utm, gclid } = lead.context;
  return {
    id: lead.id,
    kind: lead.kind,
    createdAt: lead.createdAt.toISOString(),
    fields: lead.fields,
    contact: lead.contact,
    attribution: { page, landingPage, referrer, utm, gclid },
    inServiceArea: lead.inServiceArea,
  };
}

const failure = (code: string) => Object.assign(new Error(`Webhook delivery failed: ${code}`), { code });

export async function postLead(
  lead: LeadRow,
  env: Pick<Env, "LEAD_WEBHOOK_URL" | "LEAD_WEBHOOK_SECRET">,
  jobId: string,
  timeoutMs = 10_000,
): Promise<void> {
  if (!env.LEAD_WEBHOOK_URL || !env.LEAD_WEBHOOK_SECRET) throw failure("WEBHOOK_NOT_CONFIGURED");
  const body = JSON.stringify(webhookPayload(lead));
  const response = await fetch(env.LEAD_WEBHOOK_URL, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "User-Agent": "gem-state-leads/1",
      "X-Lead-Id": lead.id,
      "Idempotency-Key": jobId,
      "X-Signature": signBody(body, env.LEAD_WEBHOOK_SECRET, Math.floor(Date.now() / 1000)),
    },
    body,
    redirect: "manual", // a redirected POST would turn into a GET; a 3xx is a failure to fix in the settings
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.body?.cancel();
  if (!response.ok) throw failure(`HTTP_${response.status}`);
}
