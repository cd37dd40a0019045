/**
 * Characters that lie: a name sent as "Bob\u202Egnp.exe" (a right-to-left override, so it reads "Bobexe.png")
 * and one with a NUL. What the form stores, and what every output shows the owner: the inbox, the CSV, the
 * e-mail, the text message and the calendar feed, for a new request and for a row stored before the rules.
 */
import fc from "fast-check";
import MailComposer from "nodemailer/lib/mail-composer/index.js";
import { beforeAll, describe, expect, it } from "vitest";
import { routeContext } from "../../tests/support/app-context.ts";
import { forbiddenIn, forbiddenInAll, hostileText } from "../../tests/support/hidden-text.ts";
import { readCalendar } from "../../tests/support/ical.ts";
import { headerValues, parsePart } from "../../tests/support/mime-reader.ts";
import { createTestStorage, sampleLead, sampleLeadRow } from "../../tests/support/storage.ts";
import { loader as inboxLoader } from "../routes/admin._index.tsx";
import { loader as requestLoader } from "../routes/admin.requests.$id.tsx";
import { action as contactAction } from "../routes/contact.tsx";
import { decide, requestWindow } from "./features/bookings/bookings.server.ts";
import { feedCalendar } from "./features/bookings/calendar-feed.server.ts";
import { calendar } from "./features/bookings/ics.server.ts";
import { windowsOn } from "./kit/arrival-windows.server.ts";
import type { Database } from "./kit/db/database.server.ts";
import { parseEnv } from "./kit/env.server.ts";
import { leadsCsv } from "./features/admin/export.server.ts";
import { composeLeadEmail, leadSubject, safeMail } from "./notify/mail.server.ts";
import { composeReplyEmail } from "./features/leads/reply.server.ts";
import { composeTextAlert } from "./notify/sms.server.ts";
import { recordLead } from "./features/leads/store.server.ts";
import { listLeads, type ListedLead } from "./features/admin/listing.server.ts";
import { type LeadRow, type NewLead } from "./kit/leads.server.ts";

const RLO = "\u202E";
const NUL = "\u0000";
const now = new Date("2030-01-02T17:00:00Z");

let database: Database;
let dataDir: string;
beforeAll(async () => {
  const storage = await createTestStorage("sqlite");
  database = await storage.open();
  dataDir = storage.env.DATA_DIR;
  return () => storage.cleanup();
});

const env = () =>
  parseEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    SITE_URL: "https://www.gemstateexteriorcleaning.com",
    LEAD_RATE_LIMIT: "0",
  });
const owner = () => routeContext(database, env(), { ownerId: "o1", email: "owner@example.com" });
const delivery = (lead: LeadRow) => ({
  jobId: "j1",
  job: { kind: "email" as const, ref: "", payload: null },
  lead,
  attachment: null,
});

/** The lead's confirmed booking in the owner's calendar feed: its SUMMARY as a calendar program reads it. */
async function feedSummary(leadId: string, day: string): Promise<string> {
  const asked = await requestWindow(database, leadId, windowsOn(day)[0]!, now);
  if (!asked.ok) throw new Error(asked.reason);
  await decide(database, asked.booking.id, { action: "confirm" }, "", now);
  const ics = await feedCalendar(database, env(), now);
  expect.soft(forbiddenIn(ics.replaceAll("\r\n", "\n"), "many")).toEqual([]);
  const event = readCalendar(ics).events.find((e) => e.description.includes(leadId));
  return event!.summary;
}

/** What the inbox's list and the request's page give the browser for this lead. */
async function inboxShows(lead: LeadRow) {
  const list = (await inboxLoader({
    request: new Request(`http://localhost/admin?q=${encodeURIComponent(lead.contact.email)}`),
    params: {},
    context: owner(),
  } as never)) as { rows: { id: string; name: string }[] };
  const page = await requestLoader({
    request: new Request(`http://localhost/admin/requests/${lead.id}`),
    params: { id: lead.id },
    context: owner(),
  } as never);
  return { row: list.rows.find((r) => r.id === lead.id)!, list, page };
}

describe("a request that carries a direction override and a NUL", () => {
  it("is stored without them, and the inbox, the CSV, the owner's e-mail subject and the calendar feed show neither", async () => {
    const email = `rlo-${Math.random().toString(36).slice(2)}@example.com`;
    const body = new URLSearchParams({
      firstName: `Bob${RLO}gnp.exe`,
      lastName: `Nul${NUL}Byte`,
      email,
      phone: "208-555-0199",
      city: `Boi${RLO}se`,
      zipcode: "83702",
      serviceType: "residential",
      message: `First line\r\nsecond${NUL} line${RLO}`,
      contactMethod: "phone",
      _referrer: `https://example.com/${RLO}`,
    });
    await contactAction({
      request: new Request("http://localhost/contact", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "Test\u009B2J" },
        body,
      }),
      params: {},
      context: routeContext(database, env()),
    } as never);
    const [lead] = await listLeads(database, { search: email });
    expect(lead, "stored").toBeDefined();

    // Stored: what the visitor saw.
    expect.soft(lead!.fields.firstName).toBe("Bobgnp.exe");
    expect.soft(lead!.fields.lastName).toBe("NulByte");
    expect.soft(lead!.fields.city).toBe("Boise");
    expect.soft(lead!.fields.message).toBe("First line\nsecond line");
    expect.soft(lead!.contact.name).toBe("Bobgnp.exe NulByte");
    expect.soft(forbiddenInAll(lead, "many")).toEqual([]);

    // Shown: the inbox, the CSV, the owner's e-mail, the calendar feed.
    const { row, page } = await inboxShows(lead!);
    expect.soft(row.name).toBe("Bobgnp.exe NulByte");
    expect.soft(forbiddenInAll(page, "many")).toEqual([]);
    const csv = leadsCsv([lead!]);
    expect.soft(csv).toContain('"Bobgnp.exe","NulByte"');
    expect.soft(csv).not.toContain(RLO);
    expect.soft(csv).not.toContain(NUL);
    expect.soft(leadSubject(lead!)).toBe("New contact request: Bobgnp.exe NulByte, 83702 (Boise)");
    expect.soft(await feedSummary(lead!.id, "2030-01-08")).toBe("Residential — Bobgnp.exe (83702)");
  });
});

/** A row as it may sit in the database from before the rules (or written there another way). */
function oldRow(text: { name: string; other: string; multi: string }): NewLead {
  const base = sampleLead({ idempotencyKey: `key:old-${Math.random()}` });
  return {
    ...base,
    fields: {
      ...base.fields,
      firstName: text.name,
      lastName: text.other,
      city: text.other,
      message: text.multi,
      servicesNeeded: [text.other],
      source: text.other,
    },
    contact: {
      ...base.contact,
      name: `${text.name} ${text.other}`,
      email: `old-${Math.random().toString(36).slice(2)}@example.com`,
    },
    context: { ...base.context, userAgent: text.other, referrer: text.multi, utm: { utm_source: text.other } },
  };
}

describe("a row stored before the rules: each output shows its hidden characters as �", () => {
  it("the inbox, the CSV, the e-mail, the text message and the calendar feed", async () => {
    const { id } = await recordLead(
      database,
      oldRow({ name: `Bob${RLO}gnp.exe`, other: `Nul${NUL}Byte`, multi: `a${NUL}\r\nb${RLO}` }),
      { webhook: false, now },
    );
    const [lead] = (await listLeads(database, {})).filter((l) => l.id === id);
    const { row, list, page } = await inboxShows(lead!);
    expect(row.name).toBe("Bob\uFFFDgnp.exe Nul\uFFFDByte");
    expect(forbiddenInAll(list, "many")).toEqual([]);
    expect(forbiddenInAll(page, "many")).toEqual([]);
    expect(leadsCsv([lead!])).toContain('"Bob\uFFFDgnp.exe","Nul\uFFFDByte"');
    const mail = safeMail(composeLeadEmail(delivery(lead!), env()));
    expect(mail.subject).toBe("New estimate request: Bob\uFFFDgnp.exe Nul\uFFFDByte, 83646 (Nul\uFFFDByte)");
    expect(mail.text).toContain("a\uFFFD\n");
    const text = composeTextAlert(lead!, env().SITE_URL);
    expect(text).not.toContain("Bob"); // its first name is not a plain name: left out of the text, not shown with "�"
    expect(forbiddenIn(text, "one")).toEqual([]);
    expect(await feedSummary(id, "2030-01-09")).toBe("Residential — Bob\uFFFDgnp.exe (83646)");
  });
});

const anyRow = fc
  .record({ name: hostileText(), other: hostileText(), multi: hostileText(80) })
  .map((text): ListedLead => ({ ...sampleLeadRow(oldRow(text)), stage: "new", firstContactAt: null }));

/** Decodes RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=) in a header value. */
const decodeWords = (value: string) =>
  value.replace(/\?=\s+=\?/g, "?==?").replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === "b"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text
            .replace(/_/g, " ")
            .replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );

describe("every output, for any stored text (property-based)", () => {
  it("the CSV, the e-mails (subject, names, bodies), the text message and the calendar never carry a hidden character", () => {
    fc.assert(
      fc.property(anyRow, (lead) => {
        expect(forbiddenIn(leadsCsv([lead]).replaceAll("\r\n", "\n"), "many")).toEqual([]);
        const mails = [
          safeMail(composeLeadEmail(delivery(lead), env())),
          safeMail(composeReplyEmail(delivery(lead), { env: env(), secret: "s".repeat(32), now })),
        ];
        for (const mail of mails) {
          const replyTo = mail.replyTo as { name: string } | undefined;
          for (const line of [mail.subject, replyTo?.name ?? ""]) expect(forbiddenIn(String(line), "one")).toEqual([]);
          for (const body of [mail.text, mail.html]) expect(forbiddenIn(String(body), "many")).toEqual([]);
        }
        expect(forbiddenIn(composeTextAlert(lead, env().SITE_URL), "one")).toEqual([]);
        const ics = calendar({
          method: "PUBLISH",
          name: lead.fields.city as string,
          events: [
            {
              uid: "u@x",
              sequence: 0,
              start: now,
              end: now,
              stamp: now,
              summary: lead.contact.name!,
              description: lead.fields.message as string,
              status: "CONFIRMED",
              organizer: { name: lead.contact.name!, email: "a@example.com" },
              attendee: { name: lead.fields.city as string, email: "b@example.com" },
            },
          ],
        });
        expect(forbiddenIn(ics.replaceAll("\r\n", "\n"), "many")).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it("the e-mail's header block: any name or subject stays in its own header, one line once decoded", async () => {
    await fc.assert(
      fc.asyncProperty(anyRow, async (lead) => {
        const mail = safeMail(composeLeadEmail(delivery(lead), env()));
        const raw = (await new MailComposer(mail).compile().build()).toString("utf8");
        const head = parsePart(raw);
        const names = head.headers.map(([name]) => name).sort();
        expect(names).toEqual(
          [
            "content-type",
            "date",
            "from",
            "message-id",
            "mime-version",
            "reply-to",
            "subject",
            "to",
            "x-lead-id",
          ].sort(),
        );
        for (const name of ["subject", "reply-to"])
          for (const value of headerValues(head, name)) expect(decodeWords(value)).not.toMatch(/[\r\n]/);
      }),
      { numRuns: 50 },
    );
  });
});
