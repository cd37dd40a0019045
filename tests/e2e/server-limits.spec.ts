/**
 * The request pipeline against real processes on loopback: the server (`node server.ts`) started with its
 * own settings, a reverse proxy in front of it that appends X-Forwarded-For, and raw sockets for slow or
 * oversized clients. What a visitor (or an attacker) is answered, and what the owner finds stored.
 */
import { expect, test } from "./fixtures.ts";
import {
  type ServerHandle,
  siteRefusesToStart,
  startReverseProxy,
  startSite,
  storedLeads,
} from "../support/processes.ts";
import { business } from "../../app/content/business.ts";
import { rawExchange } from "../support/raw-http.ts";

type Proxy = Awaited<ReturnType<typeof startReverseProxy>>;

test.skip(({ isMobile }) => isMobile, "server behaviour, checked once on the desktop project");
test.describe.configure({ mode: "serial" });

const SITE_URL = "https://www.gemstateexteriorcleaning.com";
const estimate = (email: string) =>
  new URLSearchParams({
    firstName: "Pat",
    lastName: "Proxy",
    email,
    phone: "2085550111",
    zipcode: "83702",
    agreed: "on",
  }).toString();
/** A form post as the browser sends it: Origin is the page's own (https behind the proxy, which terminates TLS). */
const post = (origin: string, path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, ...headers },
    body,
  });
const viaProxy = (proxy: Proxy) => ({ Origin: `https://${new URL(proxy.origin).host}` });

test.describe("behind one proxy (TRUST_PROXY=1)", () => {
  let site: ServerHandle & { dataDir: string };
  let proxy: Proxy;
  test.beforeAll(async () => {
    site = await startSite({ TRUST_PROXY: "1", LEAD_RATE_LIMIT: "2", SITE_URL });
    proxy = await startReverseProxy(site.origin);
  });
  test.afterAll(async () => {
    await proxy?.stop();
    await site?.stop();
  });

  test("a client's own X-Forwarded-For changes nothing: the rate limit holds and the stored address is the one the proxy saw", async () => {
    const emails = [0, 1, 2].map((i) => `xff-${i}-${Date.now()}@example.com`);
    const answers = [];
    for (const [i, email] of emails.entries())
      answers.push(
        await post(proxy.origin, "/estimate", estimate(email), {
          ...viaProxy(proxy),
          "X-Forwarded-For": `198.51.100.${i + 1}`,
        }),
      );
    expect(answers.slice(0, 2).map((a) => a.status)).not.toContain(429);
    expect(answers[2]!.status).toBe(429);
    const limited = await answers[2]!.text();
    expect(limited).toMatch(/try again in \d+ minutes?, or call us at /);
    expect(limited).toContain(`or call us at ${business.phone.display}`);
    const stored = (await storedLeads(site.dataDir)).filter((l) => emails.includes(l.contact.email));
    expect(stored).toHaveLength(2);
    // The consent proof keeps the address the proxy saw (loopback here), never the one the client wrote.
    for (const lead of stored) expect(lead.context.ip).toMatch(/^(127\.0\.0\.1|::ffff:127\.0\.0\.1)$/);
  });

  test("HTTPS as the proxy reports it: HSTS and upgrade-insecure-requests", async () => {
    const response = await fetch(`${proxy.origin}/about`);
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(response.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });
});

test.describe("without a proxy, with short limits", () => {
  let site: ServerHandle & { dataDir: string };
  test.beforeAll(async () => {
    site = await startSite({
      SITE_URL,
      HTTP_HEADERS_TIMEOUT_SECONDS: "1",
      HTTP_REQUEST_TIMEOUT_SECONDS: "2",
      MAX_BODIES_IN_FLIGHT: "2",
      LEAD_RATE_LIMIT: "0",
    });
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  test("forwarding headers from a client are ignored: no HSTS, no forged address", async () => {
    const response = await fetch(`${site.origin}/about`, {
      headers: { "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.66" },
    });
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(response.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
    const email = `direct-${Date.now()}@example.com`;
    await post(site.origin, "/estimate", estimate(email), { "X-Forwarded-For": "203.0.113.66" });
    const [lead] = (await storedLeads(site.dataDir)).filter((l) => l.contact.email === email);
    expect(lead!.context.ip).not.toContain("203.0.113.66");
  });

  test("a client that never finishes its headers is answered 408 and disconnected", async () => {
    const { received } = rawExchange(site.origin, "GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
    expect(await received).toMatch(/^HTTP\/1\.1 408 /);
  });

  test("a client that never finishes its body is answered 408 and disconnected", async () => {
    const { received } = rawExchange(
      site.origin,
      `POST /estimate HTTP/1.1\r\nHost: ${new URL(site.origin).host}\r\nOrigin: ${site.origin}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nfirstName=Sl`,
    );
    expect(await received).toMatch(/^HTTP\/1\.1 408 /);
  });

  test("URL-encoded bodies over 64 KB are refused on every route before they are read", async () => {
    for (const path of ["/estimate", "/about", "/careers/apply"]) {
      const response = await post(site.origin, path, `message=${"x".repeat(70_000)}`);
      expect(response.status, path).toBe(413);
      expect(await response.text()).toContain("This form is too large to send.");
      expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    }
  });
});

test.describe("bodies read at once (MAX_BODIES_IN_FLIGHT=2)", () => {
  let site: ServerHandle & { dataDir: string };
  test.beforeAll(async () => {
    site = await startSite({ SITE_URL, MAX_BODIES_IN_FLIGHT: "2", LEAD_RATE_LIMIT: "0" });
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  test("beyond the bodies read at once, a request is answered 503 with Retry-After", async () => {
    // Two uploads that stay open; "100 Continue" says the server has taken each one in.
    const slow = [0, 1].map(() =>
      rawExchange(
        site.origin,
        `POST /contact HTTP/1.1\r\nHost: ${new URL(site.origin).host}\r\nOrigin: ${site.origin}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5000\r\nExpect: 100-continue\r\n\r\n`,
      ),
    );
    for (const s of slow) expect(await s.firstData).toMatch(/^HTTP\/1\.1 100 Continue/);
    const refused = await post(site.origin, "/estimate", estimate(`busy-${Date.now()}@example.com`));
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(await refused.text()).toContain(business.phone.display);
    for (const s of slow) s.socket.destroy();
    await Promise.all(slow.map((s) => s.received));
    await expect
      .poll(
        async () =>
          (
            await fetch(`${site.origin}/newsletter`, {
              method: "POST",
              headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.origin },
              body: "email=x",
            })
          ).status,
      )
      .toBe(400);
  });
});

test("TRUST_PROXY=true is refused at start with a message naming the new forms", async () => {
  const { code, output } = await siteRefusesToStart({ TRUST_PROXY: "true" });
  expect(code).toBe(1);
  expect(output).toContain('TRUST_PROXY: "true" is no longer accepted');
  expect(output).toContain("number of proxies in front of the server (e.g. 1)");
});
