/**
 * The first-effect scripts (./zip.ts, ./pricing.ts, ./validate.ts), bundled at build time into one classic
 * script each. Each is built from the same modules the app and the server use (app/lib/price.ts,
 * app/lib/service-area.ts, app/forms/price-query.ts, app/forms/field-rules.ts): one source for every rule, with
 * the content it reads made by the content plugin, as in every module Vite builds.
 *
 * - Inline ones (page: the ZIP answer and the loader; pricing): `import source from "virtual:first-effect/pricing"` is the minified script, for
 *   the server to write into the page (app/components/inline-script.tsx); the browser's build gets "".
 * - External ones (EXTERNAL: validate, the largest, which every page carries): the page would outgrow its
 *   first round trip (about 14 KB) with it inline, so it is a file of its own, `/assets/first-effect-<name>-<hash>.js`,
 *   named by its content, which the page loads just after its first paint (./after-paint.ts) and the
 *   browser caches across pages. `import url from "virtual:first-effect/validate"` is its address on the server;
 *   the browser's build writes the file (and gets ""); the development server answers it from memory.
 */
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { rolldown, type RolldownPlugin } from "rolldown";
import type { Plugin } from "vite";
import { contentModules } from "../../content/build-time/vite-plugin.server.ts";
import { FIRST_EFFECT_GLOBAL } from "./global.ts";

const PREFIX = "virtual:first-effect/";
const here = fileURLToPath(new URL(".", import.meta.url));
/** The scripts loaded as files of their own rather than written into the page. */
const EXTERNAL: ReadonlySet<string> = new Set(["validate"]);
/** Where an external script is served (and its prefix, which tests that hold the app's scripts back let through). */
export const EXTERNAL_PREFIX = "/assets/first-effect-";

async function bundle(name: string, watch: (file: string) => void): Promise<string> {
  const entry = `${here}${name}.ts`;
  watch(entry);
  const built = await rolldown({
    input: entry,
    platform: "browser",
    logLevel: "silent",
    plugins: [contentModules() as RolldownPlugin],
  });
  try {
    const { output } = await built.generate({ format: "iife", name: FIRST_EFFECT_GLOBAL, minify: true });
    for (const file of await built.watchFiles) watch(file);
    return output[0].code.trim();
  } finally {
    await built.close();
  }
}

/**
 * An external script's file: its bundle, then a call of its `install` with the page's data, which the page gives
 * as the script element's `data-install` (JSON), all inside a function so the bundle's name stays local.
 */
function externalFile(name: string, code: string): { path: string; source: string } {
  const source = `(function(){${code}\n${FIRST_EFFECT_GLOBAL}.install(JSON.parse(document.currentScript.dataset.install||"null"))})()\n`;
  const hash = createHash("sha256").update(source).digest("base64url").slice(0, 10);
  return { path: `${EXTERNAL_PREFIX}${name}-${hash}.js`, source };
}

export function firstEffectScripts(): Plugin {
  /** The development server's external scripts, by path, as the server's last render of them made them. */
  const served = new Map<string, string>();
  return {
    name: "gemstate:first-effect-scripts",
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const source = served.get((req.url ?? "").split("?")[0]!);
        if (source === undefined) return next();
        res.setHeader("Content-Type", "text/javascript; charset=utf-8");
        res.end(source);
      });
    },
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const name = id.slice(PREFIX.length + 1);
      if (!/^[a-z-]+$/.test(name)) this.error(`${id}: not a first-effect script`);
      const ssr = this.environment.name === "ssr";
      if (!EXTERNAL.has(name)) {
        if (!ssr) return `export default "";`;
        return `export default ${JSON.stringify(await bundle(name, (file) => this.addWatchFile(file)))};`;
      }
      const file = externalFile(name, await bundle(name, (file) => this.addWatchFile(file)));
      if (this.environment.mode === "dev") served.set(file.path, file.source);
      else if (!ssr) this.emitFile({ type: "asset", fileName: file.path.slice(1), source: file.source });
      return `export default ${JSON.stringify(ssr ? file.path : "")};`;
    },
  };
}
