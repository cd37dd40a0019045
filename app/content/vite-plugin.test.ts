/** The build's content step: what a module that loads a collection becomes. */
import type { Plugin } from "vite";
import { describe, expect, it } from "vitest";
import { loadCollection } from "./load.ts";
import { contentCollections } from "./vite-plugin.ts";

/** Runs the plugin's transform on `code` as Vite would; its output code, or the error it raised. */
function transform(code: string): string {
  const plugin = contentCollections() as Plugin & { transform: (this: unknown, code: string, id: string) => { code: string } | null };
  const context = {
    addWatchFile: () => undefined,
    error: (message: string) => {
      throw new Error(message);
    },
  };
  return plugin.transform.call(context, code, "/app/content/x.ts")?.code ?? code;
}

const header = 'import { loadCollection } from "./load.ts";\n';

describe("the content plugin", () => {
  it("writes a collection's validated data in place of the call, without the loader's import", () => {
    const out = transform(`${header}export const { questions: faq } = loadCollection("faq");`);
    expect(out).not.toContain("load.ts");
    expect(out).toContain(JSON.stringify(loadCollection("faq")));
  });

  it("writes only the part read right after the call, so a module carries nothing else of the file", () => {
    const area = loadCollection("serviceArea");
    const out = transform(`${header}export const words = loadCollection("serviceArea").responseTimeWords;`);
    expect(out).toContain(`(${JSON.stringify(area.responseTimeWords)});`);
    for (const { town } of area.extendedAreas) expect(out).not.toContain(town);
  });

  it("leaves a method called on the data as code", () => {
    const out = transform(`${header}export const ids = loadCollection("faq").questions.map((q) => q.id);`);
    expect(out).toContain(`(${JSON.stringify(loadCollection("faq").questions)}).map((q) => q.id);`);
  });

  it("fails on a collection that does not exist, naming it", () => {
    expect(() => transform(`${header}loadCollection("nope");`)).toThrow(/no content collection "nope"/);
  });
});
