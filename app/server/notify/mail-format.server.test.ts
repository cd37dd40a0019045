/**
 * Every e-mail the site sends, as it is written to DATA_DIR/mail and as it goes over SMTP: CRLF line ends
 * throughout (RFC 5322; a bare LF inside a quoted-printable body is what a strict parser refuses) and
 * `Auto-Submitted: auto-generated` (RFC 3834), so no mail system answers it with a vacation reply.
 */
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type Mail from "nodemailer/lib/mailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedPayload } from "../../../tests/support/booking-mail.ts";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink.ts";
import { headerValues, parsePart } from "../../../tests/support/mime-reader.ts";
import { sampleLead, sampleLeadRow } from "../../../tests/support/storage.ts";
import { composeBookingEmail, composeReminderEmail } from "../features/bookings/booking-mail.server.ts";
import { parseEnv } from "../kit/env.server.ts";
import { composeReviewEmail } from "../features/reviews/review-mail.server.ts";
import type { Delivery } from "./delivery.server.ts";
import { composeLeadEmail, createMailSender } from "./mail.server.ts";
import { composeReplyEmail } from "../features/leads/reply.server.ts";

const env = parseEnv({
  NODE_ENV: "test",
  MAIL_FROM: "website@gemstateexteriorcleaning.com",
  LEADS_TO: "owner@gemstateexteriorcleaning.com",
  SITE_URL: "https://www.gemstateexteriorcleaning.com",
});
const now = new Date("2026-11-24T18:00:00Z");
const secret = "s".repeat(40);
// Line breaks in what the visitor typed and in the owner's note: the bodies have hard line breaks.
const lead = sampleLeadRow({
  fields: { ...sampleLead().fields, message: "Two-story house.\nPlease call after 5.\n\nThanks" },
});
const delivery = (kind: Delivery["job"]["kind"], payload: unknown = null): Delivery => ({
  jobId: `job-${kind}`,
  job: { kind, ref: "3", payload },
  lead,
  attachment: null,
});
const bookingPayload = (to: "customer" | "owner") =>
  confirmedPayload({ to, note: "Crew: Sam.\nBring the long ladder." });
const booking = {
  id: "b-1",
  leadId: lead.id,
  status: "confirmed" as const,
  day: "2026-12-01",
  times: "08:00-10:00",
  startsAt: new Date("2026-12-01T15:00:00Z"),
  endsAt: new Date("2026-12-01T17:00:00Z"),
  sequence: 3,
  invited: true,
  ownerNote: "Gate code at the office.\nCall first.",
  address: null,
  accessNote: "",
  createdAt: now,
  updatedAt: now,
  lateCancellation: null,
};

/** One of each e-mail the site sends: to the owner, the reply, the booking e-mails with their invite, the reminder, the review request. */
const everyEmail: [string, () => Mail.Options][] = [
  ["the owner's request e-mail", () => composeLeadEmail(delivery("email"), env)],
  ["the reply", () => composeReplyEmail(delivery("reply"), { env, secret, now })],
  [
    "the customer's booking e-mail with its invite",
    () => composeBookingEmail(delivery("booking", bookingPayload("customer")), { env, secret, now }),
  ],
  [
    "the owner's booking e-mail",
    () => composeBookingEmail(delivery("booking", bookingPayload("owner")), { env, secret, now }),
  ],
  ["the reminder", () => composeReminderEmail(delivery("reminder"), booking, { env, secret, now })],
  [
    "the review request",
    () =>
      composeReviewEmail(delivery("review"), {
        env,
        reviewUrl: "https://g.page/r/example/review",
        secret,
        emailKey: "k",
        now,
      }),
  ],
];

/** Line ends that are not CRLF: a bare LF or a bare CR. */
const bareLineEnds = (raw: string) => (raw.replace(/\r\n/g, "").match(/[\r\n]/g) ?? []).length;

describe("every e-mail the site sends", () => {
  const received: string[] = [];
  let sink: SmtpSink;
  let dir: string;
  beforeAll(async () => {
    sink = await startSmtpSink({ onMessage: (raw) => void received.push(raw.toString("latin1")) });
    dir = await mkdtemp(path.join(tmpdir(), "mail-format-"));
  });
  afterAll(async () => {
    await sink.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("written to DATA_DIR/mail (.eml): CRLF line ends throughout and Auto-Submitted: auto-generated", async () => {
    for (const [name, compose] of everyEmail) {
      const jobId = name.replace(/\W+/g, "-");
      await createMailSender({ ...env, SMTP_URL: undefined, DATA_DIR: dir }, compose)({ ...delivery("email"), jobId });
      const raw = await readFile(path.join(dir, "mail", `${jobId}.eml`), "latin1");
      expect(bareLineEnds(raw), `${name}: line ends other than CRLF`).toBe(0);
      expect(headerValues(parsePart(raw), "auto-submitted"), name).toEqual(["auto-generated"]);
    }
    expect(await readdir(path.join(dir, "mail"))).toHaveLength(everyEmail.length);
  });

  it("sent over SMTP: CRLF line ends throughout and Auto-Submitted: auto-generated", async () => {
    for (const [name, compose] of everyEmail) {
      received.length = 0;
      await createMailSender({ ...env, SMTP_URL: sink.url, DATA_DIR: dir }, compose)(delivery("email"));
      expect(received, name).toHaveLength(1);
      expect(bareLineEnds(received[0]!), `${name}: line ends other than CRLF`).toBe(0);
      expect(headerValues(parsePart(received[0]!), "auto-submitted"), name).toEqual(["auto-generated"]);
    }
  });
});
