/** The owner's calendar feed through its routes: /calendar/<token>.ics and /admin/calendar's "Make a new address". */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { routeContext } from "../../../../tests/support/app-context.ts";
import { readCalendar } from "../../../../tests/support/ical.ts";
import { backends, createTestStorage, sampleLead, type TestStorage } from "../../../../tests/support/storage.ts";
import * as adminCalendar from "../../../routes/admin.calendar.tsx";
import * as feedRoute from "../../../routes/calendar.$file.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { parseEnv } from "../../kit/env.server.ts";
import { recordLead } from "../leads/store.server.ts";
import { cancelBooking, decide, requestWindow } from "./bookings.server.ts";
import { windowsOn } from "../../kit/arrival-windows.server.ts";
import { confirmedJob } from "../../../../tests/support/crew-jobs.ts";

const env = parseEnv({
  NODE_ENV: "test",
  DATA_DIR: "/nonexistent",
  SITE_URL: "https://www.gemstateexteriorcleaning.com",
});

describe.each(backends)("the calendar feed on %s", (dialect) => {
  let storage: TestStorage;
  let database: Database;
  let serial = 0;

  beforeEach(async () => {
    storage = await createTestStorage(dialect);
    database = await storage.open();
  });
  afterEach(() => storage.cleanup());

  const context = (signedIn: boolean) =>
    routeContext(database, env, signedIn ? { ownerId: "o1", email: "owner@example.com" } : null);

  /** GET /calendar/<file> as the route answers it (a thrown Response is the answer too). */
  async function feed(file: string): Promise<Response> {
    try {
      return (await feedRoute.loader({
        request: new Request(`http://localhost/calendar/${file}`),
        params: { file },
        context: context(false),
      } as never)) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }

  /** The address /admin/calendar shows, as a path. */
  async function shownAddress(): Promise<string> {
    const data = (await adminCalendar.loader({
      request: new Request("http://localhost/admin/calendar"),
      params: {},
      context: context(true),
    } as never)) as { url: string; webcal: string };
    expect(data.url).toMatch(/^https:\/\/www\.gemstateexteriorcleaning\.com\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    expect(data.webcal).toBe(data.url.replace("https:", "webcal:"));
    return new URL(data.url).pathname.replace("/calendar/", "");
  }

  /** A booking for a new request at an 8–10 AM window; confirmed unless told otherwise. */
  async function booking(day: string, firstName: string, then: "confirm" | "leave" | "cancel" = "confirm") {
    const now = new Date("2030-01-02T17:00:00Z");
    const lead = sampleLead({ idempotencyKey: `key:feed-${serial++}` });
    lead.fields = { ...lead.fields, firstName, priceService: "house-washing" };
    const { id } = await recordLead(database, lead, { webhook: false, now });
    const asked = await requestWindow(database, id, windowsOn(day)[0]!, now);
    if (!asked.ok) throw new Error(asked.reason);
    if (then !== "leave") await decide(database, asked.booking.id, { action: "confirm" }, "", now);
    if (then === "cancel") await cancelBooking(database, asked.booking.id, now);
    return { leadId: id, bookingId: asked.booking.id };
  }

  it("answers 404 to a wrong, malformed or missing token, and the right one lists the confirmed jobs only", async () => {
    const confirmed = await booking("2030-01-08", "Alice");
    await booking("2030-01-09", "Bob", "leave");
    await booking("2030-01-10", "Carol", "cancel");
    // Before the owner's page made one there is no token at all.
    expect((await feed("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics")).status).toBe(404);
    const file = await shownAddress();
    expect(file).toBe(await shownAddress()); // stable until replaced

    // One character changed (never to the one it was: a token may end in "x").
    const changed = file.at(-5) === "x" ? "y" : "x";
    for (const wrong of [
      `${file.slice(0, -5)}${changed}.ics`,
      file.replace(".ics", ""),
      `${file}x`,
      "..%2f..%2fetc.ics",
      ".ics",
      `${file.slice(0, -4).toUpperCase()}.ics`,
    ]) {
      const answer = await feed(wrong);
      expect(answer.status, wrong).toBe(404);
      expect(await answer.text()).not.toContain("VCALENDAR");
    }

    const answer = await feed(file);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(answer.headers.get("x-robots-tag")).toMatch(/noindex/);
    const cal = readCalendar(await answer.text());
    expect(cal.method).toBe("PUBLISH");
    expect(cal.name).toMatch(/jobs$/);
    expect(cal.events).toHaveLength(1);
    expect(cal.events[0]).toMatchObject({
      uid: `booking-${confirmed.bookingId}@www.gemstateexteriorcleaning.com`,
      status: "CONFIRMED",
      summary: "House washing — Alice (83646)",
      startZone: "America/Boise",
    });
    expect(cal.events[0]!.start.toISOString()).toBe(windowsOn("2030-01-08")[0]!.startsAt.toISOString());
    expect(cal.events[0]!.description).toContain("(208) 555-0199");
    expect(cal.events[0]!.description).toContain(
      `https://www.gemstateexteriorcleaning.com/admin/requests/${confirmed.leadId}`,
    );
  });

  it("each event is at the service address (LOCATION) and says what was sold, what to collect and the access notes", async () => {
    const now = new Date("2030-01-02T17:00:00Z");
    const sold = await confirmedJob(
      database,
      {
        day: "2030-01-08",
        window: 0,
        firstName: "Sold",
        address: "12 Elm St, Apt 3",
        accessNote: "Side gate; code 4321",
        quote: {
          options: [
            {
              label: "Better",
              lines: [
                { text: "House washing", cents: 40_000 },
                { text: "Gutter faces", cents: 6_550 },
              ],
              totalCents: 46_550,
            },
          ],
          accept: 0,
        },
        payments: [{ cents: 11_637, status: "paid" }],
      },
      now,
    );
    await confirmedJob(database, { day: "2030-01-09", window: 0, firstName: "Asked", address: null }, now);
    const cal = readCalendar(await (await feed(await shownAddress())).text());
    const byUid = (bookingId: string) => cal.events.find((e) => e.uid.startsWith(`booking-${bookingId}@`));
    const event = byUid(sold.bookingId)!;
    expect(event.location).toMatch(/^12 Elm St, Apt 3, .+, ID 83646$/);
    expect(event.description).toContain("House washing: $400.00");
    expect(event.description).toContain("Gutter faces: $65.50");
    expect(event.description).toContain("To collect: $349.13");
    expect(event.description).toContain("Access notes: Side gate; code 4321");
    const asked = cal.events.find((e) => e !== event)!;
    expect(asked.location).toBeNull();
    expect(asked.description).toContain("No accepted quote");
  });

  it('"Make a new address" replaces the token: the old address answers 404, the new one the feed', async () => {
    await booking("2030-01-08", "Alice");
    const old = await shownAddress();
    expect((await feed(old)).status).toBe(200);
    let redirect: unknown;
    try {
      await adminCalendar.action({
        request: new Request("http://localhost/admin/calendar", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "",
        }),
        params: {},
        context: context(true),
      } as never);
    } catch (thrown) {
      redirect = thrown;
    }
    expect(redirect).toBeInstanceOf(Response);
    expect((redirect as Response).status).toBe(303);
    expect((redirect as Response).headers.get("location")).toBe("/admin/calendar?renewed=1");
    const renewed = await shownAddress();
    expect(renewed).not.toBe(old);
    expect((await feed(old)).status).toBe(404);
    expect((await feed(renewed)).status).toBe(200);
  });
});
