import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../../../../tests/support/smtp-sink.ts";
import { business } from "../../../content/business.ts";
import { sampleLead, sampleLeadRow } from "../../../../tests/support/storage.ts";
import { parseEnv } from "../../kit/env.server.ts";
import { createMailSender } from "../../notify/mail.server.ts";
import { decode, headerValue, headerValues, leaves, parsePart } from "../../../../tests/support/mime-reader.ts";
import { listUnsubscribeHeaders, plainName } from "../../notify/customer-email.server.ts";
import { readNewsletterToken, readSignedToken } from "../../kit/signed-links.server.ts";
import { jobs } from "../../../content/careers.ts";
import { type ReplyContext, composeReplyEmail } from "./reply.server.ts";
import { areaRule } from "../../kit/arrival-windows.server.ts";
import { zipTable } from "../../kit/service-area.server.ts";
import type { NewLead } from "../../kit/leads.server.ts";
import { LEAD_KINDS, type LeadKind } from "../../kit/lead-kinds.server.ts";

const env = parseEnv({
  NODE_ENV: "test",
  MAIL_FROM: "website@gemstateexteriorcleaning.com",
  SITE_URL: "https://www.gemstateexteriorcleaning.com",
});
const secret = "s".repeat(40);
const now = new Date("2030-01-01T18:00:00Z");
const ctx: ReplyContext = { env, secret, now };
const PRICE = "House washing — 2,000 sq ft · 2 stories · vinyl siding: $300 – $600";

const reply = (overrides: Partial<NewLead> = {}) =>
  composeReplyEmail(
    {
      jobId: "job-7",
      job: { kind: "reply", ref: "", payload: null },
      lead: sampleLeadRow(overrides),
      attachment: null,
    },
    ctx,
  );
const newsletter = () =>
  reply({
    kind: "newsletter",
    fields: { email: "reader@example.com", source: "newsletter" },
    contact: { name: null, email: "reader@example.com", phone: null, zip: null },
    inServiceArea: null,
  });
const linkIn = (text: string, path: string) =>
  new URL(new RegExp(`https://www\\.gemstateexteriorcleaning\\.com${path}\\?t=\\S+`).exec(text)![0]);

describe("composeReplyEmail (the visitor's e-mail)", () => {
  it("gives the reference, what happens next and when, the hours and the phone, from the site's address with Reply-To the business", () => {
    const message = reply();
    const text = String(message.text);
    expect(message.from).toEqual({ name: business.name, address: "website@gemstateexteriorcleaning.com" });
    expect(message.replyTo).toEqual({ name: business.name, address: business.email });
    expect(message.to).toEqual({ name: "Jane Doe", address: "jane.doe@example.com" });
    expect(message.subject).toBe("We received your estimate request (reference GS-5A4A-D3A8)");
    expect(message.messageId).toBe("<reply-job-7@gemstateexteriorcleaning.com>");
    expect(text).toContain("Hi Jane,");
    expect(text).toContain("Your reference number: GS-5A4A-D3A8");
    expect(text).toContain(`We will reply within ${business.replyWithinHours} hours with your free estimate.`);
    for (const h of business.hours) expect(text).toContain(`${h.days}: ${h.display}`);
    expect(text).toContain(`Call us at ${business.phone.display}`);
    expect(text).toContain(
      "What you chose\n--------------\nProperty type: Residential\nPreferred contact method: Text message",
    );
    expect(text).not.toContain("Two-story house");
    expect(text).not.toContain("price range");
    expect(String(message.html)).toContain("GS-5A4A-D3A8");
  });

  it("shows the price range when the request carries one", () => {
    const message = reply({ fields: { ...sampleLead().fields, priceEstimate: PRICE } });
    expect(String(message.text)).toContain(`Your price range\n----------------\n${PRICE}`);
    expect(String(message.html)).toContain("House washing — 2,000 sq ft · 2 stories · vinyl siding: $300 – $600");
    expect(String(reply({ fields: { ...sampleLead().fields, priceEstimate: "  " } }).text)).not.toContain(
      "Your price range",
    );
  });

  it("says an application is called back, and a ZIP outside the area is confirmed when we reply", () => {
    const application = reply({
      kind: "application",
      fields: { firstName: "Sam", position: jobs[0]!.title, availability: "Part-time", experience: "Ten years." },
    });
    expect(application.subject).toBe("We received your job application (reference GS-5A4A-D3A8)");
    expect(String(application.text)).toContain(
      `We received your application for ${jobs[0]!.title} and will call you within a few business days.`,
    );
    expect(String(application.text)).toContain(`Position: ${jobs[0]!.title}\nAvailability: Part-time`);
    expect(String(application.text)).not.toContain("Ten years");
    // A position that is not one of the open jobs is not repeated.
    expect(String(reply({ kind: "application", fields: { position: "Verify now" } }).text)).toContain(
      "We received your application for the position and",
    );
    expect(String(reply({ inServiceArea: false }).text)).toContain("outside the area we usually serve");
  });

  it("lists only the choices from the form's fixed lists, by their labels", () => {
    const text = String(
      reply({
        fields: {
          ...sampleLead().fields,
          servicesNeeded: ["House Washing", "Click https://evil.example", "roof-cleaning"],
          serviceType: "Mansion",
          contactMethod: "email",
        },
      }).text,
    );
    expect(text).toContain(
      "What you chose\n--------------\nServices: House Washing, Roof Cleaning\nPreferred contact method: Email\n",
    );
    expect(text).not.toMatch(/evil|Mansion|Property type/);
  });

  it("greets by name only when the name is a plain name, and names the recipient only then", () => {
    for (const name of ["Jane", "Mary Ann", "Jean-Luc", "O'Brien", "José", "Zoë"]) {
      const mail = reply({ fields: { ...sampleLead().fields, firstName: name, lastName: "Doe" } });
      expect(String(mail.text)).toContain(`Hi ${name},`);
      expect(mail.to).toEqual({ name: `${name} Doe`, address: "jane.doe@example.com" });
    }
    for (const name of [
      "Jane http://x.example",
      "Jane2",
      "Visit evil.example",
      "<b>Jane</b>",
      "Jane  Doe",
      "Your mailbox is suspended, verify",
      "Abcdefghij Abcdefghij Abcdefghij",
    ]) {
      const mail = reply({ fields: { ...sampleLead().fields, firstName: name } });
      expect(String(mail.text)).toContain("Hi,\n");
      expect(mail.to).toBe("jane.doe@example.com");
    }
    expect(reply({ fields: { ...sampleLead().fields, lastName: "Doe (verify at evil.example)" } }).to).toBe(
      "jane.doe@example.com",
    );
  });

  it("carries nothing a stranger wrote: no piece of any free field longer than 5 characters, and no link but the site's", () => {
    const phishing = fc.constantFrom(
      "Your mailbox is suspended. Verify now at https://evil.example/login",
      "Call +1 900 555 0100 now",
      "<a href='https://evil.example'>Verify</a>",
    );
    const free = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.string({ unit: "grapheme", maxLength: 40 }),
      fc.webUrl(),
      phishing,
      fc.lorem({ maxCount: 8 }),
    );
    const kinds = fc.constantFrom("estimate" as const, "contact" as const, "application" as const);
    const decodeHtml = (html: string) =>
      html
        .replace(/<[^>]*>/g, " ")
        .replace(
          /&(lt|gt|quot|#39|amp);/g,
          (_, e: string) => ({ lt: "<", gt: ">", quot: '"', "#39": "'", amp: "&" })[e]!,
        );
    const shown = (mail: ReturnType<typeof reply>) =>
      [
        String(mail.subject),
        String(mail.text),
        decodeHtml(String(mail.html)),
        typeof mail.to === "object" ? String((mail.to as { name: string }).name) : "",
      ].join("\n");
    fc.assert(
      fc.property(
        kinds,
        fc.record({
          firstName: free,
          lastName: free,
          city: free,
          message: free,
          experience: free,
          servicesNeeded: fc.array(free, { maxLength: 3 }),
          position: free,
          availability: free,
          contactMethod: free,
          serviceType: free,
          name: free,
        }),
        (kind, typed) => {
          const { name, ...fields } = typed;
          const mail = reply({
            kind,
            fields: { ...fields, email: "jane.doe@example.com", phone: "+12085550199", zipcode: "83646" },
            contact: { ...sampleLead().contact, name },
          });
          // The same request with only its names: what the business writes, and the names when they are plain names.
          const blank = shown(reply({ kind, fields: { firstName: fields.firstName, lastName: fields.lastName } }));
          const all = shown(mail);
          // Names are shown only when they are plain names (the test above); every other piece must not be.
          const texts = [
            fields.city,
            fields.message,
            fields.experience,
            name,
            fields.position,
            fields.availability,
            fields.contactMethod,
            fields.serviceType,
            ...fields.servicesNeeded,
          ];
          for (const field of [fields.firstName, fields.lastName]) if (!plainName(field)) texts.push(field);
          for (const typedText of texts)
            for (let i = 0; i + 6 <= typedText.length; i++) {
              const piece = typedText.slice(i, i + 6);
              // A piece of the business's own wording (a visitor may type "request") or of a plain name is not an echo.
              if (all.includes(piece)) expect(blank).toContain(piece);
            }
          for (const url of all.match(/https?:\/\/\S+|\bwww\.\S+/g) ?? [])
            expect(url).toMatch(/^(https:\/\/)?www\.gemstateexteriorcleaning\.com\b/);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("links an estimate or contact request with windows by day to /book (signed, naming the request only); none by appointment, outside the area or for an application", () => {
    const zipWhere = (kind: ReturnType<typeof areaRule>["kind"]) => {
      const zip = Object.keys(zipTable).find((z) => areaRule(z).kind === kind);
      if (!zip) throw new Error(`the service area has no ZIP code of rule "${kind}"`);
      return zip;
    };
    const withZip = (zip: string, kind: NewLead["kind"] = "estimate") =>
      reply({ kind, contact: { ...sampleLead().contact, zip } });
    for (const kind of ["estimate", "contact"] as const) {
      const message = withZip(zipWhere("days"), kind);
      const link = new RegExp(`https://www\\.gemstateexteriorcleaning\\.com/book\\?r=(\\S+)`).exec(
        String(message.text),
      );
      expect(link, kind).not.toBeNull();
      expect(readSignedToken(decodeURIComponent(link![1]!), "book", secret, now)).toEqual({ id: sampleLeadRow().id });
      // The e-mail's one button (React Email's: the label sits in a span inside the link).
      expect(String(message.html)).toMatch(
        /<a href="https:\/\/www\.gemstateexteriorcleaning\.com\/book\?r=[^"]+" class="gs-button"[^>]*>(?:(?!<\/a>).)*>Choose an arrival window<\/span>/,
      );
    }
    for (const message of [
      withZip(zipWhere("appointment")),
      withZip("10001"),
      withZip(zipWhere("days"), "application"),
    ])
      expect(String(message.text)).not.toContain("/book?");
  });

  it("escapes everything the visitor typed in the HTML part and keeps headers on one line", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.string({ maxLength: 60 }), (name, message) => {
        const evil = `<img src=x onerror=alert(1)>${message}`;
        const mail = reply({
          contact: { ...sampleLead().contact, name: `${name}\r\nBcc: x@evil.test` },
          fields: { ...sampleLead().fields, firstName: `${name}<b>`, message: evil, priceEstimate: `<i>${name}</i>` },
        });
        const html = String(mail.html);
        // The business's icon is the only image.
        expect(html.match(/<img\b[^>]*>/g)?.map((img) => /src="([^"]*)"/.exec(img)?.[1])).toEqual([
          "https://www.gemstateexteriorcleaning.com/apple-touch-icon.png",
        ]);
        expect(html).not.toContain("onerror");
        expect(html).not.toContain("<b>");
        expect(html).not.toContain("<i>");
        expect(JSON.stringify(mail.to)).not.toMatch(/\\[rn]/);
      }),
      { numRuns: 50 },
    );
  });

  it("for a newsletter sign-up: a confirmation link (signed, expiring) and the List-Unsubscribe headers, no reference", () => {
    const message = newsletter();
    const text = String(message.text);
    expect(message.subject).toBe(`Please confirm your subscription to ${business.name} tips`);
    expect(message.to).toBe("reader@example.com");
    expect(text).not.toContain("GS-");
    const confirm = linkIn(text, "/newsletter/confirm");
    const unsubscribe = linkIn(text, "/newsletter/unsubscribe");
    expect(readNewsletterToken(confirm.searchParams.get("t")!, "confirm", secret, now)).toEqual({
      leadId: "5a4ad3a8-0d0c-4a5e-9c5e-2b8f0c1d2e3f",
    });
    expect(
      readNewsletterToken(confirm.searchParams.get("t")!, "confirm", secret, new Date(now.getTime() + 8 * 86_400_000)),
    ).toBe("expired");
    expect(readNewsletterToken(confirm.searchParams.get("t")!, "unsubscribe", secret, now)).toBe("invalid");
    expect(message.headers).toEqual({
      "List-Unsubscribe": `<${unsubscribe.href}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(String(message.html)).toContain(`href="${confirm.href}"`);
  });

  it("builds the one-click List-Unsubscribe-Post header for an https link only", () => {
    expect(listUnsubscribeHeaders("https://example.com/u?t=1")).toEqual({
      "List-Unsubscribe": "<https://example.com/u?t=1>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(listUnsubscribeHeaders("http://localhost:5173/u?t=1")).toEqual({
      "List-Unsubscribe": "<http://localhost:5173/u?t=1>",
    });
  });

  it("with an http SITE_URL (development), the confirmation e-mail is built without the one-click header instead of failing", () => {
    const dev = parseEnv({
      NODE_ENV: "development",
      MAIL_FROM: "website@gemstateexteriorcleaning.com",
      SITE_URL: "http://localhost:5173",
    });
    const lead = sampleLeadRow({
      kind: "newsletter",
      fields: { email: "reader@example.com" },
      contact: { name: null, email: "reader@example.com", phone: null, zip: null },
    });
    const message = composeReplyEmail(
      { jobId: "job-9", job: { kind: "reply", ref: "", payload: null }, lead, attachment: null },
      { env: dev, secret, now },
    );
    expect(message.headers).toEqual({
      "List-Unsubscribe": expect.stringMatching(/^<http:\/\/localhost:5173\/newsletter\/unsubscribe\?t=\S+>$/),
    });
    expect(String(message.text)).toContain("http://localhost:5173/newsletter/confirm?t=");
  });
});

describe("the visitor's e-mail over SMTP", () => {
  const received: { to: string[]; raw: string }[] = [];
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink({
      onMessage: (raw, envelope) => void received.push({ to: envelope.to, raw: raw.toString("utf8") }),
    });
  });
  afterAll(() => sink.close());

  it("arrives as plain text and HTML with the RFC 8058 headers intact", async () => {
    const send = createMailSender({ ...env, SMTP_URL: sink.url }, (delivery) => composeReplyEmail(delivery, ctx));
    await send({
      jobId: "job-8",
      job: { kind: "reply", ref: "", payload: null },
      lead: sampleLeadRow({
        kind: "newsletter",
        fields: { email: "reader@example.com" },
        contact: { name: null, email: "reader@example.com", phone: null, zip: null },
      }),
      attachment: null,
    });
    expect(received.at(-1)!.to).toEqual(["reader@example.com"]);
    const message = parsePart(received.at(-1)!.raw);
    expect(headerValue(message, "reply-to")).toBe(`${business.name} <${business.email}>`);
    expect(headerValues(message, "list-unsubscribe")).toHaveLength(1);
    expect(headerValue(message, "list-unsubscribe")).toMatch(
      /^<https:\/\/www\.gemstateexteriorcleaning\.com\/newsletter\/unsubscribe\?t=[^>\s]+>$/,
    );
    expect(headerValue(message, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const types = leaves(message).map((p) => headerValue(p, "content-type").split(";")[0]);
    expect(types).toEqual(["text/plain", "text/html"]);
    expect(decode(leaves(message)[0]!)).toContain("Confirm my subscription");
  });
});

describe("what the reply says was received, for every kind of request", () => {
  // What each form is, in the words of its page: the contact page's "Send My Request" may ask anything.
  const received: Record<LeadKind, RegExp> = {
    estimate: /^We received your estimate request \(reference GS-[0-9A-F]{4}-[0-9A-F]{4}\)$/,
    contact: /^We received your request \(reference GS-[0-9A-F]{4}-[0-9A-F]{4}\)$/,
    application: /^We received your job application \(reference GS-[0-9A-F]{4}-[0-9A-F]{4}\)$/,
    newsletter: /^Please confirm your subscription to /,
  };

  it.each(LEAD_KINDS.map((kind) => [kind]))("%s: the subject and the first lines name what was sent", (kind) => {
    const message =
      kind === "newsletter"
        ? newsletter()
        : reply({
            kind,
            fields: { ...sampleLead().fields, ...(kind === "application" ? { position: jobs[0]!.slug } : {}) },
          });
    expect(message.subject).toMatch(received[kind]);
    const noun = /^We received your (.+) \(reference/.exec(String(message.subject))?.[1];
    if (noun) expect(String(message.text)).toContain(`We received your ${noun}.`);
    if (kind !== "estimate") expect(String(message.text)).not.toContain("estimate request");
  });
});
