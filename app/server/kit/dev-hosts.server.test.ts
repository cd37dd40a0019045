import { describe, expect, it } from "vitest";
import { isLoopbackAddress, isOwnHost } from "./dev-hosts.server.ts";

describe("the development tools' own hosts", () => {
  const own = { port: 3000 };

  it("are this computer's loopback names on the tool's own port", () => {
    for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "LOCALHOST:3000"])
      expect(isOwnHost(host, own), host).toBe(true);
  });

  it("refuse another name, another port, a missing or malformed Host", () => {
    for (const host of [
      undefined,
      "",
      "192.168.1.5:3000",
      "attacker.example:3000",
      "localhost.attacker.example:3000",
      "localhost:3001",
      "127.0.0.1",
      "localhost:3000:3000",
      "localhost:3000/x",
      "user@localhost:3000",
      "[::1]x:3000",
      "0.0.0.0:3000",
    ])
      expect(isOwnHost(host, own), String(host)).toBe(false);
    expect(isOwnHost("localhost", { port: 80 })).toBe(true);
  });

  it("add SITE_URL's host exactly, and the names the owner lists (a leading dot: with subdomains)", () => {
    const withSite = { port: 3000, siteUrl: "http://192.168.1.10:3000" };
    expect(isOwnHost("192.168.1.10:3000", withSite)).toBe(true);
    expect(isOwnHost("192.168.1.10:4000", withSite)).toBe(false);
    const listed = { port: 3000, names: ["my-laptop.local", ".example.test"] };
    expect(isOwnHost("my-laptop.local:3000", listed)).toBe(true);
    expect(isOwnHost("a.example.test:3000", listed)).toBe(true);
    expect(isOwnHost("example.test:3000", listed)).toBe(true);
    expect(isOwnHost("other.local:3000", listed)).toBe(false);
    expect(isOwnHost("anything:1", { port: 3000, names: true })).toBe(true);
  });

  it("tell a loopback HOST setting from one open to the network", () => {
    for (const host of ["127.0.0.1", "localhost", "::1", "127.1.2.3"]) expect(isLoopbackAddress(host), host).toBe(true);
    for (const host of ["0.0.0.0", "::", "192.168.1.5", "example.com"])
      expect(isLoopbackAddress(host), host).toBe(false);
  });
});
