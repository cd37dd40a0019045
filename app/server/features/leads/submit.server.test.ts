import fc from "fast-check";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSignedToken, linkSecret } from "../../kit/signed-links.server.ts";
import { action as applyAction } from "../../../routes/careers.apply.tsx";
import { action as contactAction } from "../../../routes/contact.tsx";
import { action as newsletterAction } from "../../../routes/newsletter.tsx";
import { action as estimateAction } from "../../../routes/estimate.tsx";
import { loader as receivedLoader } from "../../../routes/request-received.tsx";
import { appContext } from "../../kit/context.server.ts";
import { createTestStorage, type TestStorage } from "../../../../tests/support/storage.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { parseEnv } from "../../kit/env.server.ts";
import { confirmSubscription, unsubscribe } from "../newsletter/subscriptions.server.ts";
import { referenceOf } from "../../kit/reference.server.ts";
import { listLeads } from "../admin/listing.server.ts";
import { business } from "../../../content/business.ts";
import { CONSENT } from "../../../forms/consent.ts";

/**
 * The form actions as the server runs them: a real Request, a real database, the app context.
 * What a visitor is answered, and what is (or is not) stored.
 */
let storage: TestStorage;
let database: Database;

beforeAll(async () => {
  storage = await createTestStorage("sqlite");
  database = await storage.open();
});
afterAll(() => storage.cleanup());

function context(overrides: { ip?: string; rateLimit?: number; db?: Database; document?: boolean } = {}) {
  const ctx = new RouterContextProvider();
  const env = parseEnv({
    NODE_ENV: "test",
    DATA_DIR: storage.env.DATA_DIR,
    LEAD_MIN_FILL_SECONDS: "3",
    LEAD_RATE_LIMIT: String(overrides.rateLimit ?? 0),
  });
  ctx.set(appContext, {
    database: overrides.db ?? database,
    env,
    logger: pino({ level: "silent" }),
    notifyOutbox: () => {},
    clientIp: overrides.ip ?? "203.0.113.7",
    documentRequest: overrides.document,
  });
  return ctx;
}

const valid = (email: string, extra: Record<string, string> = {}) => ({
  firstName: "Jane",
  lastName: "Doe",
  email,
  phone: "208-555-0199",
  zipcode: "83646",
  agreed: "on",
  ...extra,
});

type Entries = Record<string, string | string[]> | [string, string][];

function post(path: string, fields: Entries, init: { contentType?: string; body?: BodyInit } = {}) {
  const body = new URLSearchParams();
  const pairs = Array.isArray(fields)
    ? fields
    : Object.entries(fields).flatMap(([k, v]) => [v].flat().map((value): [string, string] => [k, value]));
  for (const [k, value] of pairs) body.append(k, value);
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: {
      "Content-Type": init.contentType ?? "application/x-www-form-urlencoded",
      Referer: "http://localhost/about",
    },
    body: init.body ?? body.toString(),
  });
}

async function submit(
  fields: Entries,
  opts: Parameters<typeof context>[0] & { contentType?: string; body?: BodyInit } = {},
) {
  const result = (await estimateAction({
    request: post("/estimate", fields, opts),
    context: context(opts),
    params: {},
  } as never)) as unknown as {
    data: { result: { error?: Record<string, string[] | null> }; confirmation?: { title: string } };
    init: { status?: number } | null;
  };
  return { status: result.init?.status ?? 200, ...result.data };
}

const stored = async (email: string) => (await listLeads(database, {})).filter((l) => l.contact.email === email);
const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2)}@example.com`;

describe("lead form actions", () => {
  it("stores a valid request once and confirms; without a key the same content within ten minutes is one request", async () => {
    const email = unique("ok");
    const first = await submit(valid(email));
    expect(first.status).toBe(200);
    expect(first.confirmation?.title).toContain("Thank you");
    await submit(valid(email));
    expect(await stored(email)).toHaveLength(1);
    await submit(valid(email, { zipcode: "83702" }));
    expect(await stored(email)).toHaveLength(2);
    const [lead] = await stored(email);
    expect(lead!.context.page).toBe("/about");
    // The consent proof: the wording's version and its exact text, with the time, the page, the address and browser.
    expect(lead!.consent).toEqual({ version: CONSENT.version, text: CONSENT.text, at: expect.any(Date) });
    expect(lead!.context).toMatchObject({ ip: "203.0.113.7", userAgent: expect.any(String) });
    const unticked = unique("no-consent");
    await submit(valid(unticked, { agreed: "" }));
    expect(await stored(unticked)).toHaveLength(0); // required on the FREE ESTIMATE form
  });

  it("keeps a request sent faster than a person types (autofill, or a bot), flagged for the owner; turns the honeypot away with an ordinary confirmation", async () => {
    const fast = unique("fast");
    const answer = await submit(valid(fast, { _elapsed_ms: "800" }));
    expect(answer.confirmation?.title).toContain("Thank you");
    expect(JSON.stringify(answer)).toMatch(/GS-[0-9A-F]{4}-[0-9A-F]{4}/); // a real reference: it was stored
    const [kept] = await stored(fast);
    expect(kept?.fields.spamSignal).toBe("sent fast");
    expect(await stored(fast)).toHaveLength(1);

    const bot = unique("bot");
    expect((await submit(valid(bot, { kq_confirm_field: "x" }))).confirmation?.title).toContain("Thank you");
    expect(await stored(bot)).toHaveLength(0);

    const human = unique("human");
    await submit(valid(human, { _elapsed_ms: "4500" }));
    const [person] = await stored(human);
    expect(person?.fields.spamSignal).toBeUndefined();
    // Without JavaScript no fill time is sent: nothing to flag.
    const plain = unique("plain");
    await submit(valid(plain));
    expect((await stored(plain))[0]?.fields.spamSignal).toBeUndefined();
  });

  it("answers a newsletter address already on the list exactly as a new one (no list enumeration)", async () => {
    const email = unique("news");
    const signUp = async () => {
      const answer = (await newsletterAction({
        request: post("/newsletter", { email }),
        context: context(),
        params: {},
      } as never)) as unknown as { data: unknown; init: unknown };
      return JSON.stringify(answer);
    };
    const first = await signUp();
    expect(first).toContain("Please check your inbox");
    expect(first).not.toContain("GS-");
    expect(await signUp()).toBe(first); // pending
    const [lead] = await stored(email);
    await confirmSubscription(database, lead!.id);
    expect(await signUp()).toBe(first); // confirmed
    await unsubscribe(database, lead!.id);
    expect(await signUp()).toBe(first); // unsubscribed
    expect(await stored(email)).toHaveLength(1);
  });

  it("queues the visitor's reply with the request, shows its reference, and queues nothing for a bot or a repeat", async () => {
    const replies = async (email: string) => {
      const [lead] = await stored(email);
      if (!lead) return [];
      return (
        await database.db
          .selectFrom("outbox_jobs")
          .select("kind")
          .where("lead_id", "=", lead.id)
          .where("kind", "=", "reply")
          .execute()
      ).map((j) => j.kind);
    };
    const email = unique("reply");
    const key = crypto.randomUUID();
    const answer = (await submit(valid(email, { _idem: key }))) as { confirmation?: { reference?: string } };
    const [lead] = await stored(email);
    expect(answer.confirmation?.reference).toBe(referenceOf(lead!.id));
    expect(answer.confirmation?.reference).toMatch(/^GS-[0-9A-F]{4}-[0-9A-F]{4}$/);
    const again = (await submit(valid(email, { _idem: key }))) as { confirmation?: { reference?: string } };
    expect(again.confirmation?.reference).toBe(answer.confirmation?.reference);
    expect(await replies(email)).toEqual(["reply"]);

    const bot = unique("reply-bot");
    const botAnswer = (await submit(valid(bot, { kq_confirm_field: "x" }))) as {
      confirmation?: { reference?: string };
    };
    expect(botAnswer.confirmation?.reference).toBeUndefined();
    expect(await replies(bot)).toEqual([]);
  });

  it("answers 400 with a message per invalid field and stores nothing", async () => {
    const email = unique("bad");
    const answer = await submit({ firstName: "", lastName: "D", email, phone: "12", zipcode: "8364" });
    expect(answer.status).toBe(400);
    expect(answer.result.error).toMatchObject({
      firstName: ["Enter your first name"],
      phone: [`Enter a 10-digit phone number like ${business.phone.display}`],
      zipcode: ["Enter a 5-digit ZIP code like 83646"],
      agreed: ["Tick the box to agree to text messages about your request"],
    });
    expect(await stored(email)).toHaveLength(0);
  });

  it("refuses bodies over 64 KB with 413 and other content types with 415", async () => {
    const email = unique("big");
    const big = await submit(valid(email, { message: "x".repeat(70_000) }));
    expect(big.status).toBe(413);
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 100; i++) controller.enqueue(new TextEncoder().encode(`a${i}=${"y".repeat(1000)}&`));
        controller.close();
      },
    });
    const chunked = await estimateAction({
      request: new Request("http://localhost/estimate", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: stream,
        duplex: "half",
      } as RequestInit),
      context: context(),
      params: {},
    } as never);
    expect((chunked as unknown as { init: { status: number } }).init.status).toBe(413);
    expect(
      (await submit(valid(email), { contentType: "application/json", body: JSON.stringify(valid(email)) })).status,
    ).toBe(415);
    expect(await stored(email)).toHaveLength(0);
  });

  it("limits requests per address and says when to try again", async () => {
    const ip = "198.51.100.23";
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await submit(valid(unique(`limit${i}`)), { ip, rateLimit: 2 }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
    expect(answers[2]!.result.error?.[""]?.[0]).toMatch(/try again in \d+ minutes?, or call us at /);
    expect(answers[2]!.result.error?.[""]?.[0]).toContain(`or call us at ${business.phone.display}`);
  });

  it("answers 503 with the phone number when the database is unavailable", async () => {
    const broken = await storage.open();
    await broken.close();
    const answer = await submit(valid(unique("down")), { db: broken });
    expect(answer.status).toBe(503);
    expect(answer.result.error?.[""]?.[0]).toContain(business.phone.display);
  });
});

describe("Post/Redirect/Get without JavaScript", () => {
  const env = parseEnv({ NODE_ENV: "test" });
  const ctx = (opts: Parameters<typeof context>[0] = {}) => {
    const c = context(opts);
    c.set(appContext, {
      ...c.get(appContext)!,
      env: { ...c.get(appContext)!.env, RECEIPT_SECRET: env.RECEIPT_SECRET },
    });
    return c;
  };
  const received = async (location: string) =>
    (await receivedLoader({
      params: { ref: location.replace("/request-received/", "") },
      context: ctx(),
      request: new Request(`http://localhost${location}`),
    } as never)) as unknown as
      | {
          found: true;
          confirmation: { title: string; message: string };
          rows: { label: string; value: string }[];
          phone: { display: string };
          replyWithinHours: number;
        }
      | { data: { found: false }; init: { status: number } };

  it("a stored request answers 303 to a confirmation page that says what was received", async () => {
    const email = unique("prg");
    const answer = (await contactAction({
      request: post("/contact", [
        ...Object.entries(valid(email, { city: "Eagle", serviceType: "commercial", message: "North wall" })),
        ["servicesNeeded", "roof-cleaning"],
        ["servicesNeeded", "other"],
      ]),
      context: ctx({ document: true }),
      params: {},
    } as never)) as Response;
    expect(answer.status).toBe(303);
    const location = answer.headers.get("location")!;
    expect(location).toMatch(/^\/request-received\/[\w.-]+$/);
    expect(location).not.toContain(email);
    const page = await received(location);
    if (!("found" in page)) throw new Error("confirmation not found");
    expect(page.confirmation.title).toBe("Thank you! Your request is in.");
    expect((page as unknown as { reference: string }).reference).toBe(referenceOf((await stored(email))[0]!.id));
    // Services and a property named: an estimate request; the page it was sent from (the Referer here) is kept.
    expect((await stored(email))[0]).toMatchObject({ kind: "estimate", context: { page: "/about" } });
    expect(page.replyWithinHours).toBe(24);
    expect(page.phone.display).toBe(business.phone.display);
    expect(page.rows).toEqual(
      expect.arrayContaining([
        { label: "E-mail", value: email },
        { label: "Phone", value: "(208) 555-0199" },
        { label: "City", value: "Eagle" },
        { label: "Services needed", value: "Roof Cleaning, Other" },
        { label: "Project details", value: "North wall" },
      ]),
    );
    expect(await stored(email)).toHaveLength(1);
  });

  it("the confirmation and the receipt page carry the request's 'Choose an arrival window' link when its ZIP has windows by day", async () => {
    const secret = await linkSecret(database, env);
    const bookPath = async (zipcode: string, document: boolean) => {
      const email = unique(`book-${zipcode}`);
      const answer = (await estimateAction({
        request: post("/estimate", valid(email, { zipcode })),
        context: ctx({ document }),
        params: {},
      } as never)) as unknown as Response | { data: { confirmation: { bookPath?: string } } };
      const path =
        answer instanceof Response
          ? ((await received(answer.headers.get("location")!)) as unknown as { bookPath: string | null }).bookPath
          : (answer.data.confirmation.bookPath ?? null);
      const id = (await stored(email))[0]!.id;
      return { path, id };
    };
    for (const document of [false, true]) {
      const boise = await bookPath("83702", document);
      const token = new URL(boise.path!, "http://x").searchParams.get("r")!;
      expect(readSignedToken(token, "book", secret)).toEqual({ id: boise.id });
      expect(boise.path).toMatch(/^\/book\?r=[^&]+$/);
      expect((await bookPath("10001", document)).path, "outside the area").toBeNull();
    }
  });

  it("errors still answer the form with the values (no redirect); with JavaScript the answer is the confirmation itself", async () => {
    const invalid = (await estimateAction({
      request: post("/estimate", valid(unique("prgbad"), { phone: "12" })),
      context: ctx({ document: true }),
      params: {},
    } as never)) as unknown as {
      init: { status: number };
      data: { result: { initialValue: Record<string, unknown> } };
    };
    expect(invalid.init.status).toBe(400);
    expect(invalid.data.result.initialValue).toMatchObject({ firstName: "Jane", phone: "12" });
    const fetcher = (await estimateAction({
      request: post("/estimate", valid(unique("prgjs"))),
      context: ctx({ document: false }),
      params: {},
    } as never)) as unknown as {
      data: { confirmation: { title: string } };
    };
    expect(fetcher.data.confirmation.title).toBe("Thank you! Your request is in.");
  });

  it("a link that was altered, forged or made by another server shows nothing", async () => {
    const answer = (await estimateAction({
      request: post("/estimate", valid(unique("prgforge"))),
      context: ctx({ document: true }),
      params: {},
    } as never)) as Response;
    const location = answer.headers.get("location")!;
    const [id] = location.replace("/request-received/", "").split(".");
    const other = (await listLeads(database, {})).find((l) => l.id !== id)!;
    for (const forged of [
      location.replace(id!, other.id),
      `/request-received/${other.id}`,
      location.slice(0, -1) + (location.endsWith("A") ? "B" : "A"),
    ]) {
      const page = await received(forged);
      expect(page).toMatchObject({ data: { found: false }, init: { status: 404 } });
    }
  });
});

describe("hostile field names and shapes", () => {
  const message = (answer: Awaited<ReturnType<typeof submit>>) => answer.result.error?.[""]?.[0] ?? "";

  it("refuses path syntax in a field name with 400 and a message, without expanding it", async () => {
    const email = unique("path");
    for (const name of ["x[10000000]", "x[4294967294]", "email[0]", "a.b", "servicesNeeded[1]"]) {
      const answer = await submit([...Object.entries(valid(email)), [name, "1"]]);
      expect(answer.status).toBe(400);
      expect(message(answer)).toContain("This form has a field it does not accept");
      expect(message(answer)).toContain("call us");
    }
    expect(await stored(email)).toHaveLength(0);
  });

  it("refuses the form library's reserved names with 400, not 500", async () => {
    for (const name of ["__intent__", "__state__", "__proto__"]) {
      const answer = await submit({ ...valid(unique("reserved")), [name]: "x" });
      expect(answer.status).toBe(400);
      expect(message(answer)).toContain(`(${JSON.stringify(name)})`);
    }
  });

  it("refuses a single-value field sent twice, and more than a few hundred entries", async () => {
    const twice = await submit({ ...valid(unique("twice")), email: ["a@example.com", "b@example.com"] });
    expect(twice.status).toBe(400);
    expect(message(twice)).toBe(
      'The field "email" was sent more than once. Please send the form from our page, or call us.',
    );
    const many = await submit([
      ...Object.entries(valid(unique("many"))),
      ...Array.from({ length: 300 }, (_, i): [string, string] => [`f${i}`, "1"]),
    ]);
    expect(many.status).toBe(400);
    expect(message(many)).toContain("too many fields");
  });

  it("drops names the form does not have and keeps every value of a list field", async () => {
    const email = unique("multi");
    const answer = (await contactAction({
      request: post("/contact", [
        ...Object.entries(valid(email, { city: "Boise", serviceType: "residential" })),
        ["servicesNeeded", "roof-cleaning"],
        ["servicesNeeded", "house-washing"],
        ["unrelated", "ignored"],
      ]),
      context: context(),
      params: {},
    } as never)) as unknown as { init: { status?: number } | null };
    expect(answer.init?.status ?? 200).toBe(200);
    const [lead] = await stored(email);
    expect(lead!.fields.servicesNeeded).toEqual(["Roof Cleaning", "House Washing"]);
    expect(lead!.fields).not.toHaveProperty("unrelated");
  });

  it("caps URL-encoded bodies at 64 KB on the upload form too; only multipart may be larger", async () => {
    const answer = (await applyAction({
      request: post("/careers/apply", { email: "a@example.com", message: "x".repeat(70_000) }),
      context: context(),
      params: {},
    } as never)) as unknown as {
      init: { status?: number } | null;
    };
    expect(answer.init?.status).toBe(413);
  });

  it("answers an address over its limit before reading the body", async () => {
    const ip = "198.51.100.99";
    expect((await submit(valid(unique("pre")), { ip, rateLimit: 1 })).status).toBe(200);
    // A body that never ends: the answer can only come before it is read.
    const endless = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => {}) });
    const answer = (await estimateAction({
      request: new Request("http://localhost/estimate", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: endless,
        duplex: "half",
      } as RequestInit),
      context: context({ ip, rateLimit: 1 }),
      params: {},
    } as never)) as unknown as { init: { status: number }; data: { result: { error: Record<string, string[]> } } };
    expect(answer.init.status).toBe(429);
    expect(answer.data.result.error[""]?.[0]).toContain("try again in");
  });

  it("counts IPv6 clients by their /64", async () => {
    const answers = [];
    for (const ip of ["2001:db8:5:6::1", "2001:db8:5:6::2", "2001:db8:5:6:ffff::3"])
      answers.push((await submit(valid(unique("v6")), { ip, rateLimit: 2 })).status);
    expect(answers).toEqual([200, 200, 429]);
    expect((await submit(valid(unique("v6other")), { ip: "2001:db8:5:7::1", rateLimit: 2 })).status).toBe(200);
  });
});

describe("hostile input (property-based)", () => {
  const hostile = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.string({ unit: "binary", maxLength: 300 }),
    fc.constantFrom(
      "\r\nBcc: x@evil.test",
      "<script>alert(1)</script>",
      '=HYPERLINK("http://x")',
      "\u0000\u0007",
      "'; DROP TABLE leads; --",
      "x".repeat(5000),
    ),
  );
  const person = { firstName: "Jane", lastName: "Doe", phone: "208-555-0199" };
  const forms = [
    {
      name: "contact",
      path: "/contact",
      action: contactAction,
      base: {
        ...person,
        city: "Boise",
        zipcode: "83646",
        serviceType: "residential",
        servicesNeeded: "roof-cleaning",
        contactMethod: "email",
        message: "Moss on the roof",
      },
    },
    {
      name: "estimate",
      path: "/estimate",
      action: estimateAction,
      base: { ...person, zipcode: "83646", serviceType: "commercial", agreed: "on" },
    },
    { name: "newsletter", path: "/newsletter", action: newsletterAction, base: {} },
    {
      name: "application",
      path: "/careers/apply",
      action: applyAction,
      base: {
        ...person,
        position: "pressure-washing-technician",
        experience: "Two summers",
        availability: "full-time",
      },
    },
  ];
  const knownNames = [
    "firstName",
    "lastName",
    "email",
    "phone",
    "city",
    "zipcode",
    "serviceType",
    "servicesNeeded",
    "message",
    "contactMethod",
    "agreed",
    "position",
    "experience",
    "availability",
    "_idem",
    "_elapsed_ms",
    "kq_confirm_field",
    "_page",
    "_source",
  ];

  /** Any field name: known ones, arbitrary strings, path syntax on known or arbitrary names, reserved names. */
  const anyName = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...knownNames) },
    { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.oneof(fc.constantFrom(...knownNames), fc.string({ maxLength: 10 })),
          fc.oneof(fc.nat(), fc.constant(4294967294), fc.constant(10_000_000)),
        )
        .map(([n, i]) => `${n}[${i}]`),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...knownNames), fc.string({ maxLength: 10 })).map(([n, k]) => `${n}.${k}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom("__intent__", "__state__", "__proto__", "constructor", "[]", ".", "a[b][c]"),
    },
  );

  /** A mostly valid body: the form's own fields (each now and then replaced by a hostile value), plus sometimes hostile entries. */
  const body = (base: Record<string, string>) =>
    fc
      .record({
        values: fc.dictionary(
          fc.constantFrom(...Object.keys(base), "email"),
          fc.oneof(hostile, fc.array(hostile, { minLength: 2, maxLength: 3 })),
          { maxKeys: 2 },
        ),
        mutate: fc.nat(3).map((n) => n === 0),
        extra: fc.array(fc.tuple(anyName, hostile), { minLength: 1, maxLength: 4 }),
        addExtra: fc.nat(3).map((n) => n === 0),
        email: fc.stringMatching(/^[a-z0-9][a-z0-9.+-]{0,20}[a-z0-9]$/).map((local) => `${local}@example.com`),
      })
      .map(({ values, mutate, extra, addExtra, email }) => {
        const fields: Record<string, string | string[]> = {
          ...base,
          email,
          _idem: crypto.randomUUID(),
          ...(mutate ? values : {}),
        };
        const entries = Object.entries(fields).flatMap(([k, v]) =>
          [v].flat().map((value): [string, string] => [k, value]),
        );
        return addExtra ? [...entries, ...extra] : entries;
      });

  const newRows = async (before: Set<string>) => (await listLeads(database, {})).filter((l) => !before.has(l.id));

  it.each(forms)("the $name action never fails and never stores an invalid request", async ({ path, action, base }) => {
    let storedRuns = 0;
    await fc.assert(
      fc.asyncProperty(body(base), async (entries) => {
        const before = new Set((await listLeads(database, {})).map((l) => l.id));
        const answer = (await action({
          request: post(path, entries),
          context: context(),
          params: {},
        } as never)) as unknown as {
          init: { status?: number } | null;
          data: { result: { error?: Record<string, string[] | null> } };
        };
        const status = answer.init?.status ?? 200;
        expect([200, 400, 413]).toContain(status);
        const rows = await newRows(before);
        if (status !== 200) expect(rows).toHaveLength(0);
        expect(rows.length).toBeLessThanOrEqual(1);
        if (rows.length) storedRuns++;
        for (const lead of rows) {
          expect(lead.contact.email).toMatch(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);
          expect(lead.contact.email.length).toBeLessThanOrEqual(254);
          if (lead.contact.phone) expect(lead.contact.phone).toMatch(/^\+1\d{10}$/);
          if (lead.contact.zip) expect(lead.contact.zip).toMatch(/^\d{5}$/);
          if (lead.kind !== "newsletter") expect(String(lead.fields.firstName)).toMatch(/^\S(.{0,48}\S)?$/s);
        }
        // A name with path syntax or a reserved name never reaches the parser: a 400 that says so.
        if (entries.some(([name]) => /[[\].]/.test(name) || name.startsWith("__"))) {
          expect(status).toBe(400);
          expect(answer.data.result.error?.[""]?.[0]).toMatch(/does not accept|too many fields|more than once/);
        }
      }),
      { numRuns: 100 },
    );
    // The stored path ran: the property looked at new rows, not only at refusals.
    expect(storedRuns).toBeGreaterThan(10);
  });
});
