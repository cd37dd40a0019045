import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_TYPE } from "../app/lib/early-script.ts";
import { splitHydration } from "./externalize-hydration.ts";

const context =
  'window.__reactRouterContext = {"basename":"/"};window.__reactRouterContext.stream = new ReadableStream({});';
const enqueue = 'window.__reactRouterContext.streamController.enqueue("[{\\"_1\\":2}]");';
const close = "window.__reactRouterContext.streamController.close();";
const page = [
  "<html><head><script>early()</script></head><body><main>Hello</main>",
  `<script>${context}</script>`,
  `<script type="${DEFERRED_MODULE_TYPE}" data-preload="/assets/a.js">import * as route0 from "/assets/root.js";\n  window.__reactRouterManifest = {\n  "entry": {\n    "module": "/assets/entry.js"\n  }\n};\n  window.__reactRouterRouteModules = {"root":route0};</script>`,
  `<script>${enqueue}</script><script>${close}</script></body></html>`,
].join("");

describe("splitHydration", () => {
  it("moves React Router's context and data scripts out, in order, and leaves empty scripts in their place", () => {
    const split = splitHydration(page)!;
    expect(split.source).toBe(
      `${context}\n${enqueue}\n${close}\nwindow.__reactRouterManifest = {"entry":{"module":"/assets/entry.js"}};\n`,
    );
    expect(split.html).not.toContain("__reactRouterManifest");
    expect(split.html).toContain('window.__reactRouterRouteModules = {"root":route0};');
    expect(split.html).not.toContain("__reactRouterContext");
    expect(split.html).toContain("<main>Hello</main><script></script>");
    expect(split.html.match(/<script><\/script>/g)).toHaveLength(3);
    expect(split.html).toContain("<script>early()</script>");
    expect(split.html).toContain('import * as route0 from "/assets/root.js";');
  });

  it("leaves a page without the deferred app alone", () => {
    expect(splitHydration("<html><body><p>robots</p></body></html>")).toBeNull();
  });

  it("stops the build when React Router's scripts have another shape", () => {
    expect(() => splitHydration(page.replaceAll("streamController.enqueue", "somethingNew"))).toThrow(/expected shape/);
    expect(() => splitHydration(page.replace("__reactRouterManifest = {", "__reactRouterManifest = load({"))).toThrow(
      /expected shape/,
    );
  });
});
