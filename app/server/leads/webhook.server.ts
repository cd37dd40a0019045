/**
 * Posts a lead as JSON to LEAD_WEBHOOK_URL (a CRM or chat), signed with LEAD_WEBHOOK_SECRET so the receiver
 * can check it came from this site: X-Signature-SHA256: sha256=<hex HMAC-SHA256 of the exact body>.
 * A non-2xx answer, a network error or a timeout throws; the outbox retries.
 */
import { createHmac } from "node:crypto";
import type { Env } from "../env.server.ts";
import type { LeadRow } from "./store.server.ts";

export const signBody = (body: string, secret: string): string => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

/** What the receiver gets: the lead without the attachment and without the consent proof. */
export function webhookPayload(lead: LeadRow) {
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

export async function postLead(lead: LeadRow, env: Pick<Env, "LEAD_WEBHOOK_URL" | "LEAD_WEBHOOK_SECRET">, timeoutMs = 10_000): Promise<void> {
  if (!env.LEAD_WEBHOOK_URL || !env.LEAD_WEBHOOK_SECRET) throw failure("WEBHOOK_NOT_CONFIGURED");
  const body = JSON.stringify(webhookPayload(lead));
  const response = await fetch(env.LEAD_WEBHOOK_URL, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "User-Agent": "gem-state-leads/1",
      "X-Lead-Id": lead.id,
      "X-Signature-SHA256": signBody(body, env.LEAD_WEBHOOK_SECRET),
    },
    body,
    redirect: "manual", // a redirected POST would turn into a GET; a 3xx is a failure to fix in the settings
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.body?.cancel();
  if (!response.ok) throw failure(`HTTP_${response.status}`);
}
