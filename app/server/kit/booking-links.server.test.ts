import { describe, expect, it } from "vitest";
import {
  readNewsletterToken,
  newsletterToken,
  signedPath,
  readSignedToken,
  signedToken,
  LINK_TTL_MS,
  type LinkPurpose,
} from "../kit/signed-links.server.ts";

const secret = "s".repeat(32);
const now = new Date("2030-01-02T17:00:00Z");
const purposes = Object.keys(LINK_TTL_MS) as LinkPurpose[];

describe("the signed links of booking and review e-mails", () => {
  it("name their id for their own purpose only, and never verify as a newsletter link or the other way round", () => {
    for (const purpose of purposes) {
      const token = signedToken(purpose, "id-1", secret, now);
      expect(readSignedToken(token, purpose, secret, now)).toEqual({ id: "id-1" });
      for (const other of purposes.filter((p) => p !== purpose))
        expect(readSignedToken(token, other, secret, now)).toBe("invalid");
      expect(readNewsletterToken(token, "unsubscribe", secret, now)).toBe("invalid");
      expect(readSignedToken(token, purpose, "k".repeat(32), now)).toBe("invalid");
    }
    expect(readSignedToken(newsletterToken("unsubscribe", "id-1", secret, now), "manage", secret, now)).toBe("invalid");
  });

  it("expire after their purpose's lifetime", () => {
    for (const purpose of purposes) {
      const token = signedToken(purpose, "id-1", secret, now);
      const lastSecond = new Date(now.getTime() + LINK_TTL_MS[purpose] - 1000);
      const after = new Date(now.getTime() + LINK_TTL_MS[purpose] + 1000);
      expect(readSignedToken(token, purpose, secret, lastSecond)).toEqual({ id: "id-1" });
      expect(readSignedToken(token, purpose, secret, after)).toBe("expired");
    }
  });

  it("are paths of the site's pages carrying the token alone", () => {
    expect(signedPath("book", "lead-1", secret, now)).toMatch(/^\/book\?r=[\w.-]+$/);
    expect(signedPath("manage", "booking-1", secret, now)).toMatch(/^\/book\/manage\?t=[\w.-]+$/);
    expect(signedPath("review-opt-out", "key-1", secret, now)).toMatch(/^\/reviews\/opt-out\?t=[\w.-]+$/);
  });
});
