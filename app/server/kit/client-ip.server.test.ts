import { describe, expect, it } from "vitest";
import { rateLimitKey } from "./client-ip.server.ts";

describe("the address the rate limit counts", () => {
  it("counts an IPv6 client by its /64, however the address is written", () => {
    expect(rateLimitKey("2001:db8:abcd:12::1")).toBe("2001:db8:abcd:12::/64");
    expect(rateLimitKey("2001:0db8:abcd:0012:ffff:eeee:dddd:cccc")).toBe("2001:db8:abcd:12::/64");
    expect(rateLimitKey("2001:db8::7")).toBe("2001:db8:0:0::/64");
    expect(rateLimitKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(rateLimitKey("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitKey("2001:db8:1:2:3:4:5:6")).not.toBe(rateLimitKey("2001:db8:1:3:3:4:5:6"));
  });

  it("counts IPv4 (also IPv4-mapped IPv6) by the address", () => {
    expect(rateLimitKey("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitKey("")).toBe("");
  });
});
