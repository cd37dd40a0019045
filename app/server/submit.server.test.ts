import fc from "fast-check";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as applyAction } from "~/routes/careers.apply";
import { action as contactAction } from "~/routes/contact";
import { action as newsletterAction } from "~/routes/newsletter";
import { action as estimateAction } from "~/routes/estimate";
import { appContext } from "./context";
import { createTestStorage, type TestStorage } from "./db/testing";
import type { Database } from "./db/database.server";
import { parseEnv } from "./env.server";
import { listLeads } from "./leads/store.server";

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

function context(overrides: { ip?: string; rateLimit?: number; db?: Database } = {}) {
  const ctx = new RouterContextProvider();
  const env = parseEnv({ NODE_ENV: "test", DATA_DIR: storage.env.DATA_DIR, LEAD_MIN_FILL_SECONDS: "3", LEAD_RATE_LIMIT: String(overrides.rateLimit ?? 0) });
  ctx.set(appContext, { database: overrides.db ?? database, env, logger: pino({ level: "silent" }), notifyOutbox: () => {}, clientIp: overrides.ip ?? "203.0.113.7" });
  return ctx;
}

const valid = (email: string, extra: Record<string, string> = {}) => ({ firstName: "Jane", lastName: "Doe", email, phone: "208-555-0199", zipcode: "83646", agreed: "on", ...extra });

function post(path: string, fields: Record<string, string | string[]>, init: { contentType?: string; body?: BodyInit } = {}) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const value of [v].flat()) body.append(k, value);
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": init.contentType ?? "application/x-www-form-urlencoded", Referer: "http://localhost/about" },
    body: init.body ?? body.toString(),
  });
}

async function submit(fields: Record<string, string | string[]>, opts: Parameters<typeof context>[0] & { contentType?: string; body?: BodyInit } = {}) {
  const result = (await estimateAction({ request: post("/estimate", fields, opts), context: context(opts), params: {} } as never)) as unknown as {
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
  });

  it("turns away a submission faster than a person could type, and the honeypot, with an ordinary confirmation", async () => {
    const fast = unique("fast");
    expect((await submit(valid(fast, { _elapsed_ms: "800" }))).confirmation?.title).toContain("Thank you");
    const bot = unique("bot");
    expect((await submit(valid(bot, { kq_confirm_field: "x" }))).confirmation?.title).toContain("Thank you");
    expect(await stored(fast)).toHaveLength(0);
    expect(await stored(bot)).toHaveLength(0);
    const human = unique("human");
    await submit(valid(human, { _elapsed_ms: "4500" }));
    expect(await stored(human)).toHaveLength(1);
  });

  it("answers a newsletter address already on the list exactly as a new one (no list enumeration)", async () => {
    const email = unique("news");
    const signUp = async () => {
      const answer = (await newsletterAction({ request: post("/newsletter", { email }), context: context(), params: {} } as never)) as unknown as { data: unknown; init: unknown };
      return JSON.stringify(answer);
    };
    const first = await signUp();
    expect(first).toContain("You are subscribed!");
    expect(await signUp()).toBe(first);
    expect(await stored(email)).toHaveLength(1);
  });

  it("answers 400 with a message per invalid field and stores nothing", async () => {
    const email = unique("bad");
    const answer = await submit({ firstName: "", lastName: "D", email, phone: "12", zipcode: "8364" });
    expect(answer.status).toBe(400);
    expect(answer.result.error).toMatchObject({
      firstName: ["Enter your first name"],
      phone: ["Enter a 10-digit phone number like (208) 555-0134"],
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
      request: new Request("http://localhost/estimate", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: stream, duplex: "half" } as RequestInit),
      context: context(),
      params: {},
    } as never);
    expect((chunked as unknown as { init: { status: number } }).init.status).toBe(413);
    expect((await submit(valid(email), { contentType: "application/json", body: JSON.stringify(valid(email)) })).status).toBe(415);
    expect(await stored(email)).toHaveLength(0);
  });

  it("limits requests per address and says when to try again", async () => {
    const ip = "198.51.100.23";
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await submit(valid(unique(`limit${i}`)), { ip, rateLimit: 2 }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
    expect(answers[2]!.result.error?.[""]?.[0]).toMatch(/try again in \d+ minutes?, or call us at \(208\) 555-0134/);
  });

  it("answers 503 with the phone number when the database is unavailable", async () => {
    const broken = await storage.open();
    await broken.close();
    const answer = await submit(valid(unique("down")), { db: broken });
    expect(answer.status).toBe(503);
    expect(answer.result.error?.[""]?.[0]).toContain("(208) 555-0134");
  });
});

describe("hostile input (property-based)", () => {
  const hostile = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.string({ unit: "binary", maxLength: 300 }),
    fc.constantFrom("\r\nBcc: x@evil.test", "<script>alert(1)</script>", "=HYPERLINK(\"http://x\")", "\u0000\u0007", "'; DROP TABLE leads; --", "x".repeat(5000)),
  );
  const fieldNames = ["firstName", "lastName", "email", "phone", "city", "zipcode", "serviceType", "servicesNeeded", "message", "contactMethod", "agreed"] as const;

  const forms = [
    { name: "contact", path: "/contact", action: contactAction },
    { name: "estimate", path: "/estimate", action: estimateAction },
    { name: "newsletter", path: "/newsletter", action: newsletterAction },
    { name: "application", path: "/careers/apply", action: applyAction },
  ];
  const names = [...fieldNames, "position", "experience", "availability", "_idem", "_elapsed_ms", "kq_confirm_field"] as const;

  it.each(forms)("the $name action never fails and never stores an invalid request", async ({ path, action }) => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom(...names), fc.oneof(hostile, fc.array(hostile, { maxLength: 3 }))), async (fields) => {
        const before = (await listLeads(database, {})).length;
        const answer = (await action({ request: post(path, fields as Record<string, string | string[]>), context: context(), params: {} } as never)) as unknown as {
          init: { status?: number } | null;
        };
        const status = answer.init?.status ?? 200;
        expect([200, 400, 413]).toContain(status);
        const after = await listLeads(database, {});
        if (status !== 200) expect(after.length).toBe(before);
        for (const lead of after.slice(before)) {
          expect(lead.contact.email).toMatch(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);
          expect(lead.contact.email.length).toBeLessThanOrEqual(254);
          if (lead.contact.phone) expect(lead.contact.phone).toMatch(/^\+1\d{10}$/);
        }
      }),
      { numRuns: 100 },
    );
  });
});
