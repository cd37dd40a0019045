import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { deferAppStart } from "./entry.server.tsx";
import { DEFERRED_MODULE_TYPE } from "./lib/early-script.ts";

const page = [
  '<!DOCTYPE html><html><head><script>early()</script><link rel="modulepreload" href="/assets/entry.client-1.js"/>',
  '<link rel="modulepreload" href="/assets/framework-2.js"/><link rel="stylesheet" href="/assets/root.css"/></head>',
  "<body><main>Hello</main><script>window.__reactRouterContext = {};</script>",
  '<script type="module" async="">import * as route0 from "/assets/root-3.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-1.js");</script>',
  "</body></html>",
].join("");

async function transform(html: string, chunkSize: number): Promise<string> {
  const chunks: Buffer[] = [];
  for (let i = 0; i < html.length; i += chunkSize) chunks.push(Buffer.from(html.slice(i, i + chunkSize)));
  let out = "";
  for await (const chunk of Readable.from(chunks).pipe(deferAppStart())) out += chunk.toString();
  return out;
}

describe("deferAppStart", () => {
  it.each([1, 7, 64, 100_000])(
    "moves the preloads onto React Router's module script and defers it (chunks of %i bytes)",
    async (size) => {
      const out = await transform(page, size);
      expect(out).not.toContain('rel="modulepreload"');
      expect(out).toContain(
        `<script type="${DEFERRED_MODULE_TYPE}" data-preload="/assets/entry.client-1.js /assets/framework-2.js">import * as route0`,
      );
      expect(out).not.toContain('type="module"');
      // Everything else is untouched.
      expect(out).toContain('<script>early()</script><link rel="stylesheet" href="/assets/root.css"/></head>');
      expect(out).toContain("<main>Hello</main><script>window.__reactRouterContext = {};</script>");
    },
  );

  it("leaves a module script of another shape as it is (the app then starts at load)", async () => {
    const other = page.replace("window.__reactRouterRouteModules", "window.__somethingElse");
    const out = await transform(other, 16);
    expect(out).toContain('<script type="module" async="">');
  });
});
