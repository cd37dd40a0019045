/**
 * A post-build step (scripts/post-build.ts): each prerendered page's hydration data moves out of its HTML into a file of its own,
 * loaded only when the app starts (on the visitor's first interaction, app/lib/early-script.ts).
 *
 * React Router ends a server-rendered page with classic inline scripts that create
 * `window.__reactRouterContext` and feed it the loaders' data (the page's content again, as JSON).
 * The page needs none of it until the app starts, yet it made most pages' HTML larger than the first
 * round trip carries (about 14 KB compressed), which delayed the first paint by a round trip
 * (docs/decisions/006-native-controls.md). The scripts' text is moved, unchanged and in order, into
 * build/client/assets/hydration/<page>-<hash>.js (immutable), named on the deferred module script as
 * `data-hydration`. Server-rendered responses (query strings, form answers, 404) keep them inline.
 *
 * A page that has the deferred module script but not the scripts this expects stops the build: React
 * Router changed the shape of its output, and this must be looked at again.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { prerenderedPages } from "../app/lib/build-files.server.ts";
import { DEFERRED_MODULE_TYPE } from "../app/lib/early-script.ts";
import {
  HYDRATION_CONTEXT_START,
  HYDRATION_SCRIPT,
  HYDRATION_STREAM_START,
  MANIFEST_ASSIGNMENT,
} from "../app/lib/framework-output.ts";

/** The page's HTML without its hydration scripts, and those scripts' source, in order; null if the page has none. */
export function splitHydration(html: string): { html: string; source: string } | null {
  const deferred = new RegExp(`<script type="${DEFERRED_MODULE_TYPE}"`).exec(html);
  if (!deferred) return null;
  const scripts: string[] = [];
  // Each script is left in place, empty (it then runs nothing), so that React finds the elements it
  // rendered when it hydrates.
  const rest = html.replace(HYDRATION_SCRIPT, (_tag, body: string) => {
    scripts.push(body);
    return "<script></script>";
  });
  const [context, ...data] = scripts;
  // The route manifest, in the module script, moves too (as one line of JSON): a global assignment the entry
  // module reads, which the hydration file, run before the module, makes as well (after React Router's own scripts). It was about a third of the
  // module script, the largest thing left in the page (about 1 KB of each page's compressed 10–13 KB).
  let manifest = "";
  const html2 = rest.replace(
    new RegExp(`(<script type="${DEFERRED_MODULE_TYPE}"[^>]*>)([\\s\\S]*?)(</script>)`),
    (_all, open: string, body: string, close: string) =>
      open +
      body.replace(MANIFEST_ASSIGNMENT, (_statement, json: string) => {
        manifest = `window.__reactRouterManifest = ${JSON.stringify(JSON.parse(json))};`;
        return "";
      }) +
      close,
  );
  if (
    !context?.startsWith(HYDRATION_CONTEXT_START) ||
    !data.some((s) => s.startsWith(HYDRATION_STREAM_START)) ||
    !manifest
  ) {
    throw new Error(
      "React Router's hydration scripts are not of the expected shape (app/lib/framework-output.ts; tests/e2e/framework-contract.spec.ts says which assumption broke)",
    );
  }
  return { html: html2, source: `${[...scripts, manifest].map((s) => s.replace(/;?\s*$/, ";")).join("\n")}\n` };
}

/** Moves each prerendered page's hydration data into build/client/assets/hydration/; says how many. */
export function externalizeHydration(clientDir: string): string {
  const outDir = path.join(clientDir, "assets", "hydration");
  mkdirSync(outDir, { recursive: true });
  let count = 0;
  for (const { file, route } of prerenderedPages(clientDir)) {
    const split = splitHydration(readFileSync(file, "utf8"));
    if (!split) continue;
    const name = `${route === "/" ? "home" : route.slice(1).replaceAll("/", "--")}-${createHash("sha256").update(split.source).digest("hex").slice(0, 10)}.js`;
    writeFileSync(path.join(outDir, name), split.source);
    const html = split.html.replace(
      `<script type="${DEFERRED_MODULE_TYPE}"`,
      `<script type="${DEFERRED_MODULE_TYPE}" data-hydration="/assets/hydration/${name}"`,
    );
    writeFileSync(file, html);
    count++;
  }
  return `externalize-hydration: ${count} pages load their hydration data when the app starts`;
}

if (import.meta.main) console.log(externalizeHydration(path.resolve("build/client")));
