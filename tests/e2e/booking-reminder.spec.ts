/**
 * The reminder the day before a confirmed window (docs/decisions/020-booking.md), with the real server process:
 * bookings prepared through the store on the server's own database, the server stopped, then started again under
 * faketime at 10:00:30 Boise time the day before the window. What arrives at the SMTP sink is what the customers get:
 * one reminder for the confirmed window, none for the window that was moved or cancelled. The confirmation's invite is
 * read with ical.js as a calendar program would.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { localDateString, localTime } from "../../app/server/kit/business-time.server.ts";
import { cancelBooking, decide, requestWindow } from "../../app/server/features/bookings/bookings.server.ts";
import { timesLabel, windowsOn } from "../../app/server/kit/arrival-windows.server.ts";
import { openDatabase, type Database } from "../../app/server/kit/db/database.server.ts";
import { recordLead } from "../../app/server/features/leads/store.server.ts";
import { readCalendar } from "../support/ical.ts";
import { fakeClock, hasFaketime, NO_FAKETIME } from "../support/faketime.ts";
import { decode, headerValue, leaves, parsePart, type Part } from "../support/mime-reader.ts";
import { freePort, startServer, type ServerHandle } from "../support/processes.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { sampleLead } from "../support/storage.ts";
import { expect, test } from "./fixtures.ts";
import { uniqueEmail } from "./leads.ts";

const SITE_URL = "https://www.gemstateexteriorcleaning.com";

test.skip(({ isMobile }) => isMobile, "server behaviour, checked once on the desktop project");
test.skip(!hasFaketime, NO_FAKETIME);

interface Received {
  to: string[];
  message: Part;
}

/** The e-mails `to` received, parsed. */
const mailsTo = (received: Received[], to: string) => received.filter((m) => m.to.includes(to)).map((m) => m.message);
const textOf = (message: Part) =>
  decode(leaves(message).find((p) => headerValue(p, "content-type").startsWith("text/plain"))!);
const subjectOf = (message: Part) =>
  headerValue(message, "subject").replace(/=\?UTF-8\?Q\?(.*?)\?=\s*/gi, (_, q: string) =>
    Buffer.from(
      q.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (__, h: string) => String.fromCharCode(parseInt(h, 16))),
      "latin1",
    ).toString("utf8"),
  );

test("the day before a confirmed window, one reminder goes out at 10:00 Boise time; none for a window moved or cancelled; the invite reads right", async () => {
  test.setTimeout(120_000);
  const received: Received[] = [];
  const sink: SmtpSink = await startSmtpSink({
    onMessage: (raw, envelope) =>
      void received.push({ to: envelope.to, message: parsePart(raw.toString("utf8").replace(/\r?\n/g, "\r\n")) }),
  });
  const dir = mkdtempSync(path.join(tmpdir(), "gs-reminder-"));
  const dataDir = path.join(dir, "data");
  const env = { SITE_URL, SMTP_URL: sink.url, LOG_LEVEL: "info", TZ: "UTC" };
  let server: ServerHandle | undefined;
  let database: Database | undefined;
  try {
    server = await startServer({ port: await freePort(), dataDir, env });
    database = await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    const db = database;

    // A window ten days from now (whatever the day: the store takes the window it is given), and another the day after.
    const now = new Date();
    const day = localDateString(new Date(now.getTime() + 10 * 86_400_000));
    // Room for the three bookings whatever the content's capacity of a window.
    const [window, other] = windowsOn(day).map((w) => ({ ...w, capacity: 10 }));
    const nextDay = windowsOn(localDateString(new Date(now.getTime() + 11 * 86_400_000)))[0]!;

    async function booked(name: string) {
      const email = uniqueEmail(`reminder-${name}`);
      const lead = sampleLead({ contact: { ...sampleLead().contact, email } });
      lead.fields = { ...lead.fields, email, firstName: name, priceService: "house-washing" };
      const { id } = await recordLead(db, lead, { webhook: false, now });
      const asked = await requestWindow(db, id, window!, now);
      if (!asked.ok) throw new Error(`could not ask for the window: ${asked.reason}`);
      const confirmed = await decide(db, asked.booking.id, { action: "confirm" }, "", now);
      if (!confirmed.ok) throw new Error(`could not confirm: ${confirmed.reason}`);
      return { email, leadId: id, booking: confirmed.booking };
    }
    const kept = await booked("Kept");
    const moved = await booked("Moved");
    const cancelled = await booked("Cancelled");
    expect((await requestWindow(db, moved.leadId, nextDay, now)).ok).toBe(true);
    expect((await decide(db, moved.booking.id, { action: "propose", window: other! }, "", now)).ok).toBe(true);
    expect((await cancelBooking(db, cancelled.booking.id, now)).ok).toBe(true);

    // The running server sends the confirmation with its invite (the store's jobs are picked up by its outbox).
    await expect.poll(() => mailsTo(received, kept.email).length, { timeout: 15_000 }).toBe(1);
    const confirmation = mailsTo(received, kept.email)[0]!;
    expect(subjectOf(confirmation)).toMatch(/^Your arrival window is confirmed: /);
    const invitePart = leaves(confirmation).find((p) => headerValue(p, "content-type").startsWith("text/calendar"))!;
    expect(headerValue(invitePart, "content-type")).toMatch(/method=REQUEST/i);
    const invite = readCalendar(decode(invitePart));
    expect(invite.method).toBe("REQUEST");
    expect(invite.events).toHaveLength(1);
    expect(invite.events[0]).toMatchObject({
      uid: `booking-${kept.booking.id}@www.gemstateexteriorcleaning.com`,
      sequence: kept.booking.sequence,
      status: "CONFIRMED",
      startZone: "America/Boise",
    });
    expect(invite.events[0]!.start.toISOString()).toBe(window!.startsAt.toISOString());
    expect(invite.events[0]!.end.toISOString()).toBe(window!.endsAt.toISOString());
    // The others' e-mails (their confirmations, the move's and the cancellation's) have gone out too.
    await expect.poll(() => mailsTo(received, cancelled.email).length, { timeout: 15_000 }).toBe(2);
    await expect.poll(() => mailsTo(received, moved.email).length, { timeout: 15_000 }).toBe(3);
    const reminders = () => received.filter((m) => /^See you /.test(subjectOf(m.message)));
    expect(reminders()).toHaveLength(0);
    await server.stop();

    // The day before the window, 10:00:30 in Boise.
    const [year, month, date] = day.split("-").map(Number) as [number, number, number];
    const due = localTime(year, month, date - 1, 10, 0);
    const fakeNow = new Date(due.getTime() + 30_000);
    server = await startServer({
      port: await freePort(),
      dataDir,
      env: {
        ...env,
        ...fakeClock(fakeNow),
      },
    });
    await expect.poll(() => mailsTo(received, kept.email).length, { timeout: 20_000 }).toBe(2);
    const reminder = mailsTo(received, kept.email)[1]!;
    expect(subjectOf(reminder)).toBe(`See you tomorrow between ${timesLabel(window!.times).replace("–", " and ")}`);
    expect(textOf(reminder)).toContain("/book/manage?t=");
    // Every reminder job is settled: the kept one sent, the moved and cancelled ones called off. Nothing else can go out.
    await expect
      .poll(async () =>
        (await db.db.selectFrom("outbox_jobs").select(["lead_id", "status"]).where("kind", "=", "reminder").execute())
          .map(
            (j) =>
              `${j.lead_id === kept.leadId ? "kept" : j.lead_id === moved.leadId ? "moved" : "cancelled"} ${j.status}`,
          )
          .sort(),
      )
      .toEqual(["cancelled cancelled", "kept sent", "moved cancelled"]);
    expect(reminders()).toHaveLength(1);
    expect(mailsTo(received, moved.email)).toHaveLength(3);
    expect(mailsTo(received, cancelled.email)).toHaveLength(2);
  } finally {
    await database?.close();
    await server?.stop();
    await sink.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
