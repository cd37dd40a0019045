import { describe, expect, it } from "vitest";
import { acceptedEncodings } from "./static-files.server.ts";

describe("Accept-Encoding", () => {
  it("lists what the client accepts, without those refused by q=0", () => {
    expect([...acceptedEncodings("gzip, deflate, br, zstd")]).toEqual(["gzip", "deflate", "br", "zstd"]);
    expect(acceptedEncodings("br;q=0, gzip;q=0.5").has("br")).toBe(false);
    expect(acceptedEncodings("br;q=0, gzip;q=0.5").has("gzip")).toBe(true);
    expect(acceptedEncodings(undefined).size).toBe(0);
  });
});
