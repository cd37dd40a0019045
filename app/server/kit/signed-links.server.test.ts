import { describe, expect, it } from "vitest";
import {
  accountToken,
  quoteToken,
  readAccountToken,
  readQuoteToken,
  readReminderToken,
  reminderPath,
  reminderToken,
  readSignedToken,
  signedToken,
  readNewsletterToken,
  readReceipt,
  readToken,
  sameSecret,
  unseal,
} from "./signed-links.server.ts";

// Links e-mailed to customers before every signer used this module (made by the earlier code with this key on
// 2026-11-26 12:00 UTC). They must keep working for their whole lifetime.
const secret = "k".repeat(64);
const made = new Date("2026-11-26T12:00:00Z");
const id = "6f1c2a9e-4b7d-4c1e-9a55-0d3e8f7b1c22";
const EARLIER = {
  confirm: "c.6f1c2a9e-4b7d-4c1e-9a55-0d3e8f7b1c22.tpgxc0.LyPC2cbsjkshGnnK0d4oZziLzaaZE7jM",
  unsubscribe: "u.6f1c2a9e-4b7d-4c1e-9a55-0d3e8f7b1c22.u7vw00.mtCglIuvpHIim0zIIR00CbI5X87wHgwN",
  book: "b.6f1c2a9e-4b7d-4c1e-9a55-0d3e8f7b1c22.tptw00.mJWX13BbO9xIAOIAg2Eaz9NwFgHqc5f9",
  manage: "m.6f1c2a9e-4b7d-4c1e-9a55-0d3e8f7b1c22.tva6o0.1lA6CQKTS2ygm0EO7QtMZqLkaKIDiT6G",
  optOut: "o.6f1c2a9e-4b7d-4c1e-9a55-0d3e8f7b1c22.u7vw00.t_qcwllEiqR2na0L7wuB89UsrieiqVJn",
  receipt: "6f1c2a9e-4b7d-4c1e-9a55-0d3e8f7b1c22.estimate.tp4020.1.NVfgzTVg16hYBh8v8r937sQ1FCf-88Nq",
  spamReceipt: "0.contact.tp4020.0.3Uy6sosSJAvhwsJkrbRdZuQmG5TvcnYu",
};
const day = 86_400_000;
const later = (ms: number) => new Date(made.getTime() + ms);

describe("links already sent keep working", () => {
  it("newsletter confirmation (7 days) and unsubscribe (a year) links", () => {
    expect(readNewsletterToken(EARLIER.confirm, "confirm", secret, later(6 * day))).toEqual({ leadId: id });
    expect(readNewsletterToken(EARLIER.confirm, "confirm", secret, later(8 * day))).toBe("expired");
    expect(readNewsletterToken(EARLIER.unsubscribe, "unsubscribe", secret, later(364 * day))).toEqual({ leadId: id });
    expect(readNewsletterToken(EARLIER.unsubscribe, "confirm", secret, made)).toBe("invalid");
  });

  it("booking links: choosing a window, managing a booking, opting out of the review request", () => {
    expect(readSignedToken(EARLIER.book, "book", secret, later(13 * day))).toEqual({ id });
    expect(readSignedToken(EARLIER.manage, "manage", secret, later(119 * day))).toEqual({ id });
    expect(readSignedToken(EARLIER.optOut, "review-opt-out", secret, later(364 * day))).toEqual({ id });
    expect(readSignedToken(EARLIER.manage, "book", secret, made)).toBe("invalid");
    // Same key, another family: a booking token is no newsletter token.
    expect(readNewsletterToken(EARLIER.book, "confirm", secret, made)).toBe("invalid");
  });

  it("the receipt page's links, of a stored request and of one turned away", () => {
    expect(readReceipt(EARLIER.receipt, secret, later(29 * 60_000))).toEqual({
      leadId: id,
      kind: "estimate",
      duplicate: true,
    });
    expect(readReceipt(EARLIER.spamReceipt, secret, made)).toEqual({ leadId: "", kind: "contact", duplicate: false });
    expect(readReceipt(EARLIER.receipt, secret, later(31 * 60_000))).toBeNull();
  });
});

describe("the signer", () => {
  it("refuses altered, re-keyed, over-long and misshapen tokens", () => {
    const altered = EARLIER.book.replace(".tptw00.", ".tptw01.");
    expect(readToken(altered, "booking-links", "b", secret, made)).toBe("invalid");
    expect(readToken(EARLIER.book, "booking-links", "b", "x".repeat(64), made)).toBe("invalid");
    expect(readToken(`${EARLIER.book}${"a".repeat(200)}`, "booking-links", "b", secret, made)).toBe("invalid");
    expect(unseal("a.b", 2, secret)).toBeNull();
  });

  it("compares a random token whatever its length", () => {
    expect(sameSecret("abc", "abc")).toBe(true);
    expect(sameSecret("abc", "abcd")).toBe(false);
  });
});

describe("quote links", () => {
  const secret = "q".repeat(32);
  const sentAt = new Date("2030-03-02T17:00:00Z");
  it("name one quote version, work until 30 days after the quote's last day, then say expired", () => {
    const token = quoteToken("version-1", "2030-03-31", secret, sentAt);
    expect(readQuoteToken(token, secret, new Date("2030-04-29T12:00:00Z"))).toEqual({ id: "version-1" });
    expect(readQuoteToken(token, secret, new Date("2030-05-02T12:00:00Z"))).toBe("expired");
  });
  it("are no other family's link, and no other family's link is one", () => {
    const token = quoteToken("lead-1", "2030-03-31", secret, sentAt);
    expect(readSignedToken(token, "book", secret, sentAt)).toBe("invalid");
    expect(readQuoteToken(signedToken("book", "lead-1", secret, sentAt), secret, sentAt)).toBe("invalid");
    const tampered = token.replace("lead-1", "lead-2");
    expect(readQuoteToken(tampered, secret, sentAt)).toBe("invalid");
    expect(readQuoteToken(token, "x".repeat(32), sentAt)).toBe("invalid");
  });
});

describe("seasonal reminder links", () => {
  const secret = "r".repeat(32);
  const sentAt = new Date("2030-05-01T14:00:00Z");
  it("each purpose works for its lifetime, then says expired", () => {
    for (const [purpose, days] of [
      ["remind-me", 120],
      ["reminder-opt-out", 3 * 365],
      ["ask-again", 365],
    ] as const) {
      const token = reminderToken(purpose, "lead-1", secret, sentAt);
      expect(readReminderToken(token, purpose, secret, new Date(sentAt.getTime() + (days - 1) * day))).toEqual({
        id: "lead-1",
      });
      expect(readReminderToken(token, purpose, secret, new Date(sentAt.getTime() + (days + 1) * day))).toBe("expired");
    }
  });
  it("are no other purpose's or family's link, and no other family's link is one", () => {
    const token = reminderToken("remind-me", "lead-1", secret, sentAt);
    expect(readReminderToken(token, "reminder-opt-out", secret, sentAt)).toBe("invalid");
    expect(readReminderToken(token, "ask-again", secret, sentAt)).toBe("invalid");
    expect(readSignedToken(token, "review-opt-out", secret, sentAt)).toBe("invalid");
    expect(readQuoteToken(token, secret, sentAt)).toBe("invalid");
    for (const purpose of ["book", "manage", "review-opt-out"] as const)
      expect(readReminderToken(signedToken(purpose, "lead-1", secret, sentAt), "remind-me", secret, sentAt)).toBe(
        "invalid",
      );
    expect(readReminderToken(token.replace("lead-1", "lead-2"), "remind-me", secret, sentAt)).toBe("invalid");
    expect(readReminderToken(token, "remind-me", "x".repeat(32), sentAt)).toBe("invalid");
    expect(reminderPath("ask-again", "job-1", secret, sentAt)).toMatch(/^\/contact\?reminder=a\.job-1\./);
  });
});

describe("account links", () => {
  const secret = "a".repeat(32);
  const sentAt = new Date("2030-03-02T17:00:00Z");
  it("name a request and the channel they were sent through, for a week, then say expired", () => {
    const byMail = accountToken("email", "lead-1", secret, sentAt);
    const byText = accountToken("phone", "lead-1", secret, sentAt);
    expect(readAccountToken(byMail, secret, later(0))).toEqual({ channel: "email", leadId: "lead-1" });
    expect(readAccountToken(byText, secret, sentAt)).toEqual({ channel: "phone", leadId: "lead-1" });
    expect(readAccountToken(byMail, secret, new Date(sentAt.getTime() + 7 * day - 1000))).toEqual({
      channel: "email",
      leadId: "lead-1",
    });
    expect(readAccountToken(byMail, secret, new Date(sentAt.getTime() + 7 * day + 1000))).toBe("expired");
  });
  it("are no other family's link, and no other family's link is one; an altered one is refused", () => {
    const token = accountToken("email", "lead-1", secret, sentAt);
    expect(readSignedToken(token, "manage", secret, sentAt)).toBe("invalid");
    expect(readQuoteToken(token, secret, sentAt)).toBe("invalid");
    expect(readAccountToken(signedToken("manage", "lead-1", secret, sentAt), secret, sentAt)).toBe("invalid");
    expect(readAccountToken(token.replace("lead-1", "lead-2"), secret, sentAt)).toBe("invalid");
    expect(readAccountToken(`p${token.slice(1)}`, secret, sentAt)).toBe("invalid");
    expect(readAccountToken(token, "x".repeat(32), sentAt)).toBe("invalid");
  });
});
