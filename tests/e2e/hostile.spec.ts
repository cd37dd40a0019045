/**
 * Hostile bodies on every route that accepts a POST (the list is derived from app/routes.ts:
 * tests/support/post-routes.ts), against the production server: each is answered with a 4xx or the form's
 * own redirect within 250 ms, and /healthz keeps answering within 250 ms while it is in flight. The
 * form library must never see a body the form does not have (docs/security.md "Input limits").
 * Then every method and odd request target on every route (docs/security.md "Methods and request targets"):
 * a plain answer with Allow, never a server error, and nothing at error level in the server's log.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures.ts";
import { addOwnerWithCli, OWNER_PASSWORD, uniqueOwner } from "./owners.ts";
import { postRoutes, SERVER_POST_ROUTES, siteRoutes, type PostRoute, type SiteRoute } from "../support/post-routes.ts";
import { freePort, ROOT, type ServerHandle, startSite } from "../support/processes.ts";
import { rawExchange } from "../support/raw-http.ts";
import { sampleLead } from "../support/storage.ts";
import { openDatabase } from "../../app/server/kit/db/database.server.ts";
import { localDateString } from "../../app/server/kit/business-time.server.ts";
import { accountPath, quotePath, reminderPath, signedPath } from "../../app/server/kit/signed-links.server.ts";
import { parseEnv } from "../../app/server/kit/env.server.ts";
import { startBalanceCheckout } from "../../app/server/features/payments/balance.server.ts";
import { storeInvoice } from "../support/invoice-rows.ts";
import { recordLead } from "../../app/server/features/leads/store.server.ts";
import { saveDraft, sendDraft } from "../../app/server/features/quotes/quotes.server.ts";
import {
  checkoutEvent,
  FAKE_STRIPE_KEY,
  FAKE_WEBHOOK_SECRET,
  type FakeStripe,
  sendWebhook,
  signatureFor,
  startFakeStripe,
} from "../support/fake-stripe.ts";
import { fakeTextSettings, newMessageSid, sendInbound, signTwilio } from "../support/fake-twilio.ts";

test.skip(({ isMobile }) => isMobile, "server behaviour, checked once on the desktop project");

/** The bound the brief sets for every answer, and for /healthz meanwhile. */
const WITHIN_MS = 250;
const URLENCODED = "application/x-www-form-urlencoded";
const intent = (type: string, payload: object) => encodeURIComponent(JSON.stringify({ type, payload }));

interface HostileBody {
  name: string;
  /** Content-Type sent, or null for none. */
  type: string | null;
  body: string | FormData | Blob;
}

const multipart = (entries: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
};

/** The corpus: every shape a form parser has choked on, or could. */
const CORPUS: HostileBody[] = [
  {
    name: "a path-syntax name with a huge index and a Conform intent",
    type: URLENCODED,
    body: `x[400000000]=a&__intent__=${intent("remove", { name: "x", index: 0 })}`,
  },
  {
    name: "the form's own field names with huge indexes",
    type: URLENCODED,
    body: "email[20000000]=a&password=x&firstName[99999999]=a&status[4294967294]=new&note[1]=x",
  },
  {
    name: "dotted and nested names",
    type: URLENCODED,
    body: "a.b.c.d=1&note.x=1&email[0][1][2]=a&email.length=9999999",
  },
  {
    name: "a Conform intent that inserts at a huge index",
    type: URLENCODED,
    body: `email=a%40example.com&__intent__=${intent("insert", { name: "tags", index: 999999999 })}`,
  },
  {
    name: "reserved names",
    type: URLENCODED,
    body: "__proto__=x&constructor=x&__conform__=1&__intent__=validate&__state__=x",
  },
  { name: "30,000 repeats of a name (under the size limit)", type: URLENCODED, body: "x&".repeat(30_000) },
  { name: "30,000 repeats of a form's field", type: URLENCODED, body: "email=a&".repeat(30_000) },
  { name: "5,000 distinct names", type: URLENCODED, body: Array.from({ length: 5000 }, (_, i) => `f${i}=1`).join("&") },
  { name: "an oversized body with its Content-Length", type: URLENCODED, body: `message=${"x".repeat(70_000)}` },
  {
    name: "JSON",
    type: "application/json",
    body: JSON.stringify({ email: "a@example.com", password: "x", "x[400000000]": "a" }),
  },
  {
    name: "text/plain",
    type: "text/plain",
    body: `x[400000000]=a&__intent__=${intent("remove", { name: "x", index: 0 })}`,
  },
  { name: "no Content-Type", type: null, body: new Blob(["x[400000000]=a"]) },
  {
    name: "multipart with path-syntax names and an intent",
    type: "multipart",
    body: multipart([
      ["x[400000000]", "a"],
      ["__intent__", JSON.stringify({ type: "remove", payload: { name: "x", index: 0 } })],
    ]),
  },
  {
    name: "multipart with a broken boundary",
    type: "multipart/form-data; boundary=zzz",
    body: '--yyy\r\nContent-Disposition: form-data; name="x"\r\n\r\na\r\n--yyy--\r\n',
  },
];

/** A 4xx, or a redirect to this site (the form's own Post/Redirect/Get, or the inbox's sign-in page). */
function expectRefusedOrRedirected(response: Response, site: string, what: string) {
  if (response.status === 303 || response.status === 302) {
    expect(new URL(response.headers.get("location") ?? "", site).origin, `${what}: redirect`).toBe(site);
    return;
  }
  // A client-navigation request (.data) carries a redirect in its body, with this status.
  if (response.status === 202 && response.headers.get("x-remix-response")) return;
  expect(response.status, what).toBeGreaterThanOrEqual(400);
  expect(response.status, what).toBeLessThan(500);
}

/**
 * Sends a request, and while it is in flight asks /healthz; both must answer within WITHIN_MS. The same
 * request is sent a second time only when the first missed the bound (the first of its kind may compile
 * code on a busy host); a server that stalls on the body misses it both times.
 */
async function whileInFlight<T>(site: ServerHandle, what: string, send: () => Promise<T>): Promise<T> {
  let last: { answer: T; ms: number; healthMs: number } | undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    const started = performance.now();
    const answer = send().then((a) => ({ a, ms: performance.now() - started }));
    const healthStarted = performance.now();
    const health = await fetch(`${site.origin}/healthz`, { signal: AbortSignal.timeout(10_000) });
    const healthMs = performance.now() - healthStarted;
    expect(health.status, `${what}: /healthz meanwhile`).toBe(200);
    const { a, ms } = await answer;
    last = { answer: a, ms, healthMs };
    if (ms <= WITHIN_MS && healthMs <= WITHIN_MS) break;
  }
  expect(last!.healthMs, `${what}: /healthz meanwhile`).toBeLessThanOrEqual(WITHIN_MS);
  expect(last!.ms, `${what}: the answer`).toBeLessThanOrEqual(WITHIN_MS);
  return last!.answer;
}

test.describe("hostile bodies on every POST route", () => {
  test.describe.configure({ mode: "serial" });
  let site: ServerHandle & { dataDir: string };
  let routes: PostRoute[];
  let ownerEmail: string;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    site = await startSite({ SITE_URL: "https://www.gemstateexteriorcleaning.com", LEAD_RATE_LIMIT: "0" });
    routes = await postRoutes();
    ownerEmail = uniqueOwner("hostile");
    await addOwnerWithCli(ownerEmail, site.dataDir);
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  /** A fresh owner session cookie (signing out ends the one it was sent with). */
  async function session(): Promise<string> {
    const response = await fetch(`${site.origin}/admin/sign-in`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": URLENCODED, Origin: site.origin },
      body: new URLSearchParams({ email: ownerEmail, password: OWNER_PASSWORD }).toString(),
    });
    expect(response.status, "the owner signs in").toBe(303);
    return response.headers.get("set-cookie")!.split(";")[0]!;
  }

  test("the list covers every action route of app/routes.ts and the Express app's own POST endpoints", () => {
    const files = routes.map((r) => r.file);
    // The forms a visitor or the owner sends today are all on it (the list itself is derived, not written).
    for (const file of [
      "app/routes/estimate.tsx",
      "app/routes/contact.tsx",
      "app/routes/careers.apply.tsx",
      "app/routes/newsletter.tsx",
      "app/routes/pricing.tsx",
      "app/routes/admin.sign-in.tsx",
      "app/routes/admin.sign-out.ts",
    ]) {
      expect(files).toContain(file);
    }
    // The Express app (app/server/app.server.ts; server.ts only starts it) answers a POST itself only where
    // SERVER_POST_ROUTES says so.
    const registered = ["server.ts", "app/server/app.server.ts"].flatMap(
      (file) => readFileSync(path.join(ROOT, file), "utf8").match(/\bapp\.(post|put|patch|delete|all)\(/g) ?? [],
    );
    expect(registered).toHaveLength(SERVER_POST_ROUTES.length);
  });

  test("each body, as a page's form and as a client navigation (.data), with and without an owner session: a 4xx or the form's redirect, fast, and /healthz meanwhile", async () => {
    test.setTimeout(240_000);
    for (const route of routes) {
      for (const url of [route.path, `${route.path}.data`]) {
        for (const signedIn of route.owner ? [false, true] : [false]) {
          // Not timed: the first request of a kind compiles its code.
          await fetch(`${site.origin}${url}`, {
            method: "POST",
            redirect: "manual",
            headers: { "Content-Type": URLENCODED, Origin: site.origin },
            body: "",
          }).then((r) => r.arrayBuffer());
          for (const hostile of CORPUS) {
            const cookie = signedIn ? await session() : undefined;
            const what = `${hostile.name} → POST ${url}${signedIn ? " (signed in)" : ""}`;
            const headers: Record<string, string> = { Origin: site.origin, ...(cookie ? { Cookie: cookie } : {}) };
            if (hostile.type && hostile.type !== "multipart") headers["Content-Type"] = hostile.type;
            const response = await whileInFlight(site, what, async () => {
              const r = await fetch(`${site.origin}${url}`, {
                method: "POST",
                redirect: "manual",
                headers,
                body: hostile.body,
                signal: AbortSignal.timeout(10_000),
              }).catch((error: Error) => {
                throw new Error(`${what}: no answer (${error.name})`);
              });
              await r.arrayBuffer();
              return r;
            });
            expectRefusedOrRedirected(response, site.origin, what);
          }
        }
      }
    }
  });

  test("a body sent in chunks without Content-Length is cut off at the limit on every route", async () => {
    for (const route of routes) {
      for (const url of [route.path, `${route.path}.data`]) {
        const what = `chunked → POST ${url}`;
        const head = await whileInFlight(site, what, async () => {
          const { socket, firstData, received } = rawExchange(
            site.origin,
            `POST ${url} HTTP/1.1\r\nHost: ${new URL(site.origin).host}\r\nOrigin: ${site.origin}\r\nContent-Type: ${URLENCODED}\r\nTransfer-Encoding: chunked\r\n\r\n`,
          );
          const chunk = `message=${"x".repeat(8 * 1024)}`;
          for (let i = 0; i < 40; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
          const first = await firstData;
          socket.destroy();
          await received;
          return first;
        });
        // A 4xx or a redirect; a client navigation (.data) gets its redirect as a 202 that says so.
        expect(
          /^HTTP\/1\.1 (4\d\d|30[23]) /.test(head) ||
            (/^HTTP\/1\.1 202 /.test(head) && /\r\nx-remix-response: yes\r\n/i.test(head)),
          `${what}: ${head.split("\r\n")[0]}`,
        ).toBe(true);
      }
    }
  });
});

test.describe("the inbox's headers and Origin check, whatever the path's case or escapes", () => {
  test.describe.configure({ mode: "serial" });
  let site: ServerHandle & { dataDir: string };
  test.beforeAll(async () => {
    site = await startSite({ SITE_URL: "https://www.gemstateexteriorcleaning.com" });
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  for (const pathname of [
    "/admin/sign-in",
    "/Admin/sign-in",
    "/%61dmin/sign-in",
    "/ADMIN/SIGN-IN",
    "/ADMIN.data",
    "/%41DMIN/sign-in.data",
  ]) {
    test(`${pathname}: never indexed, never stored, and a change from another site is refused`, async () => {
      const page = await fetch(`${site.origin}${pathname}`, { redirect: "manual" });
      expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      expect(page.headers.get("cache-control")).toBe("no-store");
      for (const origin of ["https://evil.example", null]) {
        const change = await fetch(`${site.origin}${pathname}`, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": URLENCODED, ...(origin ? { Origin: origin } : {}) },
          body: new URLSearchParams({ email: "owner@example.com", password: "x" }).toString(),
        });
        expect(change.status, `Origin ${origin}`).toBe(403);
        expect(await change.text()).toContain("Changes to the owner inbox can only be made from its own pages.");
      }
    });
  }
});

/** The status line and the Allow header of a raw answer. */
function parseAnswer(raw: string): { status: number; allow: string | null } {
  const head = raw.split("\r\n\r\n")[0] ?? "";
  const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1] ?? 0);
  const allow = /\r\nallow: ([^\r]*)/i.exec(head)?.[1] ?? null;
  return { status, allow };
}

/** One request on a connection of its own, its head written as given (`Connection: close` added). */
async function rawRequest(
  site: ServerHandle,
  requestLine: string,
  headers = "",
): Promise<{ status: number; allow: string | null }> {
  const host = new URL(site.origin).host;
  const { received } = rawExchange(
    site.origin,
    `${requestLine}\r\nHost: ${host}\r\n${headers}Connection: close\r\n\r\n`,
  );
  return parseAnswer(await received);
}

/**
 * The server's log since `from` (its length before): every request is in it (LOG_LEVEL=info), at least
 * `requests` lines with this status, and no line at error level or above, and no stack trace.
 */
async function expectCleanLog(site: ServerHandle, from: number, status: number, requests: number) {
  const linesNow = () => site.log().slice(from).split("\n").filter(Boolean);
  await expect
    .poll(() => linesNow().filter((l) => l.includes(`"status":${status}`)).length)
    .toBeGreaterThanOrEqual(requests);
  const lines = linesNow();
  for (const line of lines) {
    expect(line, "every line is a log entry (a stack trace is not)").toMatch(/^\{.*\}$/);
    expect((JSON.parse(line) as { level: number }).level, line.slice(0, 300)).toBeLessThan(50);
    expect(line, "no stack trace inside an entry").not.toMatch(/\\n\s+at /);
  }
}

/** Paths the Express app answers itself (app/server/app.server.ts), beside the routes of app/routes.ts. */
const SERVER_PATHS = ["/healthz", "/healthz/deliveries"];
/** The browser editor's page answers every other method itself (app/server/cms.server.ts), OPTIONS included. */
const CMS_PATHS = ["/cms", "/cms/", "/cms/config.yml"];
const SITE_METHODS = "GET, HEAD, POST, OPTIONS";
const READ_ONLY = "GET, HEAD, OPTIONS";

test.describe("every method and request target, on every route", () => {
  test.describe.configure({ mode: "serial" });
  let site: ServerHandle & { dataDir: string };
  let routes: SiteRoute[];
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // LOG_LEVEL=info: every request is in the log, so a line at error level or a stack trace would be too.
    site = await startSite({ SITE_URL: "https://www.gemstateexteriorcleaning.com", LOG_LEVEL: "info" });
    routes = [
      ...(await siteRoutes()),
      ...SERVER_PATHS.map((p) => ({ file: "app/server/app.server.ts", path: p, owner: false, hasAction: false })),
    ];
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  test("methods other than GET, HEAD and a route's POST: 405 (501 for one Node does not know) with Allow; OPTIONS: 204 with Allow", async () => {
    test.setTimeout(120_000);
    const logFrom = site.log().length;
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const allow = route.hasAction ? SITE_METHODS : READ_ONLY;
      for (const method of ["TRACE", "PUT", "PATCH", "DELETE", "PROPFIND", "MKCOL", "SEARCH"]) {
        expect(await rawRequest(site, `${method} ${route.path} HTTP/1.1`), `${method} ${route.path}`).toEqual({
          status: 405,
          allow,
        });
      }
      expect(await rawRequest(site, `OPTIONS ${route.path} HTTP/1.1`), `OPTIONS ${route.path}`).toEqual({
        status: 204,
        allow,
      });
      if (!route.hasAction)
        expect(
          await rawRequest(site, `POST ${route.path} HTTP/1.1`, `Origin: ${site.origin}\r\nContent-Length: 0\r\n`),
          `POST ${route.path}`,
        ).toEqual({ status: 405, allow });
      for (const method of ["TRACK", "BREW"])
        expect(await rawRequest(site, `${method} ${route.path} HTTP/1.1`), `${method} ${route.path}`).toEqual({
          status: 501,
          allow: SITE_METHODS,
        });
    }
    for (const path of CMS_PATHS)
      for (const method of ["TRACE", "PUT", "DELETE", "OPTIONS", "POST"])
        expect(
          await rawRequest(site, `${method} ${path} HTTP/1.1`, `Origin: ${site.origin}\r\nContent-Length: 0\r\n`),
          `${method} ${path}`,
        ).toEqual({ status: 405, allow: "GET, HEAD" });
    const { port } = site;
    for (const target of [`127.0.0.1:${port}`, "evil.example:443", "/"])
      expect(await rawRequest(site, `CONNECT ${target} HTTP/1.1`), `CONNECT ${target}`).toEqual({
        status: 405,
        allow: SITE_METHODS,
      });
    expect(await rawRequest(site, "OPTIONS * HTTP/1.1")).toEqual({ status: 204, allow: SITE_METHODS });
    // The Express app's refusals are in the request log at info (CONNECT and TRACK never reach it).
    await expectCleanLog(site, logFrom, 405, routes.length * 7);
  });

  test("a page's data URL (the app's own requests) allows what the page allows, with or without a trailing slash", async () => {
    // React Router asks for a page's data at `/path.data`, and at `/path/_.data` when the path ends in a slash
    // (the home page's is `/_.data`).
    for (const route of routes.filter((r) => !r.file.endsWith("app.server.ts"))) {
      const allow = route.hasAction ? SITE_METHODS : READ_ONLY;
      const page = route.path.replace(/\?.*$/, "");
      const dataUrls = page === "/" ? ["/_.data"] : [`${page}.data`, `${page}/_.data`];
      for (const url of dataUrls)
        expect(await rawRequest(site, `OPTIONS ${url} HTTP/1.1`), `OPTIONS ${url}`).toEqual({ status: 204, allow });
    }
  });

  test("odd request targets and Host headers: a 400 or the page, never a server error", async () => {
    const logFrom = site.log().length;
    const host = new URL(site.origin).host;
    const targets = [
      "http://evil.example/",
      `http://${host}/contact`,
      "https://evil.example/admin/sign-in",
      "*",
      "//double",
      "//evil.example/contact",
      "/%",
      "/%E0%A4%A",
      "/..%2f",
      "/..%2f..%2fetc%2fpasswd",
      "/#fragment",
      "/contact#fragment",
      "/contact?x=%",
      `/${"a".repeat(8000)}`,
      "/admin/%",
      "/%61dmin/x%",
      "/assets/%",
    ];
    for (const route of routes) targets.push(`${route.path}#x`, `${route.path}/..%2f`, `${route.path}%`);
    for (const target of targets) {
      for (const method of ["GET", "HEAD"]) {
        const { status } = await rawRequest(site, `${method} ${target} HTTP/1.1`);
        expect(status, `${method} ${target.slice(0, 80)}`).toBeGreaterThanOrEqual(200);
        expect(status, `${method} ${target.slice(0, 80)}`).toBeLessThan(500);
      }
    }
    // Targets that are not a path: 400.
    for (const target of ["http://evil.example/", "*", `http://${host}/contact`])
      expect((await rawRequest(site, `GET ${target} HTTP/1.1`)).status, target).toBe(400);
    // A local visit's Host that does not make one URL with the path (on a route React Router renders): 400.
    // (Any other Host is not used: the origin is SITE_URL's.)
    for (const badHost of ["localhost:99999", "127.0.0.1:70000", "a b.localhost", "x/y.localhost", "x?.localhost"]) {
      const { received } = rawExchange(
        site.origin,
        `GET /contact?x=1 HTTP/1.1\r\nHost: ${badHost}\r\nConnection: close\r\n\r\n`,
      );
      expect(parseAnswer(await received).status, `Host: ${badHost}`).toBe(400);
    }
    // Too long for Node's header limit: its own 431.
    expect((await rawRequest(site, `GET /${"a".repeat(20_000)} HTTP/1.1`)).status).toBe(431);
    await expectCleanLog(site, logFrom, 400, 3);
  });
});

test.describe("the quote link (/quote?t=…): forged, altered, oversize and replayed", () => {
  let site: ServerHandle & { dataDir: string };
  let link: string;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    site = await startSite(
      { SITE_URL: "https://www.gemstateexteriorcleaning.com", LINK_SECRET: "h".repeat(40) },
      { port: await freePort() },
    );
    const database = await openDatabase({ DATA_DIR: site.dataDir, DATABASE_URL: undefined });
    const { id } = await recordLead(database, sampleLead(), { webhook: false });
    const content = {
      service: "House washing",
      city: "Meridian",
      options: [{ label: "Good", lines: [{ text: "House washing", cents: 30_000 }], totalCents: 30_000 }],
      note: "",
      validUntil: localDateString(new Date(Date.now() + 30 * 86_400_000)),
      deposit: { kind: "none" as const },
      terms: "The price holds for the work listed.",
    };
    const saved = await saveDraft(database, id, content);
    if (!("saved" in saved)) throw new Error("the draft was not saved");
    await sendDraft(database, saved.saved.id);
    link = quotePath(saved.saved.id, content.validUntil, "h".repeat(40));
    await database.close();
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  const post = (path: string, form: Record<string, string>) =>
    fetch(`${site.origin}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": URLENCODED, Origin: site.origin },
      body: new URLSearchParams(form).toString(),
    });
  const accept = { intent: "accept", option: "0", name: "Jane Doe", agree: "yes" };

  test("a forged, altered or oversize token shows no quote; an oversize name is refused; a replayed acceptance records nothing", async () => {
    const token = decodeURIComponent(link.split("t=")[1]!);
    const altered = token.replace(/\.[^.]+$/, (sig) => `.${sig.slice(1, 2)}${sig.slice(1)}`);
    for (const [what, path, status] of [
      ["no token", "/quote", 400],
      ["a forged token", "/quote?t=q.abc.zzzzzz.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", 400],
      ["an altered signature", `/quote?t=${encodeURIComponent(altered)}`, 400],
      ["a token of 10 KB", `/quote?t=${"q".repeat(10_000)}`, 400],
    ] as const) {
      const page = await fetch(`${site.origin}${path}`);
      const html = await page.text();
      expect(page.status, what).toBe(status);
      expect(html, what).toContain("This link does not work");
      expect(html, what).not.toContain("$300");
      const answer = await post(path, accept);
      expect(answer.status, `POST with ${what}`).toBe(status);
      await answer.arrayBuffer();
    }
    const oversize = await post(link, { ...accept, name: "J".repeat(5_000) });
    expect(oversize.status).toBe(400);
    expect(await oversize.text()).toContain("Type at most 100 characters");
    const first = await post(link, accept);
    expect(first.status).toBe(303);
    const replay = await post(link, { ...accept, name: "Someone Else" });
    expect(replay.status).toBe(409);
    const database = await openDatabase({ DATA_DIR: site.dataDir, DATABASE_URL: undefined });
    const answers = await database.db.selectFrom("quote_answers").select("name").execute();
    await database.close();
    expect(answers).toEqual([{ name: "Jane Doe" }]);
  });
});

test.describe("the seasonal reminders' links: forged, altered, oversize, expired, another's", () => {
  const SECRET = "r".repeat(40);
  let site: ServerHandle & { dataDir: string };
  let leadId: string;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    site = await startSite(
      { SITE_URL: "https://www.gemstateexteriorcleaning.com", LINK_SECRET: SECRET },
      { port: await freePort() },
    );
    const database = await openDatabase({ DATA_DIR: site.dataDir, DATABASE_URL: undefined });
    const lead = sampleLead({ kind: "contact" });
    lead.fields = { ...lead.fields, servicesNeeded: ["Roof Cleaning"] };
    leadId = (await recordLead(database, lead, { webhook: false })).id;
    await database.close();
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  const stored = async () => {
    const database = await openDatabase({ DATA_DIR: site.dataDir, DATABASE_URL: undefined });
    const consents = await database.db.selectFrom("reminder_consents").selectAll().execute();
    await database.close();
    return consents;
  };

  test("a bad, altered, oversize, expired or another link's token: 400 or 410 with what to do, on GET and POST, and nothing stored; no one's details in the request form", async () => {
    const good = reminderPath("remind-me", leadId, SECRET);
    const token = decodeURIComponent(good.split("t=")[1]!);
    const altered = token.replace(/\.[^.]+$/, (sig) => `.${sig.slice(1, 2)}${sig.slice(1)}`);
    const expired = reminderPath("remind-me", leadId, SECRET, new Date(Date.now() - 200 * 86_400_000));
    const optOut = reminderPath("reminder-opt-out", leadId, SECRET);
    for (const [what, path, status] of [
      ["no token", "/reminders/remind-me", 400],
      ["a forged token", "/reminders/remind-me?t=r.abc.zzzzzz.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", 400],
      ["an altered signature", `/reminders/remind-me?t=${encodeURIComponent(altered)}`, 400],
      ["a token of 10 KB", `/reminders/remind-me?t=${"r".repeat(10_000)}`, 400],
      ["an expired link", expired, 410],
      ["the opt-out's token", optOut.replace("/reminders/opt-out", "/reminders/remind-me"), 400],
      ["the opt-out with a bad token", "/reminders/opt-out?t=broken", 400],
      ["the opt-out with the offer's token", good.replace("/reminders/remind-me", "/reminders/opt-out"), 400],
    ] as const) {
      const page = await fetch(`${site.origin}${path}`);
      expect(page.status, what).toBe(status);
      expect(await page.text(), what).toMatch(/This link (is not valid|has expired)/);
      const answer = await fetch(`${site.origin}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": URLENCODED, Origin: site.origin },
        body: "List-Unsubscribe=One-Click",
      });
      expect(answer.status, `POST with ${what}`).toBe(status);
      await answer.arrayBuffer();
    }
    // The request form with a bad reminder link is the plain form: no one's details.
    for (const reminder of ["broken", token, "a".repeat(10_000)]) {
      const form = await fetch(`${site.origin}/contact?reminder=${encodeURIComponent(reminder)}`);
      expect(form.status).toBe(200);
      const html = await form.text();
      expect(html).not.toContain(sampleLead().contact.email);
      expect(html).not.toContain('name="reminder"');
    }
    // Every method but GET, HEAD and POST: 405; a huge body: 413.
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const answer = await fetch(`${site.origin}${good}`, { method });
      expect(answer.status, method).toBe(405);
      await answer.arrayBuffer();
    }
    const huge = await fetch(`${site.origin}${good}`, {
      method: "POST",
      headers: { "Content-Type": URLENCODED, Origin: site.origin },
      body: `x=${"y".repeat(200_000)}`,
    });
    expect(huge.status).toBe(413);
    await huge.arrayBuffer();
    expect(await stored()).toEqual([]);
    // The good link, posted twice: one consent.
    for (let i = 0; i < 2; i++) {
      const answer = await fetch(`${site.origin}${good}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": URLENCODED, Origin: site.origin },
        body: "",
      });
      expect(answer.status).toBe(303);
      await answer.arrayBuffer();
    }
    expect(await stored()).toHaveLength(1);
  });
});

test.describe("the customer's page (/account) and its link: forged, altered, oversize, expired, another purpose's", () => {
  const SECRET = "a".repeat(40);
  let site: ServerHandle & { dataDir: string };
  let leadId: string;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    site = await startSite(
      { SITE_URL: "https://www.gemstateexteriorcleaning.com", LINK_SECRET: SECRET, LEAD_RATE_LIMIT: "0" },
      { port: await freePort() },
    );
    const database = await openDatabase({ DATA_DIR: site.dataDir, DATABASE_URL: undefined });
    leadId = (await recordLead(database, sampleLead(), { webhook: false })).id;
    await database.close();
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  test("a bad token shows no one's requests on GET or POST, changes nothing; the link form takes no odd entry; every other method 405", async () => {
    const good = accountPath("email", leadId, SECRET);
    const token = decodeURIComponent(good.split("t=")[1]!);
    const altered = token.replace(/\.[^.]+$/, (sig) => `.${sig.slice(1, 2)}${sig.slice(1)}`);
    const email = sampleLead().contact.email;
    for (const [what, path, status] of [
      ["a forged token", "/account?t=e.abc.zzzzzz.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", 404],
      ["an altered signature", `/account?t=${encodeURIComponent(altered)}`, 404],
      ["a token of 10 KB", `/account?t=${"e".repeat(10_000)}`, 404],
      ["an expired link", accountPath("email", leadId, SECRET, new Date(Date.now() - 8 * 86_400_000)), 410],
      [
        "a booking link's token",
        `/account?t=${encodeURIComponent(signedPath("manage", leadId, SECRET).split("t=")[1]!)}`,
        404,
      ],
      [
        "an invoice link's token",
        `/account?t=${encodeURIComponent(signedPath("invoice", leadId, SECRET).split("t=")[1]!)}`,
        404,
      ],
    ] as const) {
      const page = await fetch(`${site.origin}${path}`);
      expect(page.status, what).toBe(status);
      const html = await page.text();
      expect(html, what).toMatch(/This link (is not valid|has expired)/);
      expect(html, what).not.toContain(email);
      const t = new URL(path, site.origin).searchParams.get("t")!;
      const answer = await fetch(`${site.origin}/account`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": URLENCODED, Origin: site.origin },
        body: new URLSearchParams({ t, change: "reminders-off" }).toString(),
      });
      expect(answer.status, `POST with ${what}`).toBe(status);
      await answer.arrayBuffer();
    }
    // The good link: its page, never indexed or kept; an unknown change is refused.
    const page = await fetch(`${site.origin}${good}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    await page.arrayBuffer();
    const odd = await fetch(`${site.origin}/account`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": URLENCODED, Origin: site.origin },
      body: new URLSearchParams({ t: token, change: "x".repeat(5000) }).toString(),
    });
    expect(odd.status).toBe(400);
    await odd.arrayBuffer();
    // The link form: an entry far too long, a script, nothing: told at once, never a 5xx.
    for (const contact of ["a".repeat(5000), "<script>alert(1)</script>", "", "@@@", "1".repeat(30)]) {
      const answer = await fetch(`${site.origin}/account/link`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": URLENCODED, Origin: site.origin },
        body: new URLSearchParams({ contact }).toString(),
      });
      expect(answer.status, contact.slice(0, 20)).toBe(400);
      expect(await answer.text()).not.toContain("<script>alert(1)</script>");
    }
    // Photos and documents with a bad token or a name that is none: the same 404.
    for (const path of [
      `/account/photos/${leadId}/1?t=broken`,
      `/account/photos/${leadId}/99999999?t=${encodeURIComponent(token)}`,
      `/account/documents/invoice-../../etc.pdf?t=${encodeURIComponent(token)}`,
      `/account/documents/quote-${"q".repeat(500)}.pdf?t=${encodeURIComponent(token)}`,
    ]) {
      const answer = await fetch(`${site.origin}${path}`);
      expect(answer.status, path).toBe(404);
      await answer.arrayBuffer();
    }
    for (const path of [good, "/account/link", `/account/photos/${leadId}/1?t=x`, "/account/documents/x.pdf"])
      for (const method of ["PUT", "DELETE", "PATCH"]) {
        const answer = await fetch(`${site.origin}${path}`, { method });
        expect(answer.status, `${method} ${path}`).toBe(405);
        await answer.arrayBuffer();
      }
  });
});

test.describe("Stripe's webhook (/webhooks/stripe)", () => {
  test.describe.configure({ mode: "serial" });
  let site: ServerHandle & { dataDir: string };
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    site = await startSite({
      SITE_URL: "https://www.gemstateexteriorcleaning.com",
      LOG_LEVEL: "info",
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    });
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  test("a body over 64 KB: 413, with its Content-Length or chunked; every method but POST: 405 with Allow: POST; a missing or bad signature: 400; never a server error", async () => {
    const logFrom = site.log().length;
    const event = checkoutEvent("checkout.session.completed", { id: "cs_test_hostile", payment_status: "paid" });
    const huge = JSON.stringify({ id: "evt_huge", pad: "x".repeat(70_000) });
    expect((await sendWebhook(site.origin, huge, signatureFor(huge))).status, "oversize, signed").toBe(413);
    const { socket, firstData, received } = rawExchange(
      site.origin,
      `POST /webhooks/stripe HTTP/1.1\r\nHost: ${new URL(site.origin).host}\r\nContent-Type: application/json\r\nStripe-Signature: ${signatureFor(event)}\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    const chunk = "x".repeat(8 * 1024);
    for (let i = 0; i < 12; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    expect(parseAnswer(await firstData).status, "oversize, chunked").toBe(413);
    socket.destroy();
    await received;
    for (const method of ["GET", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND"])
      expect(await rawRequest(site, `${method} /webhooks/stripe HTTP/1.1`), method).toEqual({
        status: 405,
        allow: "POST",
      });
    for (const [what, signature] of [
      ["no signature", null],
      ["empty", ""],
      ["another secret", signatureFor(event, "whsec_NotTheSitesSecret0123")],
      ["garbage", "t=x,v1=;;;"],
      ["huge", `t=1,v1=${"a".repeat(6000)}`],
    ] as const)
      expect((await sendWebhook(site.origin, event, signature)).status, what).toBe(400);
    // A stranger's JSON with a signature made for another body.
    expect((await sendWebhook(site.origin, `${event} `, signatureFor(event))).status, "tampered").toBe(400);
    await expectCleanLog(site, logFrom, 400, 6);
  });
});

test.describe("the invoice's return from Checkout (/invoice?t=…&paid=…)", () => {
  let site: ServerHandle & { dataDir: string };
  let stripe: FakeStripe;
  let link: string;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stripe = await startFakeStripe();
    const stripeEnv = {
      SITE_URL: "https://www.gemstateexteriorcleaning.com",
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
    };
    site = await startSite({ ...stripeEnv, LINK_SECRET: "p".repeat(40) }, { port: await freePort() });
    const database = await openDatabase({ DATA_DIR: site.dataDir, DATABASE_URL: undefined });
    const { id } = await recordLead(database, sampleLead(), { webhook: false });
    const invoiceId = await storeInvoice(database, {
      leadId: id,
      totalCents: 30_000,
      content: {
        service: "House washing",
        city: "Boise",
        serviceDate: localDateString(new Date()),
        lines: [{ text: "House washing", cents: 30_000, taxable: false }],
        discountCents: 0,
        discountReason: "",
        taxRateBasisPoints: 0,
        note: "",
      },
    });
    // A Checkout Session of it, open at Stripe (not paid).
    const env = parseEnv({ NODE_ENV: "test", DATA_DIR: site.dataDir, LINK_SECRET: "p".repeat(40), ...stripeEnv });
    await startBalanceCheckout(
      { database, env },
      { invoiceId, tipCents: 0, successUrl: `${stripeEnv.SITE_URL}/invoice`, cancelUrl: stripeEnv.SITE_URL },
    );
    link = signedPath("invoice", invoiceId, "p".repeat(40));
    await database.close();
  });
  test.afterAll(async () => {
    await site?.stop();
    await stripe?.close();
  });

  test("odd, oversize and repeated values of paid: the invoice as it is, never 'being confirmed' without Stripe's word; a forged token with paid=1 shows nothing", async () => {
    const logFrom = site.log().length;
    for (const paid of ["1", "1'--", "x".repeat(10_000), "%00", "1&paid=0&paid=1", "%E2%80%AE1"]) {
      const answer = await fetch(`${site.origin}${link}&paid=${paid}`);
      const html = await answer.text();
      expect(answer.status, paid.slice(0, 20)).toBe(200);
      expect(html, paid.slice(0, 20)).toContain(`href="/invoice/pay?t=`);
      expect(html, paid.slice(0, 20)).not.toContain("being confirmed");
    }
    const forged = await fetch(`${site.origin}/invoice?t=i.abc.zzzzzz.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA&paid=1`);
    expect(forged.status).toBe(404);
    expect(await forged.text()).not.toContain("$300");
    await expectCleanLog(site, logFrom, 200, 6);
  });
});

test.describe("the text provider's webhook (/webhooks/twilio)", () => {
  test.describe.configure({ mode: "serial" });
  const SITE_URL = "https://www.gemstateexteriorcleaning.com";
  const signedUrl = `${SITE_URL}/webhooks/twilio`;
  const phone = "+12085550161";
  let site: ServerHandle & { dataDir: string };
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // The API is never reached: nothing is answered by text here.
    site = await startSite({ SITE_URL, LOG_LEVEL: "info", ...fakeTextSettings("http://127.0.0.1:9") });
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  const stored = async () => {
    const database = await openDatabase({ DATA_DIR: site.dataDir, DATABASE_URL: undefined });
    try {
      const texts = await database.db.selectFrom("text_messages").select(["phone", "kind", "provider_sid"]).execute();
      const optOuts = await database.db.selectFrom("text_opt_outs").select("phone").execute();
      return { texts, optOuts };
    } finally {
      await database.close();
    }
  };

  test("a missing or bad signature: 403 and nothing stored; another content type: 415; over 32 KB: 413; every method but POST: 405; a signed text taken once", async () => {
    const logFrom = site.log().length;
    const database = await openDatabase({ DATA_DIR: site.dataDir, DATABASE_URL: undefined });
    const lead = sampleLead({ idempotencyKey: "key:hostile-texts" });
    lead.contact = { ...lead.contact, phone };
    await recordLead(database, lead, { webhook: false });
    await database.close();
    const target = `${site.origin}/webhooks/twilio`;
    const inbound = (options: Partial<Parameters<typeof sendInbound>[0]>) =>
      sendInbound({ target, signedUrl, from: phone, body: "STOP", ...options });

    for (const [what, options] of [
      ["no signature", { signature: "" }],
      ["another auth token", { authToken: "not-the-sites-token" }],
      ["signed for the Host the request came to", { signedUrl: target }],
      ["signed for another path", { signedUrl: `${SITE_URL}/webhooks/twilio?x=1` }],
      ["garbage", { signature: "x".repeat(5000) }],
    ] as const)
      expect((await inbound(options)).status, what).toBe(403);
    // A body changed after it was signed (the signature of "C" on a STOP).
    const params = {
      AccountSid: fakeTextSettings("").TWILIO_ACCOUNT_SID,
      Body: "C",
      From: phone,
      MessageSid: newMessageSid(),
      To: fakeTextSettings("").TWILIO_FROM,
    };
    const tampered = await fetch(target, {
      method: "POST",
      headers: {
        "Content-Type": URLENCODED,
        "X-Twilio-Signature": signTwilio(fakeTextSettings("").TWILIO_AUTH_TOKEN, signedUrl, params),
      },
      body: new URLSearchParams({ ...params, Body: "STOP" }).toString(),
    });
    expect(tampered.status, "tampered").toBe(403);
    expect(await stored()).toEqual({ texts: [], optOuts: [] });

    for (const type of ["application/json", "text/plain", "multipart/form-data; boundary=x"]) {
      const response = await fetch(target, { method: "POST", headers: { "Content-Type": type }, body: "{}" });
      expect(response.status, type).toBe(415);
    }
    const huge = await inbound({ body: "x".repeat(40_000) });
    expect(huge.status, "oversize").toBe(413);
    const { socket, firstData, received } = rawExchange(
      site.origin,
      `POST /webhooks/twilio HTTP/1.1\r\nHost: ${new URL(site.origin).host}\r\nContent-Type: ${URLENCODED}\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    const chunk = `Body=${"x".repeat(8 * 1024)}`;
    for (let i = 0; i < 6; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    expect(parseAnswer(await firstData).status, "oversize, chunked").toBe(413);
    socket.destroy();
    await received;
    for (const method of ["GET", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"])
      expect(await rawRequest(site, `${method} /webhooks/twilio HTTP/1.1`), method).toEqual({
        status: 405,
        allow: "POST",
      });
    expect(await stored()).toEqual({ texts: [], optOuts: [] });

    // The same text signed right: taken, answered with empty TwiML; sent again (Twilio retries), taken once.
    const sid = newMessageSid();
    const first = await inbound({ sid });
    expect(first.status).toBe(200);
    expect(first.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect((await inbound({ sid })).status).toBe(200);
    // The stop and its one confirmation, queued by the site (decision 036).
    expect(await stored()).toEqual({
      texts: [
        { phone, kind: "stop", provider_sid: sid },
        { phone, kind: "stop-confirmed", provider_sid: null },
      ],
      optOuts: [{ phone }],
    });
    await expectCleanLog(site, logFrom, 403, 6);
  });
});
