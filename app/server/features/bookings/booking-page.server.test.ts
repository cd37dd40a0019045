import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { routeContext } from "../../../../tests/support/app-context.ts";
import { createTestStorage, sampleLead, type TestStorage } from "../../../../tests/support/storage.ts";
import { availability } from "../../../content/availability.ts";
import { action as bookAction, loader as bookLoader } from "../../../routes/book.tsx";
import { action as manageAction, loader as manageLoader } from "../../../routes/book.manage.tsx";
import type { Database } from "../../kit/db/database.server.ts";
import { parseEnv } from "../../kit/env.server.ts";
import { linkSecret, signedPath, signedToken } from "../../kit/signed-links.server.ts";
import { recordLead } from "../leads/store.server.ts";
import { MAX_CHANGES, type BrowsePage, type ProblemPage, type RequestPage } from "./booking-page.server.ts";
import { bookingForLead, decide, openWindows, requestWindow } from "./bookings.server.ts";
import { candidateWindows, findWindow } from "../../kit/arrival-windows.server.ts";

/** /book and /book/manage as the server runs them: a real store on SQLite, the clock fixed (Date only). */
let storage: TestStorage;
let database: Database;
let secret: string;
const env = parseEnv({ NODE_ENV: "test", DATA_DIR: "/nonexistent" });
// Monday 10:00 in Boise, the week of a blackout date in the content (2026-11-26).
const NOW = new Date("2026-11-23T17:00:00.000Z");
const BOISE = "83702";

beforeAll(async () => {
  storage = await createTestStorage("sqlite");
  database = await storage.open();
  secret = await linkSecret(database, env);
});
afterAll(() => storage.cleanup());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

const context = () => routeContext(database, env);

type Answer<T> = { data: T; init: { status?: number } | null };
type Handler = (args: never) => Promise<unknown>;
const get = async <T = RequestPage>(loader: Handler, path: string) =>
  (await loader({
    request: new Request(`http://localhost${path}`),
    context: context(),
    params: {},
  } as never)) as unknown as Answer<T>;
const post = async (action: Handler, path: string, body: Record<string, string>) =>
  (await action({
    request: new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(body).toString(),
    }),
    context: context(),
    params: {},
  } as never)) as unknown as Answer<RequestPage> | Response;

let serial = 0;
async function newRequest(
  zip = BOISE,
  kind: "estimate" | "contact" | "application" = "estimate",
  address: string | null = "1234 W Main St",
) {
  const lead = sampleLead({ idempotencyKey: `key:book-page-${serial++}`, kind });
  const { id } = await recordLead(
    database,
    { ...lead, fields: { ...lead.fields, zipcode: zip, address }, contact: { ...lead.contact, zip } },
    { webhook: false, now: NOW },
  );
  return { id, path: signedPath("book", id, secret, NOW) };
}

const values = (page: RequestPage) => page.days.flatMap((d) => d.windows.map((w) => w.value));

describe("/book?r=…", () => {
  it("lists the ZIP's open windows by day, none before the next working day, none on a blackout date", async () => {
    const { path } = await newRequest();
    const { data: page, init } = await get(bookLoader, path);
    expect(init?.status ?? 200).toBe(200);
    expect(page.state).toBe("ok");
    expect(page.canChoose).toBe(true);
    const days = page.days.map((d) => d.day);
    expect(days.length).toBeGreaterThan(0);
    expect(days.every((d) => d > "2026-11-23")).toBe(true);
    for (const blackout of availability.blackoutDates) expect(days).not.toContain(blackout);
    // Exactly the candidate windows (none is full yet), in time order.
    expect(values(page)).toEqual(candidateWindows(BOISE, NOW).windows.map((w) => `${w.day} ${w.times}`));
    expect(page.rows).toContainEqual({ label: "ZIP code", value: "83702 (Boise)" });
  });

  it("a POST requests the window and comes back (PRG); the page then says requested", async () => {
    const { id, path } = await newRequest();
    const [first] = values((await get(bookLoader, path)).data);
    const answer = (await post(bookAction, path, { window: first! })) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`${path}&done=1`);
    const booking = await bookingForLead(database, id);
    expect(booking && `${booking.day} ${booking.times}`).toBe(first);
    expect(booking?.status).toBe("requested");
    const { data: page } = await get(bookLoader, `${path}&done=1`);
    expect(page.done).toBe(true);
    expect(page.booking).toMatchObject({ status: "requested", value: first });
    // The window held is not offered again as "another window".
    expect(values(page)).not.toContain(first);
  });

  it("a request without a street address books a window only with one; it and the crew's note are kept", async () => {
    const { id, path } = await newRequest(BOISE, "estimate", null);
    const { data: page } = await get(bookLoader, path);
    expect(page.needsAddress).toBe(true);
    const [first] = values(page);
    for (const address of ["", "   ", "see http://example.com", "a".repeat(121)]) {
      const refused = (await post(bookAction, path, { window: first!, address })) as Answer<RequestPage>;
      expect(refused.init?.status).toBe(400);
      expect(refused.data.error).toMatch(/street address/i);
    }
    expect(await bookingForLead(database, id)).toBeUndefined();
    const answer = (await post(bookAction, path, {
      window: first!,
      address: " 1234 W Main St,\tApt 5\u202E ",
      accessNote: "Gate code 4321.\nThe dog is friendly.",
    })) as Response;
    expect(answer.status).toBe(303);
    expect(await bookingForLead(database, id)).toMatchObject({
      address: "1234 W Main St, Apt 5",
      accessNote: "Gate code 4321.\nThe dog is friendly.",
    });
    const { data: after } = await get(bookLoader, path);
    expect(after.needsAddress).toBe(false);
    expect(after.rows).toContainEqual({ label: "Street address", value: "1234 W Main St, Apt 5" });
    expect(after.accessNote).toBe("Gate code 4321.\nThe dog is friendly.");
  });

  it("a request with a street address is not asked for it, and keeps its own", async () => {
    const { id, path } = await newRequest();
    const { data: page } = await get(bookLoader, path);
    expect(page.needsAddress).toBe(false);
    const [first] = values(page);
    expect(((await post(bookAction, path, { window: first!, address: "99 Other Rd" })) as Response).status).toBe(303);
    expect((await bookingForLead(database, id))?.address).toBeNull();
  });

  it("a full window is not offered, and asking for it anyway is a 409 with the list again", async () => {
    const window = candidateWindows(BOISE, NOW).windows.find((w) => w.capacity === 1) ?? null;
    if (!window) throw new Error("the content has no window with one place: this test needs one");
    const value = `${window.day} ${window.times}`;
    const taker = await newRequest();
    expect((await requestWindow(database, taker.id, window, NOW)).ok).toBe(true);
    const late = await newRequest();
    expect(values((await get(bookLoader, late.path)).data)).not.toContain(value);
    const answer = (await post(bookAction, late.path, { window: value })) as Answer<RequestPage>;
    expect(answer.init?.status).toBe(409);
    expect(answer.data.error).toMatch(/just taken/);
    expect(answer.data.days.length).toBeGreaterThan(0);
    expect(await bookingForLead(database, late.id)).toBeUndefined();
  });

  it("refuses a window the ZIP may not ask for, and a malformed one, with a 400 and no booking", async () => {
    const { id, path } = await newRequest();
    for (const window of ["2026-11-26 08:00-10:00", "2026-11-23 08:00-10:00", "tomorrow", "2026-11-27 08:00-10:00 x"]) {
      const answer = (await post(bookAction, path, { window })) as Answer<RequestPage>;
      expect(answer.init?.status, window).toBe(400);
      expect(answer.data.error).toBeTruthy();
    }
    expect(await bookingForLead(database, id)).toBeUndefined();
  });

  it("a forged, cut, too long or expired link gets a clear page (400, 410), not the request", async () => {
    const { id } = await newRequest();
    const token = signedToken("book", id, secret, NOW);
    const cases: [string, number, string][] = [
      [`/book?r=${encodeURIComponent(token.slice(0, -2))}`, 400, "invalid"],
      [`/book?r=${encodeURIComponent(signedToken("manage", id, secret, NOW))}`, 400, "invalid"],
      [`/book?r=${"a".repeat(5000)}`, 400, "invalid"],
      ["/book?r=", 400, "invalid"],
      [
        `/book?r=${encodeURIComponent(signedToken("book", id, secret, new Date(NOW.getTime() - 15 * 86_400_000)))}`,
        410,
        "expired",
      ],
    ];
    for (const [path, status, state] of cases) {
      const answer = await get<ProblemPage>(bookLoader, path);
      expect([answer.init?.status, answer.data.state], path.slice(0, 60)).toEqual([status, state]);
      const posted = (await post(bookAction, path, { window: "2026-11-27 08:00-10:00" })) as Answer<unknown>;
      expect(posted.init?.status).toBe(status);
    }
    expect(await bookingForLead(database, id)).toBeUndefined();
  });

  it("by appointment, outside the area, or not an estimate request: no form, the phone", async () => {
    const appointment = Object.entries((await import("../../kit/service-area.server.ts")).zipTable).find(([, [city]]) =>
      availability.areas.some((a) => a.byAppointment && a.cities.includes(city)),
    )?.[0];
    expect(appointment, "a ZIP of a by-appointment area").toBeTruthy();
    for (const [zip, kind, rule] of [
      [appointment!, "estimate", "appointment"],
      ["10001", "estimate", "outside"],
      [BOISE, "application", "not-bookable"],
    ] as const) {
      const { path } = await newRequest(zip, kind);
      const { data: page } = await get(bookLoader, path);
      expect([page.rule.kind, page.canChoose, page.days]).toEqual([rule, false, []]);
    }
  });

  it("ignores unknown fields and refuses a field sent twice (400)", async () => {
    const { id, path } = await newRequest();
    const twice = (await bookAction({
      request: new Request(`http://localhost${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "window=2026-11-27+08%3A00-10%3A00&window=2026-11-27+10%3A00-12%3A00",
      }),
      context: context(),
      params: {},
    } as never)) as unknown as Answer<RequestPage>;
    expect(twice.init?.status).toBe(400);
    const [first] = values((await get(bookLoader, path)).data);
    const answer = (await post(bookAction, path, {
      window: first!,
      status: "confirmed",
      leadId: "another",
    })) as Response;
    expect(answer.status).toBe(303);
    expect((await bookingForLead(database, id))?.status).toBe("requested");
  });

  it("with a booking, the /book link cancels it too (after 'Yes'), and then lets the visitor choose again", async () => {
    const { id, path } = await newRequest();
    const [first] = values((await get(bookLoader, path)).data);
    expect(((await post(bookAction, path, { intent: "reschedule", window: first! })) as Response).status).toBe(303);
    expect((await get(bookLoader, path)).data.canCancel).toBe(true);
    expect(((await post(bookAction, path, { intent: "cancel" })) as Answer<RequestPage>).init?.status).toBe(400);
    expect(((await post(bookAction, path, { intent: "cancel", confirm: "yes" })) as Response).status).toBe(303);
    const { data: page } = await get(bookLoader, path);
    expect([page.booking?.status, page.canCancel, page.canChoose]).toEqual(["cancelled", false, true]);
    expect(values(page)).toContain(first);
    expect((await bookingForLead(database, id))?.status).toBe("cancelled");
  });
});

describe("/book/manage?t=…", () => {
  async function booked() {
    const request = await newRequest();
    // Earlier tests took places: the windows with a place left.
    const windows = await openWindows(database, candidateWindows(BOISE, NOW).windows);
    const result = await requestWindow(database, request.id, windows[0]!, NOW);
    if (!result.ok) throw new Error(result.reason);
    return {
      ...request,
      booking: result.booking,
      windows,
      manage: signedPath("manage", result.booking.id, secret, NOW),
    };
  }

  it("GET changes nothing; cancel needs the 'Yes, cancel' box, then cancels (PRG)", async () => {
    const { id, manage } = await booked();
    const { data: page } = await get(manageLoader, manage);
    expect([page.booking?.status, page.canCancel, page.canAccept]).toEqual(["requested", true, false]);
    const unticked = (await post(manageAction, manage, { intent: "cancel" })) as Answer<RequestPage>;
    expect(unticked.init?.status).toBe(400);
    expect((await bookingForLead(database, id))?.status).toBe("requested");
    const answer = (await post(manageAction, manage, { intent: "cancel", confirm: "yes" })) as Response;
    expect([answer.status, answer.headers.get("location")]).toEqual([303, `${manage}&done=1`]);
    expect((await bookingForLead(database, id))?.status).toBe("cancelled");
    expect((await get(manageLoader, manage)).data.canCancel).toBe(false);
  });

  it("another window: requested at the new one; accept only a proposal", async () => {
    const { id, booking, windows, manage } = await booked();
    const other = windows.find((w) => w.day !== booking.day)!;
    expect((await post(manageAction, manage, { intent: "accept" })) as Answer<RequestPage>).toMatchObject({
      init: { status: 409 },
    });
    const moved = (await post(manageAction, manage, {
      intent: "reschedule",
      window: `${other.day} ${other.times}`,
    })) as Response;
    expect(moved.status).toBe(303);
    expect(await bookingForLead(database, id)).toMatchObject({
      status: "requested",
      day: other.day,
      times: other.times,
    });
    const proposal = findWindow(BOISE, windows.at(-1)!.day, windows.at(-1)!.times, NOW)!;
    expect(
      (await decide(database, booking.id, { action: "propose", window: proposal }, "The crew is nearby then.", NOW)).ok,
    ).toBe(true);
    const { data: page } = await get(manageLoader, manage);
    expect(page.booking).toMatchObject({ status: "proposed", note: "The crew is nearby then." });
    expect(page.canAccept).toBe(true);
    expect(((await post(manageAction, manage, { intent: "accept" })) as Response).status).toBe(303);
    expect((await bookingForLead(database, id))?.status).toBe("confirmed");
  });

  it("a window that has begun: nothing to change", async () => {
    const { manage, booking } = await booked();
    vi.setSystemTime(new Date(booking.startsAt.getTime() + 60_000));
    const { data: page } = await get(manageLoader, manage);
    expect([page.booking?.past, page.canCancel, page.canChoose]).toEqual([true, false, false]);
    expect(
      ((await post(manageAction, manage, { intent: "cancel", confirm: "yes" })) as Answer<RequestPage>).init?.status,
    ).toBe(409);
  });

  it("a booking changed many times is not changed again from its links (each change e-mails the owner)", async () => {
    const { id, windows, manage } = await booked();
    const [a, b] = windows.slice(-2).map((w) => `${w.day} ${w.times}`);
    let changes = 0;
    for (; changes < MAX_CHANGES + 5; changes++) {
      const answer = await post(manageAction, manage, { intent: "reschedule", window: changes % 2 ? a! : b! });
      if (!(answer instanceof Response)) {
        expect(answer.init?.status).toBe(429);
        expect(answer.data.error).toContain("call us");
        break;
      }
    }
    const booking = await bookingForLead(database, id);
    expect(booking?.sequence).toBe(MAX_CHANGES);
    expect(changes).toBeLessThan(MAX_CHANGES);
  });

  it("a /book token is not a manage token", async () => {
    const { path } = await newRequest();
    const token = new URL(path, "http://x").searchParams.get("r")!;
    expect((await get<ProblemPage>(manageLoader, `/book/manage?t=${encodeURIComponent(token)}`)).data.state).toBe(
      "invalid",
    );
  });
});

describe("/book without a link", () => {
  it("lists a ZIP's open windows as information; bounded, validated parameters", async () => {
    const { data: page, init } = await get<BrowsePage>(bookLoader, `/book?service=house-washing&zipcode=${BOISE}`);
    expect([init?.status ?? 200, page.state, page.service, page.rule?.kind]).toEqual([
      200,
      "browse",
      "house-washing",
      "days",
    ]);
    expect(page.days.length).toBeGreaterThan(0);
    const bad = await get<BrowsePage>(bookLoader, `/book?service=${"x".repeat(300)}&zipcode=8370`);
    expect(bad.init?.status).toBe(400);
    expect(Object.keys(bad.data.errors).sort()).toEqual(["service", "zipcode"]);
    expect(bad.data.days).toEqual([]);
    const empty = await get<BrowsePage>(bookLoader, "/book");
    expect([empty.init?.status ?? 200, empty.data.rule]).toEqual([200, null]);
  });
});
