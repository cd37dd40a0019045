import { describe, expect, it } from "vitest";
import { readReceipt, receiptPath, RECEIPT_TTL_MS } from "./signed-links.server.ts";

const secret = "k".repeat(32);
const id = "6f1c2a9e-4b7d-4c1e-9a55-0d3e8f7b1c22";
const ref = (path: string) => path.replace("/request-received/", "");

describe("confirmation links", () => {
  it("name the stored request, and only the server can make one", () => {
    const now = new Date("2026-11-23T08:00:00Z");
    const path = receiptPath({ leadId: id, kind: "contact", duplicate: false }, secret, now);
    expect(path).toMatch(/^\/request-received\/[\w.-]+$/);
    expect(readReceipt(ref(path), secret, now)).toEqual({ leadId: id, kind: "contact", duplicate: false });
    expect(readReceipt(ref(path), "x".repeat(32), now)).toBeNull();
    expect(readReceipt(ref(path).replace(id, "6f1c2a9e-4b7d-4c1e-9a55-0d3e8f7b1c23"), secret, now)).toBeNull();
    expect(readReceipt(ref(path).replace(".contact.", ".newsletter."), secret, now)).toBeNull();
    expect(readReceipt(`${id}.contact.zzzzzz.0.`, secret, now)).toBeNull();
    expect(readReceipt("anything", secret, now)).toBeNull();
  });

  it("expire after half an hour", () => {
    const now = new Date("2026-11-23T08:00:00Z");
    const path = receiptPath({ leadId: id, kind: "estimate", duplicate: true }, secret, now);
    expect(readReceipt(ref(path), secret, new Date(now.getTime() + RECEIPT_TTL_MS - 1000))).toMatchObject({
      duplicate: true,
    });
    expect(readReceipt(ref(path), secret, new Date(now.getTime() + RECEIPT_TTL_MS + 1000))).toBeNull();
  });
});
