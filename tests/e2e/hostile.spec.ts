/**
 * Hostile bodies on every route that accepts a POST (the list is derived from app/routes.ts:
 * tests/support/post-routes.ts), against the production server: each is answered with a 4xx or the form's
 * own redirect within 250 ms, and /healthz keeps answering within 250 ms while it is in flight. The
 * form library must never see a body the form does not have (docs/security.md "Input limits").
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures.ts";
import { addOwnerWithCli, OWNER_PASSWORD, uniqueOwner } from "./owners.ts";
import { postRoutes, SERVER_POST_ROUTES, type PostRoute } from "../support/post-routes.ts";
import { ROOT, type ServerHandle, startSite } from "../support/processes.ts";
import { rawExchange } from "../support/raw-http.ts";

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
