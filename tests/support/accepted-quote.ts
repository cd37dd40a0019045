/**
 * An accepted quote's content for the tests of its copy (decision 037), and what every copy of it must say: the
 * page, the e-mail and the PDF (app/server/features/quotes/accepted-copy.server.test.ts, reminders.server.test.ts).
 */
import { expect } from "vitest";
import { formatCents, priceOfOption, type QuoteContent } from "../../app/forms/quote.ts";
import { referenceOf } from "../../app/server/kit/reference.server.ts";
import { acceptedTimeText } from "../../app/server/features/quotes/accepted-copy.server.ts";

export const acceptedContent: QuoteContent = {
  service: "House washing",
  city: "Boise",
  options: [
    { label: "Good", lines: [{ text: "House washing, 2,000 sq ft", cents: 30_000 }], totalCents: 30_000 },
    {
      label: "Better",
      lines: [
        { text: "House washing, 2,000 sq ft", cents: 30_000 },
        { text: "Oil-stain treatment on the driveway", cents: 8_525 },
        { text: "Gutter faces brightened", cents: 12_000 },
      ],
      totalCents: 50_525,
    },
  ],
  note: "",
  validUntil: "2030-04-30",
  deposit: { kind: "percent", percent: 25 },
  terms: "The price is for the work listed in the option you accept. You may cancel up to 48 hours before.",
  balanceDue: "when the job is finished, after you have looked at the work",
};
export const ACCEPTED_BY = "Dora Q. Inboxtest";

/** What every copy of option 1 accepted at `at` carries: the reference, its lines and amounts, the figures, the name, the time. */
export function expectTheAcceptedQuote(text: string, leadId: string, at: Date) {
  const option = acceptedContent.options[1]!;
  const price = priceOfOption(acceptedContent, option, true);
  for (const shown of [
    referenceOf(leadId),
    option.label,
    ...option.lines.flatMap((line) => [line.text, formatCents(line.cents)]),
    formatCents(option.totalCents),
    formatCents(price.depositCents),
    formatCents(price.balanceCents),
    acceptedContent.balanceDue!,
    ACCEPTED_BY,
    acceptedTimeText(at),
  ])
    expect(text).toContain(shown);
  expect(text).not.toContain("Good");
}
