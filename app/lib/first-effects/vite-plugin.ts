/**
 * The first-effect scripts (./zip.ts, ./pricing.ts), bundled at build time into one classic script each,
 * for the server to write into the page (app/components/inline-script.tsx): `import source from
 * "virtual:first-effect/pricing"` is the minified script, with the content it reads (the price book)
 * made by the content plugin from the collection's module, as in every module Vite builds. Each is built from the same modules
 * the app and the server use (app/lib/price.ts, app/lib/service-area.ts, app/forms/price-query.ts): one
 * source for every rule. The browser's build gets "" (the source is only written by the server).
 */
import { fileURLToPath } from "node:url";
import { rolldown, type RolldownPlugin } from "rolldown";
import type { Plugin } from "vite";
import { contentModules } from "../../content/build/vite-plugin.server.ts";
import { FIRST_EFFECT_GLOBAL } from "./global.ts";

const PREFIX = "virtual:first-effect/";
const here = fileURLToPath(new URL(".", import.meta.url));

export function firstEffectScripts(): Plugin {
  return {
    name: "gemstate:first-effect-scripts",
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      if (this.environment.name !== "ssr") return `export default "";`;
      const name = id.slice(PREFIX.length + 1);
      if (!/^[a-z-]+$/.test(name)) this.error(`${id}: not a first-effect script`);
      const entry = `${here}${name}.ts`;
      this.addWatchFile(entry);
      const bundle = await rolldown({
        input: entry,
        platform: "browser",
        logLevel: "silent",
        plugins: [contentModules() as RolldownPlugin],
      });
      try {
        const { output } = await bundle.generate({ format: "iife", name: FIRST_EFFECT_GLOBAL, minify: true });
        for (const file of await bundle.watchFiles) this.addWatchFile(file);
        return `export default ${JSON.stringify(output[0].code.trim())};`;
      } finally {
        await bundle.close();
      }
    },
  };
}
