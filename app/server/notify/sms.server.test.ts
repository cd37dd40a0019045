import { afterEach, describe, expect, it } from "vitest";
import { priceBook } from "../../content/price-book.ts";
import { servicesNeededOptions } from "../../forms/options.ts";
import { sampleLeadRow } from "../../../tests/support/storage.ts";
import { startFakeTwilio, type FakeTwilio } from "../../../tests/support/fake-twilio.ts";
import { parseEnv, textAlertSettings } from "../kit/env.server.ts";
import { zipTable } from "../kit/service-area.server.ts";
import type { LeadRow, Fields } from "../kit/leads.server.ts";
import {
  composeTextAlert,
  createTextSender,
  gsm7Length,
  inboxLink,
  NAME_MAX,
  SEGMENT,
  sendText,
  smsFirstName,
} from "./sms.server.ts";

const SITE = "https://www.gemstateexteriorcleaning.com";
const ID = "5a4ad3a8-0d0c-4a5e-9c5e-2b8f0c1d2e3f";

/** An estimate like the ones the forms store, with `fields` replacing some of its fields. */
function lead(fields: Fields = {}, over: Partial<Pick<LeadRow, "kind" | "contact">> = {}): LeadRow {
  const row = sampleLeadRow({}, ID);
  return { ...row, ...over, fields: { ...row.fields, ...fields } };
}

/** Everything personal in sampleLead that the text must never carry. */
const PERSONAL = ["Doe", "jane.doe", "example.com", "555", "0199", "Two-story", "call after", "gclid", "203.0.113"];

const place = (zip: string) => `${zipTable[zip]![0]} ${zip}`;
const aZip = Object.keys(zipTable)[0]!;
const unknownZip = ["99999", "00001", "12345"].find((z) => !Object.hasOwn(zipTable, z))!;

describe("the owner's text message", () => {
  it("says the kind, the first name, the service, the city and ZIP, and links the request in the inbox", () => {
    const text = composeTextAlert(
      lead({ firstName: "Dana", priceService: "house-washing" }, { contact: { ...lead().contact, zip: aZip } }),
      SITE,
    );
    expect(text).toBe(
      `New estimate request: Dana, ${priceBook.services["house-washing"]!.title.toLowerCase()}, ${place(aZip)}. ${SITE}/admin/requests/${ID}`,
    );
    expect(inboxLink(`${SITE}/`, ID)).toBe(`${SITE}/admin/requests/${ID}`);
  });

  it("carries nothing else personal: no last name, e-mail, phone, message, attribution or address", () => {
    for (const kind of ["estimate", "contact", "application"] as const) {
      const text = composeTextAlert(
        lead({ position: "Crew Lead", street: "1234 W Main St", experience: "Two-story houses" }, { kind }),
        SITE,
      );
      for (const personal of [...PERSONAL, "1234", "Main St"])
        expect(text, `${kind}: ${personal}`).not.toContain(personal);
      expect(text).toContain("Jane");
    }
  });

  it("names the services ticked on the contact form, else the property type", () => {
    const contact = composeTextAlert(
      lead({ servicesNeeded: ["Roof Cleaning", "House Washing"] }, { kind: "contact" }),
      SITE,
    );
    expect(contact).toMatch(/^New contact request: Jane, roof cleaning \+ house washing, /);
    expect(composeTextAlert(lead({ servicesNeeded: [], serviceType: "commercial" }), SITE)).toMatch(
      /^New estimate request: Jane, commercial, /,
    );
    // A value the site did not write itself is never repeated.
    expect(composeTextAlert(lead({ servicesNeeded: ["Call me at 208-555-0101"], serviceType: "x" }), SITE)).not.toMatch(
      /Call|208/,
    );
  });

  it("says the position of a job application instead of a service", () => {
    const text = composeTextAlert(
      lead(
        { position: "Crew Lead", zipcode: null, city: null },
        { kind: "application", contact: { ...lead().contact, zip: null } },
      ),
      SITE,
    );
    expect(text).toBe(`New job application: Jane, Crew Lead. ${SITE}/admin/requests/${ID}`);
  });

  it("uses the city typed for a ZIP outside the table only when it is a plain place name", () => {
    const at = (city: string) =>
      composeTextAlert(lead({ city }, { contact: { ...lead().contact, zip: unknownZip } }), SITE);
    expect(at("St. Maries")).toContain(`, St. Maries ${unknownZip}. `);
    expect(at("123 Main St, Eagle")).toContain(`, ${unknownZip}. `);
    expect(at("123 Main St, Eagle")).not.toContain("Main");
  });

  it("keeps a first name of letters (any script), spaces, hyphens and apostrophes, at most 30 characters; else leaves it out", () => {
    for (const [given, kept] of [
      ["Dana", "Dana"],
      ["  José  ", "José"],
      ["Анна", "Анна"],
      ["Mary-Jo", "Mary-Jo"],
      ["O’Brien", "O'Brien"],
      ["Anne  Marie", "Anne Marie"],
      ["a".repeat(NAME_MAX), "a".repeat(NAME_MAX)],
    ])
      expect(smsFirstName(given), given).toBe(kept);
    for (const refused of [
      "a".repeat(NAME_MAX + 1),
      "Dana<script>",
      "Dana http://evil.example",
      "dana@example.com",
      "Dana 2085550101",
      "Dana\nCall 208",
      "Dana.",
      "-'",
      "",
      null,
      ["Dana"],
    ])
      expect(smsFirstName(refused), String(refused)).toBeNull();

    const refusedText = composeTextAlert(lead({ firstName: "Text STOP to 2085550101" }), SITE);
    expect(refusedText).toMatch(/^New estimate request: [a-z]/); // straight to the service
    expect(refusedText).not.toContain("STOP");
  });

  it("fits one segment (160 GSM-7 characters) with a short name, whatever the service and the city", () => {
    const services: Fields[] = [
      ...[...Object.keys(priceBook.services), ...Object.keys(priceBook.callback)].map((slug) => ({
        priceService: slug,
      })),
      { servicesNeeded: servicesNeededOptions.map((o) => o.label) },
      { serviceType: "residential" },
    ];
    const longestCityZip = Object.keys(zipTable).sort((a, b) => zipTable[b]![0].length - zipTable[a]![0].length)[0]!;
    for (const fields of services)
      for (const zip of [longestCityZip, unknownZip]) {
        const text = composeTextAlert(
          lead(
            { ...fields, firstName: "Christopher", city: "Mountain Home Air Force Base" },
            { contact: { ...lead().contact, zip } },
          ),
          SITE,
        );
        expect(gsm7Length(text), text).not.toBeNull();
        expect(gsm7Length(text)!, text).toBeLessThanOrEqual(SEGMENT);
        expect(text).toContain("Christopher");
        expect(text).toContain(`${zip}. ${SITE}/admin/requests/${ID}`);
      }
  });

  it("counts GSM-7 septets: extension characters twice, anything else is not GSM-7", () => {
    expect(gsm7Length("Dana é")).toBe(6);
    expect(gsm7Length("[x]")).toBe(5);
    expect(gsm7Length("Анна")).toBeNull();
    expect(gsm7Length("O’Brien")).toBeNull();
  });

  it("is never composed for a newsletter sign-up", () => {
    expect(() => composeTextAlert(lead({}, { kind: "newsletter" }), SITE)).toThrow();
  });
});

describe("sending the text", () => {
  let fake: FakeTwilio;
  afterEach(() => fake?.close());
  const settings = () => ({
    apiUrl: fake.url,
    sid: "AC0123456789abcdef0123456789abcdef",
    token: "a-secret-token",
    from: "+12085550100",
    to: "+12085550142",
  });

  it("POSTs To, From and Body form-encoded to the account's Messages.json, with Basic auth SID:token", async () => {
    fake = await startFakeTwilio();
    await sendText(settings(), "New estimate request: Dana & co, house washing. https://x.example/a?b=1");
    expect(fake.requests).toEqual([
      {
        method: "POST",
        path: "/2010-04-01/Accounts/AC0123456789abcdef0123456789abcdef/Messages.json",
        authorization: `Basic ${Buffer.from("AC0123456789abcdef0123456789abcdef:a-secret-token").toString("base64")}`,
        contentType: "application/x-www-form-urlencoded",
        form: {
          To: "+12085550142",
          From: "+12085550100",
          Body: "New estimate request: Dana & co, house washing. https://x.example/a?b=1",
        },
        status: 201,
      },
    ]);
  });

  it("fails on a non-2xx answer with the status and the API's error code, so the outbox retries", async () => {
    fake = await startFakeTwilio();
    fake.failNext(1, 500);
    await expect(sendText(settings(), "x")).rejects.toMatchObject({ code: "HTTP_500 20500" });
    fake.failNext(1, 429);
    await expect(sendText(settings(), "x")).rejects.toMatchObject({ code: "HTTP_429" });
    await expect(sendText({ ...settings(), apiUrl: `${fake.url}/elsewhere` }, "x")).rejects.toMatchObject({
      code: "HTTP_404 20404",
    });
  });

  it("gives up after the timeout, and fails on a network error", async () => {
    fake = await startFakeTwilio();
    const { createServer } = await import("node:http");
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as import("node:net").AddressInfo).port;
    await expect(sendText({ ...settings(), apiUrl: `http://127.0.0.1:${port}` }, "x", 200)).rejects.toMatchObject({
      name: "TimeoutError",
    });
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
    await expect(sendText({ ...settings(), apiUrl: `http://127.0.0.1:${port}` }, "x")).rejects.toThrow();
  });

  it("the outbox's sender texts the composed message to OWNER_PHONE, and fails without the settings", async () => {
    fake = await startFakeTwilio();
    const env = parseEnv({
      MAIL_TRANSPORT: "files",
      SITE_URL: SITE,
      TWILIO_API_URL: fake.url,
      TWILIO_ACCOUNT_SID: "AC1",
      TWILIO_AUTH_TOKEN: "token-1",
      TWILIO_FROM: "+12085550100",
      OWNER_PHONE: "+12085550142",
    });
    const row = lead({ firstName: "Dana" });
    await createTextSender(env)({
      jobId: "job-1",
      job: { kind: "sms", ref: "", payload: null },
      lead: row,
      attachment: null,
    });
    expect(fake.delivered().map((r) => r.form)).toEqual([
      { To: "+12085550142", From: "+12085550100", Body: composeTextAlert(row, SITE) },
    ]);
    const none = parseEnv({ MAIL_TRANSPORT: "files" });
    expect(textAlertSettings(none)).toBeNull();
    await expect(
      createTextSender(none)({
        jobId: "job-2",
        job: { kind: "sms", ref: "", payload: null },
        lead: row,
        attachment: null,
      }),
    ).rejects.toMatchObject({
      code: "SMS_NOT_CONFIGURED",
    });
    expect(fake.requests).toHaveLength(1);
  });
});
