import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { backends, createTestStorage, sampleLead, type TestStorage } from "../../../../tests/support/storage.ts";
import { bookingForLead, requestWindow } from "./bookings.server.ts";
import { windowsOn } from "../../kit/arrival-windows.server.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { recordLead } from "../leads/store.server.ts";
import { changeLeadStatus } from "../../kit/leads.server.ts";
import { bookingLine, bookingView, decideForLead, DecisionRefused, shortDayLabel } from "./owner-decisions.server.ts";

const now = new Date("2030-01-02T17:00:00.000Z"); // Wednesday 10:00 in Boise

describe.each(backends)("the owner's decision on an arrival window on %s", (dialect) => {
  let storage: TestStorage;
  let database: Database;

  beforeEach(async () => {
    storage = await createTestStorage(dialect);
    database = await storage.open();
  });
  afterEach(() => storage.cleanup());

  /** A Meridian request (every working day served) with the first window of `day` asked for. */
  const requested = async (day = "2030-01-08", index = 0) => {
    const lead = sampleLead();
    const { id } = await recordLead(database, lead, { webhook: false, now });
    const result = await requestWindow(database, id, windowsOn(day)[index]!, now);
    expect(result.ok).toBe(true);
    return { id, contact: lead.contact };
  };
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => (error instanceof DecisionRefused ? { status: error.status, message: error.message } : error),
    );

  it("shows the window asked for, the decisions its status allows, and the other open windows by day", async () => {
    const lead = await requested();
    const view = (await bookingView(database, lead, now))!;
    const [first, second] = windowsOn("2030-01-08");
    expect(view).toMatchObject({
      status: "requested",
      window: "Tuesday, January 8, 8–10 AM",
      actions: ["confirm", "propose", "decline"],
      note: "",
    });
    const values = view.proposals.flatMap((g) => g.windows.map((w) => w.value));
    expect(values).not.toContain(`2030-01-08 ${first!.times}`);
    expect(values).toContain(`2030-01-08 ${second!.times}`);
    expect(view.proposals[0]!.day).toBe("2030-01-03"); // the next working day, not today
    expect(view.proposals.map((g) => g.day)).toEqual([...new Set(view.proposals.map((g) => g.day))].sort());
    expect(view.proposals[0]!.label).toBe("Thursday, January 3");
    expect(await bookingView(database, { id: "no-booking", contact: lead.contact }, now)).toBeNull();
  });

  it("confirms with a note; a confirmed window can be moved or declined, not confirmed again", async () => {
    const lead = await requested();
    await decideForLead(database, lead, { action: "confirm", note: "Gate code 1234" }, now);
    const view = (await bookingView(database, lead, now))!;
    expect(view).toMatchObject({ status: "confirmed", note: "Gate code 1234", actions: ["propose", "decline"] });
    expect(await refusal(decideForLead(database, lead, { action: "confirm", note: "" }, now))).toMatchObject({
      status: 409,
    });
  });

  it("proposes only a window the request's ZIP may ask for now, and says so when it was just taken", async () => {
    const lead = await requested();
    const [, , , last] = windowsOn("2030-01-09"); // one place (content: the 3–5 PM window takes one job)
    expect(
      await refusal(
        decideForLead(database, lead, { action: "propose", window: "2030-01-02 08:00-10:00", note: "" }, now),
      ),
    ).toEqual({
      status: 400,
      message: "That window cannot be offered any more: choose one from the list.",
    });
    expect(
      await refusal(
        decideForLead(database, lead, { action: "propose", window: "2030-01-09 07:00-09:00", note: "" }, now),
      ),
    ).toMatchObject({
      status: 400,
    });
    const other = await requested("2030-01-09", 3);
    expect(other).toBeTruthy();
    expect(
      await refusal(
        decideForLead(database, lead, { action: "propose", window: `2030-01-09 ${last!.times}`, note: "" }, now),
      ),
    ).toEqual({ status: 409, message: "That window was just taken. Choose another one." });
    const moved = await decideForLead(
      database,
      lead,
      { action: "propose", window: "2030-01-10 10:00-12:00", note: "Thursday suits our crew" },
      now,
    );
    expect(moved).toMatchObject({ status: "proposed", day: "2030-01-10", times: "10:00-12:00" });
  });

  it("changes no window of a job marked completed: no reminder or invite is queued for it again", async () => {
    const lead = await requested();
    await decideForLead(database, lead, { action: "confirm", note: "" }, now);
    await changeLeadStatus(database, lead.id, { status: "completed", note: "", changedBy: "owner" }, now);
    const jobsBefore = await database.db
      .selectFrom("outbox_jobs")
      .select("id")
      .where("lead_id", "=", lead.id)
      .execute();
    for (const input of [
      { action: "decline" as const, note: "" },
      { action: "propose" as const, window: "2030-01-10 10:00-12:00", note: "" },
    ])
      expect(await refusal(decideForLead(database, lead, input, now))).toMatchObject({
        status: 409,
        message: expect.stringContaining("completed") as unknown as string,
      });
    expect((await bookingForLead(database, lead.id))?.status).toBe("confirmed");
    const jobsAfter = await database.db.selectFrom("outbox_jobs").select("id").where("lead_id", "=", lead.id).execute();
    expect(jobsAfter).toHaveLength(jobsBefore.length);
  });

  it("declines, after which nothing is left to decide", async () => {
    const lead = await requested();
    await decideForLead(database, lead, { action: "decline", note: "Booked solid that week" }, now);
    expect((await bookingForLead(database, lead.id))?.status).toBe("declined");
    expect((await bookingView(database, lead, now))!.actions).toEqual([]);
    expect(await refusal(decideForLead(database, lead, { action: "decline", note: "" }, now))).toMatchObject({
      status: 409,
    });
    expect(
      await refusal(
        decideForLead(database, { id: "none", contact: lead.contact }, { action: "confirm", note: "" }, now),
      ),
    ).toMatchObject({ status: 404 });
  });
});

describe("the inbox's window line", () => {
  it("reads like a calendar: short day, the window, the status", () => {
    expect(shortDayLabel("2026-12-01")).toBe("Tue Dec 1");
    expect(bookingLine({ day: "2026-12-01", times: "08:00-10:00", status: "requested" })).toBe(
      "Tue Dec 1, 8–10 AM — requested",
    );
  });
});
