// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { QuotePage } from "../server/features/quotes/quote-page.server.ts";
import { QuotePageView } from "./quote.tsx";

const phone = { display: "(208) 555-0100", href: "tel:+12085550100" };

/** An accepted quote's page, with what the seasonal reminders offer (or null). */
const accepted = (remindMe: Extract<QuotePage, { state: "accepted" }>["remindMe"]): QuotePage => ({
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
  },
  option: 0,
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
