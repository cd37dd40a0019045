/**
 * Build files are sent precompressed (brotli or gzip written at build time, scripts/precompress.ts) with the
 * right Content-Encoding and Vary, and always with the Content-Security-Policy.
 */
import { get } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "./fixtures.ts";

test.skip(({ isMobile }) => isMobile, "served bytes do not depend on the viewport");

function fetchRaw(
  url: string,
  acceptEncoding: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}

test("pages, scripts, styles and feeds are sent as the brotli or gzip copy the browser accepts, the same bytes once decoded", async ({
  baseURL,
}) => {
  const home = await fetchRaw(`${baseURL}/`, "identity");
  const asset =
    /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(home.body.toString())?.[1] ??
    /"(\/assets\/[^"]+\.js)"/.exec(home.body.toString())?.[1];
  const css = /<link[^>]+href="(\/assets\/[^"]+\.css)"/.exec(home.body.toString())?.[1];
  expect(asset).toBeTruthy();
  expect(css).toBeTruthy();
  for (const [path, type] of [
    ["/", "text/html"],
    ["/about", "text/html"],
    [asset!, "javascript"],
    [css!, "text/css"],
    ["/sitemap.xml", "xml"],
  ] as const) {
    const identity = await fetchRaw(`${baseURL}${path}`, "identity");
    expect(identity.status, path).toBe(200);
    expect(identity.headers["content-encoding"], path).toBeUndefined();
    expect(identity.headers["vary"], path).toContain("Accept-Encoding");
    const br = await fetchRaw(`${baseURL}${path}`, "gzip, deflate, br");
    expect(br.headers["content-encoding"], path).toBe("br");
    expect(br.headers["content-type"], path).toContain(type);
    expect(br.headers["vary"], path).toContain("Accept-Encoding");
    expect(br.headers["content-security-policy"], path).toContain("default-src 'none'");
    expect(brotliDecompressSync(br.body).equals(identity.body), path).toBe(true);
    const gz = await fetchRaw(`${baseURL}${path}`, "gzip");
    expect(gz.headers["content-encoding"], path).toBe("gzip");
    expect(gunzipSync(gz.body).equals(identity.body), path).toBe(true);
    expect(br.body.length, path).toBeLessThan(identity.body.length);
  }
  // Server-rendered answers are still compressed on the fly.
  const rendered = await fetchRaw(`${baseURL}/contact?city=Boise`, "gzip");
  expect(rendered.headers["content-encoding"]).toBe("gzip");
});
