// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { AccountPage, Preferences, RequestView } from "../server/account.server.ts";
import { AccountView, LinkPageView } from "./account.tsx";

const phone = { display: "(208) 555-0100", href: "tel:+12085550100" };
type Open = Extract<AccountPage, { state: "open" }>;

const request = (over: Partial<RequestView> = {}): RequestView => ({
  id: "11111111-1111-4111-8111-111111111111",
  reference: "GS-1111-1111",
  date: "Tuesday, June 2, 2026",
  services: ["House washing"],
  address: "1234 W Main St, Boise, ID 83702",
  photos: [],
  quotes: [],
  deposits: [],
  window: null,
  choose: null,
  invoices: [],
  again: "/contact?reminder=x",
  ...over,
});
const preferences = (over: Partial<Preferences> = {}): Preferences => ({
  reminders: { state: "on", offer: null },
  texts: { state: "on", number: "(208) 555-0199" },
  reviews: { state: "on" },
  newsletter: { state: "off" },
  ...over,
});
const page = (over: Partial<Open> = {}): Open => ({
  state: "open",
  token: "e.tok.en.sig",
  channel: "email",
  requests: [request()],
  more: false,
  max: 20,
  preferences: preferences(),
  saved: null,
  ...over,
});

function show(element: React.ReactElement) {
  const Stub = createRoutesStub([{ path: "/", Component: () => element }]);
  render(<Stub initialEntries={["/"]} />);
}

afterEach(cleanup);

describe("the customer's page", () => {
  it("shows each request with its accepted quote, window, invoice and the way to act on each", () => {
    show(
      <AccountView
        phone={phone}
        page={page({
          requests: [
            request({
              quotes: [
                {
                  label: "Quote, version 1, sent Monday, June 1, 2026",
                  status: "Accepted",
                  href: "/quote?t=q",
                  accepted: {
                    option: "Wash and gutters",
                    total: "$605.00",
                    deposit: "$150.00",
                    balance: "$455.00",
                    acceptedAt: "June 2, 2026 (Boise time)",
                    name: "Ana Marsh",
                    pdf: "/account/documents/quote-q.pdf?t=x",
                  },
                },
              ],
              window: { day: "Wednesday, June 10", times: "8–10 AM", status: "Confirmed", manage: "/book/manage?t=m" },
              invoices: [
                {
                  number: "2026-0001",
                  total: "$605.00",
                  balance: "$455.00",
                  paid: false,
                  due: "Due on receipt",
                  credits: [{ label: "Deposit paid by card", date: "June 2", amount: "$150.00" }],
                  href: "/invoice?t=i",
                  pdf: "/account/documents/invoice-i.pdf?t=x",
                },
              ],
            }),
          ],
        })}
      />,
    );
    const section = screen.getByRole("region", { name: "Request GS-1111-1111" });
    expect(within(section).getByText("Wash and gutters")).toBeTruthy();
    expect(within(section).getByRole("link", { name: "The accepted quote (PDF)" }).getAttribute("href")).toBe(
      "/account/documents/quote-q.pdf?t=x",
    );
    expect(within(section).getByRole("link", { name: "Change or cancel this window" }).getAttribute("href")).toBe(
      "/book/manage?t=m",
    );
    expect(within(section).getByRole("link", { name: "Pay $455.00" }).getAttribute("href")).toBe("/invoice?t=i");
    expect(within(section).getByRole("link", { name: "Request this again" })).toBeTruthy();
  });

  it("each preference is a form post carrying the page's token and its one change; none where nothing may change here", () => {
    show(
      <AccountView
        phone={phone}
        page={page({ preferences: preferences({ texts: { state: "none", number: "" }, reviews: { state: "off" } }) })}
      />,
    );
    const button = screen.getByRole("button", { name: "Turn reminders off" });
    const form = button.closest("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(Object.fromEntries(new FormData(form))).toEqual({ t: "e.tok.en.sig", change: "reminders-off" });
    expect(screen.getByRole("button", { name: "Ask me again" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /texts/ })).toBeNull();
    expect(screen.getByRole("link", { name: "Subscribe to the newsletter" })).toBeTruthy();
  });

  it("says when older requests are not listed", () => {
    show(<AccountView phone={phone} page={page({ more: true })} />);
    expect(screen.getByText(/These are your 20 latest requests/)).toBeTruthy();
  });
});

describe("the link page", () => {
  it("an expired link says so and offers a new one; the answer after a send is the same sentence for anyone", () => {
    show(<LinkPageView problem="expired" phone={phone} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("This link has expired");
    expect(screen.getByRole("button", { name: "Send me my link" }).closest("form")!.getAttribute("action")).toBe(
      "/account/link",
    );
    cleanup();
    show(<LinkPageView sent phone={phone} />);
    expect(screen.getByRole("status").textContent).toContain(
      "If we have a request with that e-mail address or mobile number, a link to your requests is on its way to it.",
    );
  });
});
