/**
 * The link to a confirmation page after a form sent without JavaScript (Post/Redirect/Get): it names the
 * stored request and is signed and short-lived, so no one reads another visitor's request by guessing or
 * keeping a URL. `/request-received/<lead id>.<kind>.<expiry>.<duplicate>.<signature>`
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { LEAD_KINDS, type LeadKind } from "./leads/kinds.server.ts";

export const RECEIPT_TTL_MS = 30 * 60_000;

export interface Receipt {
  /** The stored request; "" for a submission turned away as spam (nothing stored, an ordinary confirmation). */
  leadId: string;
  kind: LeadKind;
  duplicate: boolean;
}

const sign = (secret: string, payload: string) =>
  createHmac("sha256", secret).update(payload).digest("base64url").slice(0, 32);

export function receiptPath(receipt: Receipt, secret: string, now = new Date()): string {
  const payload = [
    receipt.leadId || "0",
    receipt.kind,
    Math.ceil((now.getTime() + RECEIPT_TTL_MS) / 1000).toString(36),
    receipt.duplicate ? "1" : "0",
  ].join(".");
  return `/request-received/${payload}.${sign(secret, payload)}`;
}

/** The receipt a link names, or null when it is forged, altered or expired. */
export function readReceipt(ref: string, secret: string, now = new Date()): Receipt | null {
  const parts = ref.split(".");
  if (parts.length !== 5) return null;
  const [leadId = "", kind = "", expiry = "", duplicate = "", signature = ""] = parts;
  const expected = Buffer.from(sign(secret, parts.slice(0, 4).join(".")));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!(LEAD_KINDS as readonly string[]).includes(kind) || Number.parseInt(expiry, 36) * 1000 < now.getTime())
    return null;
  return { leadId: leadId === "0" ? "" : leadId, kind: kind as LeadKind, duplicate: duplicate === "1" };
}
