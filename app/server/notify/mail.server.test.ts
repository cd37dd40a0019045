import { mkdir, mkdtemp, readFile, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleLead, sampleLeadRow } from "../../../tests/support/storage.ts";
import { parseEnv } from "../kit/env.server.ts";
import { startSmtpSink, type SmtpSink } from "../../../tests/support/smtp-sink.ts";
import { composeLeadEmail, createMailSender, leadSubject, purgeMailFiles } from "./mail.server.ts";
import type { Delivery } from "./delivery.server.ts";
import type { LeadRow, NewLead } from "../kit/leads.server.ts";
import { decode, headerValue, headerValues, leaves, parsePart } from "../../../tests/support/mime-reader.ts";

const env = parseEnv({
  NODE_ENV: "test",
  MAIL_FROM: "website@gemstateexteriorcleaning.com",
  LEADS_TO: "owner@gemstateexteriorcleaning.com",
});
const INJECTION = "\r\nBcc: x@evil.test";

const leadRow = (overrides: Partial<NewLead> = {}): LeadRow => sampleLeadRow(overrides);

const hostile = (): LeadRow => {
  const base = sampleLead();
  return leadRow({
    contact: { ...base.contact, name: `Jane${INJECTION} Doe` },
    fields: {
      ...base.fields,
      firstName: `Jane${INJECTION}`,
      city: `Meridian${INJECTION}`,
      message: `<script>alert("x")</script>${INJECTION}\nSecond line & more`,
    },
  });
};

describe("composeLeadEmail", () => {
  it("builds a subject like 'New estimate request: Jane Doe, 83646 (Meridian)'", () => {
    expect(leadSubject(leadRow())).toBe("New estimate request: Jane Doe, 83646 (Meridian)");
    expect(leadSubject(leadRow({ inServiceArea: false }))).toBe(
      "New estimate request: Jane Doe, 83646 (Meridian) [outside service area]",
    );
    expect(leadSubject(leadRow({ kind: "application", fields: { position: "Pressure Washing Technician" } }))).toBe(
      "New job application: Jane Doe, Pressure Washing Technician",
    );
    expect(
      leadSubject(
        leadRow({
          kind: "newsletter",
          fields: { email: "a@b.test" },
          contact: { name: null, email: "a@b.test", phone: null, zip: null },
        }),
      ),
    ).toBe("New newsletter sign-up: a@b.test");
  });

  it("starts the subject of a request kept with a spam flag with the flag, and lists it with the fields", () => {
    const flagged = leadRow({ fields: { ...leadRow().fields, spamSignal: "sent fast" } });
    expect(leadSubject(flagged)).toBe("[Check: sent fast] New estimate request: Jane Doe, 83646 (Meridian)");
    expect(
      String(
        composeLeadEmail(
          { jobId: "job-1", job: { kind: "email", ref: "", payload: null }, lead: flagged, attachment: null } as never,
          {
            MAIL_FROM: "site@example.com",
            LEADS_TO: "owner@example.com",
          },
        ).text,
      ),
    ).toContain("Check (spam signal): sent fast");
  });

  it("keeps the subject on one line and at most 150 characters", () => {
    const subject = leadSubject(hostile());
    expect(subject).not.toMatch(/[\r\n]/);
    expect(subject).toBe("New estimate request: Jane Bcc: x@evil.test Doe, 83646 (Meridian Bcc: x@evil.test)");
    const long = leadSubject(leadRow({ contact: { ...sampleLead().contact, name: "N".repeat(400) } }));
    expect(Array.from(long)).toHaveLength(150);
    expect(long.endsWith("…")).toBe(true);
  });

  it("lists every field with its label in text and escaped HTML, with a Message-ID from the job id", () => {
    const message = composeLeadEmail(
      { jobId: "job-1", job: { kind: "email", ref: "", payload: null }, lead: hostile(), attachment: null },
      env,
    );
    expect(message.messageId).toBe("<lead-job-1@gemstateexteriorcleaning.com>");
    expect(message.from).toEqual({
      name: "Gem State Exterior Cleaning website",
      address: "website@gemstateexteriorcleaning.com",
    });
    expect(message.to).toBe("owner@gemstateexteriorcleaning.com");
    expect(message.replyTo).toEqual({ name: "Jane Bcc: x@evil.test Doe", address: "jane.doe@example.com" });
    const text = String(message.text);
    for (const label of [
      "First name:\n  Jane\n  Bcc: x@evil.test\n",
      "Last name: Doe",
      "ZIP code: 83646",
      "Property type: Residential",
      "Services needed: House washing, Gutter cleaning",
      "Project details:\n",
      "Preferred contact method: Text message",
      "Agreed to text messages: Yes",
      "Consent proof:\n  Given Dec 31, 2029, 5:00 PM MT, wording sms-2025-01:\n  I agree",
      "utm_source: google",
      "gclid: gclid-123",
      "Reference: GS-5A4A-D3A8",
      "Request ID: 5a4ad3a8",
    ]) {
      expect(text).toContain(label);
    }
    const html = String(message.html);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("Second line &amp; more");
    expect(html).not.toContain("<script>");
    expect(html).toContain('<th align="left" valign="top" style="padding:4px 12px 4px 0">Project details</th>');
  });

  it("drops a Reply-To address that is not a single plain address", () => {
    const lead = leadRow({ contact: { ...sampleLead().contact, email: `jane@example.com${INJECTION}` } });
    expect(
      composeLeadEmail({ jobId: "j", job: { kind: "email", ref: "", payload: null }, lead, attachment: null }, env)
        .replyTo,
    ).toBeUndefined();
  });
});

describe("createMailSender", () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink({
      onMessage: (raw, envelope) => void received.push({ ...envelope, raw: raw.toString("utf8") }),
    });
  });
  afterAll(() => sink.close());

  it("requires STARTTLS unless the SMTP URL says otherwise", async () => {
    const plain = createMailSender({ ...env, SMTP_URL: `smtp://127.0.0.1:${sink.port}` });
    await expect(
      plain({ jobId: "tls-1", job: { kind: "email", ref: "", payload: null }, lead: leadRow(), attachment: null }),
    ).rejects.toThrow(/STARTTLS/);
    expect(received).toHaveLength(0);
  });

  it("sends through SMTP without letting visitor input add a header", async () => {
    const send = createMailSender({ ...env, SMTP_URL: sink.url });
    const delivery: Delivery = {
      jobId: "0b8c6f5e-1111-4222-8333-944445555666",
      job: { kind: "email", ref: "", payload: null },
      lead: hostile(),
      attachment: {
        filename: `resume${INJECTION}.pdf`,
        contentType: "application/pdf",
        bytes: new Uint8Array(Buffer.from("%PDF-1.4 test")),
      },
    };
    await send(delivery);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.from).toBe("website@gemstateexteriorcleaning.com");
    expect(mail.to).toEqual(["owner@gemstateexteriorcleaning.com"]);

    const message = parsePart(mail.raw);
    const names = message.headers.map(([name]) => name);
    expect(names).not.toContain("bcc");
    expect(names).not.toContain("cc");
    for (const name of ["from", "to", "reply-to", "subject", "message-id"])
      expect(headerValues(message, name)).toHaveLength(1);
    expect(headerValue(message, "from")).toBe(
      "Gem State Exterior Cleaning website <website@gemstateexteriorcleaning.com>",
    );
    expect(headerValue(message, "to")).toBe("owner@gemstateexteriorcleaning.com");
    expect(headerValue(message, "reply-to")).toBe('"Jane Bcc: x@evil.test Doe" <jane.doe@example.com>');
    expect(headerValue(message, "subject")).toBe(
      "New estimate request: Jane Bcc: x@evil.test Doe, 83646 (Meridian Bcc: x@evil.test)",
    );
    expect(headerValue(message, "message-id")).toBe(`<lead-${delivery.jobId}@gemstateexteriorcleaning.com>`);
    // No line of the header block starts a header the visitor wrote.
    expect(mail.raw.slice(0, mail.raw.indexOf("\r\n\r\n"))).not.toMatch(/^bcc:/im);

    const parts = leaves(message);
    const html = decode(parts.find((p) => headerValue(p, "content-type").startsWith("text/html"))!);
    const text = decode(parts.find((p) => headerValue(p, "content-type").startsWith("text/plain"))!);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).not.toContain("<script>");
    expect(text).toContain("Project details:");
    const attachment = parts.find((p) => headerValue(p, "content-type").startsWith("application/pdf"))!;
    expect(headerValue(attachment, "content-disposition")).toContain('filename="resume Bcc: x@evil.test.pdf"');
    expect(decode(attachment)).toBe("%PDF-1.4 test");
  });

  it("writes DATA_DIR/mail/{jobId}.eml when no SMTP_URL is set", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "mail-test-"));
    try {
      const send = createMailSender({ ...env, SMTP_URL: undefined, DATA_DIR: dir });
      await send({
        jobId: "job-42",
        job: { kind: "email", ref: "", payload: null },
        lead: leadRow(),
        attachment: null,
      });
      const eml = await readFile(path.join(dir, "mail", "job-42.eml"), "utf8");
      const message = parsePart(eml);
      expect(headerValue(message, "subject")).toBe("New estimate request: Jane Doe, 83646 (Meridian)");
      expect(headerValue(message, "message-id")).toBe("<lead-job-42@gemstateexteriorcleaning.com>");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("the retention purge removes old files in DATA_DIR/mail", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "mail-test-"));
    try {
      await mkdir(path.join(dir, "mail"));
      const now = new Date("2030-06-01T00:00:00Z");
      for (const [name, daysOld] of [
        ["old.eml", 400],
        ["recent.eml", 10],
        ["notes.txt", 400],
      ] as const) {
        const file = path.join(dir, "mail", name);
        await writeFile(file, "x");
        const at = new Date(now.getTime() - daysOld * 86_400_000);
        await utimes(file, at, at);
      }
      expect(await purgeMailFiles(dir, 365 * 86_400_000, now)).toBe(1);
      expect((await readdir(path.join(dir, "mail"))).sort()).toEqual(["notes.txt", "recent.eml"]);
      expect(await purgeMailFiles(path.join(dir, "missing"), 1, now)).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
