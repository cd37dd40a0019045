/** The crew's view through the day sheet's route (/admin/day): a day's confirmed jobs, in window order, with what was sold. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { routeContext } from "../../../../tests/support/app-context.ts";
import { confirmedJob } from "../../../../tests/support/crew-jobs.ts";
import { backends, createTestStorage, type TestStorage } from "../../../../tests/support/storage.ts";
import { formatAmount } from "../../../lib/money.ts";
import * as daySheet from "../../../routes/admin.day.tsx";
import { windowsOn } from "../../kit/arrival-windows.server.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { parseEnv } from "../../kit/env.server.ts";
import { referenceOf } from "../../kit/reference.server.ts";
import { cancelBooking } from "./bookings.server.ts";

const env = parseEnv({ NODE_ENV: "test", DATA_DIR: "/nonexistent" });
const NOW = new Date("2030-01-02T17:00:00Z");
const DAY = "2030-01-08";

type Sheet = Awaited<ReturnType<typeof daySheet.loader>>;

describe.each(backends)("the day sheet on %s", (dialect) => {
  let storage: TestStorage;
  let database: Database;

  beforeEach(async () => {
    storage = await createTestStorage(dialect);
    database = await storage.open();
  });
  afterEach(() => storage.cleanup());

  const sheet = async (query: string) =>
    (await daySheet.loader({
      request: new Request(`http://localhost/admin/day${query}`),
      params: {},
      context: routeContext(database, env, { ownerId: "o1", email: "owner@example.com" }),
    } as never)) as Sheet;

  it("lists the day's confirmed jobs in window order, with the accepted lines and the total minus the deposits paid", async () => {
    if (windowsOn(DAY).length < 2) throw new Error("this test needs a day with two windows in the content");
    const lines = [
      { text: "House washing", cents: 40_050 },
      { text: "Oil-stain treatment", cents: 7_525 },
    ];
    const total = lines.reduce((sum, l) => sum + l.cents, 0);
    // Booked in the opposite order of their windows.
    const later = await confirmedJob(
      database,
      {
        day: DAY,
        window: 1,
        firstName: "Later",
        address: null,
        bookingAddress: "77 Given At Booking Rd",
        accessNote: "Gate code 4321",
        quote: {
          options: [
            { label: "Good", lines: lines.slice(0, 1), totalCents: lines[0]!.cents },
            { label: "Better", lines, totalCents: total },
          ],
          accept: 1,
        },
        payments: [
          { cents: 5_000, status: "paid" },
          { cents: 2_575, status: "paid" },
          { cents: 9_999, status: "failed" },
          { cents: 9_999, status: "pending" },
        ],
      },
      NOW,
    );
    const earlier = await confirmedJob(
      database,
      { day: DAY, window: 0, firstName: "Earlier", address: "12 First St" },
      NOW,
    );
    // Neither another day's job nor a cancelled one is on the sheet.
    await confirmedJob(database, { day: "2030-01-09", window: 0, firstName: "Tomorrow", address: "1 A St" }, NOW);
    const gone = await confirmedJob(database, { day: DAY, window: 0, firstName: "Gone", address: "2 B St" }, NOW);
    await cancelBooking(database, gone.bookingId, NOW);

    const page = await sheet(`?date=${DAY}`);
    expect(page.day).toBe(DAY);
    expect(page.jobs.map((j) => j.reference)).toEqual([referenceOf(earlier.leadId), referenceOf(later.leadId)]);
    const [first, second] = page.jobs;
    expect(first).toMatchObject({ name: "Earlier Doe", phone: "+12085550199", sold: null, toCollect: null });
    expect(first!.address).toMatch(/^12 First St, .+, ID 83646$/);
    expect(first!.mapUrl).toBe(`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(first!.address)}`);
    expect(first!.asked).not.toBe("");
    expect(second).toMatchObject({
      sold: {
        label: "Better",
        lines: lines.map((l) => ({ text: l.text, amount: formatAmount(l.cents) })),
        total: formatAmount(total),
      },
      paid: formatAmount(7_575),
      toCollect: formatAmount(total - 7_575),
      accessNote: "Gate code 4321",
    });
    expect(second!.address).toMatch(/^77 Given At Booking Rd, /);
  });

  it("never asks more than the total when the deposits exceed it, says an empty day is empty, and shows today without a date", async () => {
    await confirmedJob(
      database,
      {
        day: DAY,
        window: 0,
        firstName: "Paid",
        address: "5 C St",
        quote: {
          options: [{ label: "Only", lines: [{ text: "Roof", cents: 10_000 }], totalCents: 10_000 }],
          accept: 0,
        },
        payments: [{ cents: 12_000, status: "paid" }],
      },
      NOW,
    );
    expect((await sheet(`?date=${DAY}`)).jobs[0]?.toCollect).toBe(formatAmount(0));
    expect((await sheet("?date=2030-01-10")).jobs).toEqual([]);
    for (const bad of ["2030-02-30", "tomorrow", "2030-1-8"]) {
      const page = await sheet(`?date=${encodeURIComponent(bad)}`);
      expect(page.invalid, bad).toBe(true);
      expect(page.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect((await sheet("")).invalid).toBe(false);
  });
});
