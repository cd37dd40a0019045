import { describe, expect, it } from "vitest";
import { receiptPath } from "./kit/signed-links.server.ts";
import { loggedPath } from "./log-path.server.ts";

describe("loggedPath (the request log's path)", () => {
  const receipt = receiptPath(
    { leadId: "5a4ad3a8-0d0c-4a5e-9c5e-2b8f0c1d2e3f", kind: "contact", duplicate: false },
    "r".repeat(40),
  );

  it("logs a receipt link as its route pattern, however it is spelled", () => {
    expect(loggedPath(receipt)).toBe("/request-received/:ref");
    expect(loggedPath(`${receipt}.data`)).toBe("/request-received/:ref.data");
    expect(loggedPath(receipt.replace("/request-received/", "/Request-Received/"))).toBe("/request-received/:ref");
    expect(loggedPath(receipt.replace("/request-received/", "/%72equest-received/"))).toBe("/request-received/:ref");
    expect(loggedPath(`${receipt}/extra?x=1`)).toBe("/request-received/:ref");
  });

  it("logs the calendar feed's address (its token) as its route pattern", () => {
    const feed = "/calendar/cMIn08RWeYXJFW2_2fizJs41VBusFRjJ.ics";
    expect(loggedPath(feed)).toBe("/calendar/:file");
    expect(loggedPath(feed.replace("/calendar/", "/Calendar/"))).toBe("/calendar/:file");
    expect(loggedPath(feed.replace("/calendar/", "/%63alendar/"))).toBe("/calendar/:file");
    expect(loggedPath("/admin/calendar")).toBe("/admin/calendar");
  });

  it("logs other paths as they are, without the query string", () => {
    expect(loggedPath("/contact")).toBe("/contact");
    expect(loggedPath("/newsletter/confirm?t=c.secret.token")).toBe("/newsletter/confirm");
    expect(loggedPath("/bad%")).toBe("/bad%");
  });
});
