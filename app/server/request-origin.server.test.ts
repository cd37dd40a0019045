import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { requestOrigins, type TrustProxy } from "./request-origin.server.ts";

const SITE_URL = "https://www.gemstateexteriorcleaning.com";
const noProxy: TrustProxy = () => false;
const loopbackProxy: TrustProxy = (address) => address === "127.0.0.1";

/** A request as node:http hands it over: its headers and the connection it came on. */
const request = (headers: Record<string, string>, { address = "203.0.113.9", encrypted = false } = {}) =>
  ({
    headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
    socket: { remoteAddress: address, encrypted },
  }) as unknown as IncomingMessage;

describe("the origin a request was sent to", () => {
  const production = requestOrigins({ siteUrl: SITE_URL, dev: false, trustProxy: noProxy });

  it("is SITE_URL in production whatever the connection says, with TRUST_PROXY unset", () => {
    const cases: Record<string, string>[] = [
      { host: "www.gemstateexteriorcleaning.com" },
      { host: "www.gemstateexteriorcleaning.com", "x-forwarded-proto": "https" },
      { host: "10.0.0.7:3000" },
      { host: "evil.example" },
      {},
    ];
    for (const headers of cases) {
      expect(production.of(request(headers))).toEqual({ origin: SITE_URL, https: true });
    }
  });

  it("is the request's own for a local visit (a loopback host that is not SITE_URL's), as the quick start and the e2e server use", () => {
    expect(production.of(request({ host: "localhost:3000" }, { address: "127.0.0.1" }))).toEqual({
      origin: "http://localhost:3000",
      https: false,
    });
    expect(production.of(request({ host: "127.0.0.1:3600" }))).toEqual({
      origin: "http://127.0.0.1:3600",
      https: false,
    });
    expect(production.of(request({ host: "[::1]:3000" }))).toEqual({ origin: "http://[::1]:3000", https: false });
    // A client's own X-Forwarded-Proto does not make a local visit https.
    expect(production.of(request({ host: "localhost:3000", "x-forwarded-proto": "https" })).https).toBe(false);
  });

  it("is SITE_URL when SITE_URL itself names a loopback host (a TLS proxy on this machine)", () => {
    const local = requestOrigins({ siteUrl: "https://127.0.0.1:8443", dev: false, trustProxy: noProxy });
    expect(local.of(request({ host: "127.0.0.1:8443" }, { address: "127.0.0.1" }))).toEqual({
      origin: "https://127.0.0.1:8443",
      https: true,
    });
  });

  it("follows a trusted proxy's X-Forwarded-Proto and -Host for a local visit, and the connection in development", () => {
    const behindProxy = requestOrigins({ siteUrl: SITE_URL, dev: false, trustProxy: loopbackProxy });
    expect(
      behindProxy.of(request({ host: "127.0.0.1:3000", "x-forwarded-proto": "https" }, { address: "127.0.0.1" })),
    ).toEqual({ origin: "https://127.0.0.1:3000", https: true });
    expect(
      behindProxy.of(
        request(
          { host: "127.0.0.1:3000", "x-forwarded-host": "www.gemstateexteriorcleaning.com" },
          { address: "127.0.0.1" },
        ),
      ),
    ).toEqual({ origin: SITE_URL, https: true });
    const dev = requestOrigins({ siteUrl: SITE_URL, dev: true, trustProxy: noProxy });
    expect(dev.of(request({ host: "localhost:5173" }))).toEqual({ origin: "http://localhost:5173", https: false });
    expect(dev.of(request({ host: "www.gemstateexteriorcleaning.com" }))).toEqual({
      origin: "http://www.gemstateexteriorcleaning.com",
      https: false,
    });
  });
});

describe("plain HTTP, for the inbox's redirect to https", () => {
  const production = requestOrigins({ siteUrl: SITE_URL, dev: false, trustProxy: noProxy });
  const site = { host: "www.gemstateexteriorcleaning.com" };

  it("is a direct connection without TLS, or X-Forwarded-Proto: http from anyone", () => {
    expect(production.isPlainHttp(request(site))).toBe(true);
    expect(production.isPlainHttp(request({ ...site, "x-forwarded-proto": "http" }))).toBe(true);
    expect(
      production.isPlainHttp(
        request({ ...site, "x-forwarded-proto": "http", "x-forwarded-for": "198.51.100.4" }, { address: "127.0.0.1" }),
      ),
    ).toBe(true);
  });

  it("is not a proxied request that does not say http (TLS ended at the proxy, TRUST_PROXY set or not), nor a TLS connection", () => {
    expect(
      production.isPlainHttp(
        request({ ...site, "x-forwarded-proto": "https", "x-forwarded-for": "198.51.100.4" }, { address: "127.0.0.1" }),
      ),
    ).toBe(false);
    expect(
      production.isPlainHttp(request({ ...site, "x-forwarded-for": "198.51.100.4" }, { address: "127.0.0.1" })),
    ).toBe(false);
    expect(
      production.isPlainHttp(request({ ...site, forwarded: "for=198.51.100.4;proto=https" }, { address: "127.0.0.1" })),
    ).toBe(false);
    expect(production.isPlainHttp(request(site, { encrypted: true }))).toBe(false);
    const behindProxy = requestOrigins({ siteUrl: SITE_URL, dev: false, trustProxy: loopbackProxy });
    expect(behindProxy.isPlainHttp(request(site, { address: "127.0.0.1" }))).toBe(false);
    expect(behindProxy.isPlainHttp(request({ ...site, "x-forwarded-proto": "http" }, { address: "127.0.0.1" }))).toBe(
      true,
    );
  });

  it("is never a local visit, development, or a site whose SITE_URL is http", () => {
    expect(production.isPlainHttp(request({ host: "localhost:3000" }, { address: "127.0.0.1" }))).toBe(false);
    expect(requestOrigins({ siteUrl: SITE_URL, dev: true, trustProxy: noProxy }).isPlainHttp(request(site))).toBe(
      false,
    );
    expect(
      requestOrigins({ siteUrl: "http://localhost:3000", dev: false, trustProxy: noProxy }).isPlainHttp(
        request({ host: "localhost:3000" }),
      ),
    ).toBe(false);
  });
});

describe("a proxy TRUST_PROXY does not name", () => {
  it("is told by forwarding headers on a connection from this machine or a private network", () => {
    const production = requestOrigins({ siteUrl: SITE_URL, dev: false, trustProxy: noProxy });
    expect(production.viaUnnamedProxy(request({ "x-forwarded-for": "198.51.100.4" }, { address: "127.0.0.1" }))).toBe(
      true,
    );
    expect(production.viaUnnamedProxy(request({ "x-forwarded-proto": "https" }, { address: "::ffff:10.1.2.3" }))).toBe(
      true,
    );
    expect(production.viaUnnamedProxy(request({ via: "1.1 caddy" }, { address: "fd00::5" }))).toBe(true);
    // A direct visitor, a client on the internet writing the headers itself, or a proxy TRUST_PROXY names.
    expect(production.viaUnnamedProxy(request({}, { address: "127.0.0.1" }))).toBe(false);
    expect(production.viaUnnamedProxy(request({ "x-forwarded-for": "198.51.100.4" }, { address: "203.0.113.9" }))).toBe(
      false,
    );
    const named = requestOrigins({ siteUrl: SITE_URL, dev: false, trustProxy: loopbackProxy });
    expect(named.viaUnnamedProxy(request({ "x-forwarded-for": "198.51.100.4" }, { address: "127.0.0.1" }))).toBe(false);
  });
});
