/**
 * The customer's copy of an accepted quote (decision 037), made from the stored accepted version: its PDF's text as
 * a reader extracts it (poppler's pdftotext), and nothing for a version not accepted. The e-mail that carries it,
 * queued once with the acceptance, is tested through the outbox in reminders.server.test.ts.
 */
import { describe, expect, it } from "vitest";
import { ACCEPTED_BY, acceptedContent, expectTheAcceptedQuote } from "../../../../tests/support/accepted-quote.ts";
import { pdfText } from "../../../../tests/support/pdf-text.ts";
import { acceptedCopyOf, acceptedQuotePdf } from "./accepted-copy.server.ts";
import type { Quote } from "./quotes.server.ts";

const leadId = "5a4ad3a8-0d0c-4a5e-9c5e-2b8f0c1d2e3f";
const at = new Date("2030-03-03T01:41:00.000Z");
const quote = (status: Quote["status"]): Quote => ({
  id: "q1",
  leadId,
  version: 1,
  status,
  content: acceptedContent,
  contentHash: "c".repeat(64),
  validUntil: acceptedContent.validUntil,
  createdAt: at,
  sentAt: at,
  viewedAt: null,
  remindersStopped: false,
  answer:
    status === "accepted"
      ? {
          answer: "accepted",
          option: 1,
          name: ACCEPTED_BY,
          reason: null,
          contentHash: "c".repeat(64),
          ipHash: "x",
          userAgent: "test",
          answeredAt: at,
        }
      : null,
});

describe("the accepted quote's PDF", () => {
  it("is a PDF whose text has the reference, the option's lines and amounts, the total, deposit, balance, name and time", async () => {
    const pdf = await acceptedQuotePdf(acceptedCopyOf(quote("accepted"), true)!);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = pdfText(pdf);
    expectTheAcceptedQuote(text, leadId, at);
    expect(text).toContain(acceptedContent.terms);
  });

  it("names the service address the price is for, when the request gave one", async () => {
    const address = "1234 W Main St, Boise, ID 83702";
    const withAddress = { ...quote("accepted"), content: { ...acceptedContent, address } };
    expect(pdfText(await acceptedQuotePdf(acceptedCopyOf(withAddress, true)!))).toContain(address);
    expect(pdfText(await acceptedQuotePdf(acceptedCopyOf(quote("accepted"), true)!))).not.toContain("Service address");
  });

  it("is made only of an accepted version", () => {
    expect(acceptedCopyOf(quote("sent"), true)).toBeNull();
    expect(acceptedCopyOf(quote("declined"), true)).toBeNull();
  });
});
