// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { AcceptedQuotePage, QuotePage } from "../server/features/quotes/quote-page.server.ts";
import { formatCents, priceOfOption, type ShownContent } from "../forms/quote.ts";
import { QuotePageView } from "./quote.tsx";

const phone = { display: "(208) 555-0100", href: "tel:+12085550100" };

/** An accepted quote's page, with what the seasonal reminders offer (or null). */
const accepted = (remindMe: AcceptedQuotePage["remindMe"]): AcceptedQuotePage => ({
  state: "accepted",
  reference: "GS-1A2B-3C4D",
  content: {
    service: "House washing",
    city: "Boise",
    options: [{ label: "Good", lines: [{ text: "House washing", cents: 30_000 }], totalCents: 30_000 }],
    note: "",
    validUntil: "2030-06-30",
    deposit: { kind: "none" },
    terms: "The price holds for the work listed.",
    balanceDue: "when the job is finished",
  },
  option: 0,
  acceptedBy: "Jane Q. Doe",
  acceptedAt: "Tuesday, June 2, 2026 at 5:41 PM MDT (Boise time)",
  next: null,
  payAtJob: true,
  deposit: null,
  remindMe,
});

function show(page: QuotePage) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <QuotePageView page={page} phone={phone} /> }]);
  render(<Stub initialEntries={["/"]} />);
}

describe("the accepted quote's page", () => {
  afterEach(cleanup);

  it("offers a reminder when the services have one: a link to the page that asks for the click", () => {
    show(accepted({ path: "/reminders/remind-me?t=abc", services: "house washing", reminding: false }));
    expect(screen.getByTestId("remind-me").textContent).toContain("your house washing is due again");
    expect(screen.getByRole("link", { name: "Remind me when it’s due" }).getAttribute("href")).toBe(
      "/reminders/remind-me?t=abc",
    );
  });

  it("says so once the customer agreed, and offers nothing when no service has a reminder", () => {
    show(accepted({ path: "/reminders/remind-me?t=abc", services: "house washing", reminding: true }));
    expect(screen.getByTestId("remind-me").textContent).toBe("We will e-mail you when it is due again.");
    expect(screen.queryByRole("link", { name: /Remind me/ })).toBeNull();
    cleanup();
    show(accepted(null));
    expect(screen.queryByTestId("remind-me")).toBeNull();
  });
});

/** Two options with lines, a 25 % deposit asked. */
const content: ShownContent = {
  service: "House washing",
  city: "Boise",
  options: [
    { label: "Good", lines: [{ text: "House washing", cents: 30_050 }], totalCents: 30_050 },
    {
      label: "Better",
      lines: [
        { text: "House washing", cents: 30_050 },
        { text: "Gutter faces", cents: 12_000 },
      ],
      totalCents: 42_050,
    },
  ],
  note: "",
  validUntil: "2030-06-30",
  deposit: { kind: "percent", percent: 25 },
  terms: "The price holds for the work listed.",
  balanceDue: "when the job is finished",
};

/** The quote open for an answer; `payAtJob`: deposits are not taken online. */
const open = (payAtJob: boolean): QuotePage => ({
  state: "open",
  reference: "GS-1A2B-3C4D",
  version: 1,
  content,
  payAtJob,
  errors: {},
  values: { option: "", name: "", reason: "" },
  message: null,
});

/** The deposit and balance rows of each option shown, as text. */
const dueRows = () => screen.getAllByTestId("price-due").map((dl) => dl.textContent);

describe("the whole price", () => {
  afterEach(cleanup);

  it("is shown for every option before the customer accepts: the deposit due on acceptance, the balance and when", () => {
    show(open(false));
    expect(dueRows()).toEqual(
      content.options.map((option) => {
        const price = priceOfOption(content, option, true);
        return `Deposit, due on acceptance${formatCents(price.depositCents)}Balance, due when the job is finished${formatCents(price.balanceCents)}`;
      }),
    );
  });

  it("says no deposit, and the whole total as the balance, when deposits are not taken online", () => {
    show(open(true));
    expect(dueRows()).toEqual(
      content.options.map(
        (option) =>
          `Deposit, due on acceptanceNoneBalance, due when the job is finished${formatCents(option.totalCents)}`,
      ),
    );
  });

  it("stays on the accepted page: the option chosen, its lines, the figures, the terms, the name and the time", () => {
    const page = accepted(null);
    show({
      ...page,
      content,
      option: 1,
      payAtJob: false,
      deposit: { cents: 10_513, state: "pending", refundedCents: 0, payPath: "/p" },
    });
    const copy = screen.getByTestId("accepted-copy");
    for (const shown of [
      "Better",
      "Gutter faces",
      formatCents(42_050),
      formatCents(priceOfOption(content, content.options[1]!, true).balanceCents),
      content.terms,
      "Jane Q. Doe",
      "Tuesday, June 2, 2026 at 5:41 PM MDT (Boise time)",
    ])
      expect(copy.textContent).toContain(shown);
    expect(copy.textContent).not.toContain("Good");
  });

  it("says a paid deposit was received, then refunded in part or in full as Stripe reports it, never asking to pay it again", () => {
    const page = { ...accepted(null), content, option: 1, payAtJob: false };
    const deposit = { cents: 10_513, state: "paid" as const, payPath: "/p" };
    const said = (refundedCents: number) => {
      cleanup();
      show({ ...page, deposit: { ...deposit, refundedCents } });
      expect(screen.queryByRole("link", { name: /Pay the/ })).toBeNull();
      return screen.getByRole("status").textContent;
    };
    expect(said(0)).toBe(`Deposit of ${formatCents(10_513)} received. Thank you.`);
    expect(said(5_000)).toBe(
      `Deposit of ${formatCents(10_513)}: partly refunded (${formatCents(5_000)} of ${formatCents(10_513)}).`,
    );
    expect(said(10_513)).toBe(`Deposit of ${formatCents(10_513)}: refunded.`);
  });
});
