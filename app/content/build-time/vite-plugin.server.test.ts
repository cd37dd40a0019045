/**
 * The build's content step: what a module that imports a collection's module gets, and what the bundle
 * carries of it. Each test bundles a small entry with the plugin, as the build does.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { rolldown, type RolldownPlugin } from "rolldown";
import { createServer } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { contentCopies } from "../../../tests/support/content-copies.ts";
import { loadCollection } from "./load.server.ts";
import { CONTENT_MODULES_DIR, collectionOfModule, contentModules } from "./vite-plugin.server.ts";

const copies = contentCopies();
afterAll(copies.removeAll);
const contentWith = copies.withEdit;

const moduleOf = (file: string) => JSON.stringify(path.join(CONTENT_MODULES_DIR, file));
const appModule = (file: string) => JSON.stringify(path.resolve(import.meta.dirname, "../..", file));

/** Bundles `entry` (the code of a module in app/) with the content plugin, as the browser build does. */
async function bundle(entry: string, contentDir?: string): Promise<string> {
  const id = path.join(import.meta.dirname, "entry.ts");
  const build = await rolldown({
    input: id,
    platform: "browser",
    logLevel: "silent",
    plugins: [
      {
        name: "entry",
        resolveId: (source) => (source === id ? id : null),
        load: (source) => (source === id ? entry : null),
      },
      contentModules(contentDir ? { contentDir } : {}) as RolldownPlugin,
    ],
  });
  try {
    const { output } = await build.generate({ format: "iife", name: "entry" });
    return output[0].code;
  } finally {
    await build.close();
  }
}

/** What the bundled entry exports, run. */
const run = (code: string) => new Function(`${code}\nreturn entry;`)() as Record<string, unknown>;

describe("a collection's module in the build", () => {
  it("has each field of a file collection as an export, and the whole file as its default, validated", async () => {
    const out = run(await bundle(`export { default as all, questions } from ${moduleOf("faq.ts")};`));
    expect(out.questions).toEqual(loadCollection("faq").questions);
    expect(out.all).toEqual(loadCollection("faq"));
  });

  it("has a folder collection's entries under the collection's name, in the loader's order", async () => {
    const out = run(await bundle(`export { services } from ${moduleOf("services.ts")};`));
    expect(out.services).toEqual(loadCollection("services"));
  });

  it("gives each module of app/content/modules/ the exports Node gives it, with the same values", async () => {
    for (const file of readdirSync(CONTENT_MODULES_DIR)) {
      expect(
        collectionOfModule(path.join(CONTENT_MODULES_DIR, file)),
        `${file} is a collection's module`,
      ).toBeDefined();
      const fromNode = (await import(path.join(CONTENT_MODULES_DIR, file))) as Record<string, unknown>;
      const built = run(await bundle(`export * as all from ${moduleOf(file)};`)).all as Record<string, unknown>;
      for (const [name, value] of Object.entries(fromNode)) expect(built[name], `${file}: ${name}`).toEqual(value);
    }
  });

  it("is data alone: the bundle reads no file and carries none of the loader", async () => {
    const code = await bundle(`export { default as business } from ${moduleOf("business.ts")};`);
    expect(code).not.toMatch(/readFileSync|node:fs|loadCollection|safeParse/);
  });

  it("carries only the fields the bundle's modules read: the browser's ZIP answer has no extended-area town", async () => {
    const area = loadCollection("serviceArea");
    const code = await bundle(`export { areaMessage } from ${appModule("lib/service-area.ts")};`);
    for (const words of Object.values(area.responseTimeWords)) expect(code).toContain(words);
    for (const town of [...area.extendedAreas.map((a) => a.town), ...area.alsoOnAbout, ...area.alsoOnLocations])
      expect(code).not.toContain(town);
  });

  it("fails the build with the owner's message (file, field, fix) when a file is invalid", async () => {
    const dir = contentWith("faq.yaml", (text) => text.replace(/^(\s+)answer:/m, "$1answr:"));
    await expect(bundle(`export { questions } from ${moduleOf("faq.ts")};`, dir)).rejects.toThrow(
      /content\/faq\.yaml has a problem:\n {2}- questions › #1 \(.*\) › answr: is not a field here; "answer" is missing\. Fix: rename answr to answer/,
    );
  });

  it("fails the build when an availability area names a city the site does not serve", async () => {
    const dir = contentWith("availability.yaml", (text) =>
      text.replace(/(cities:\s*\[?\s*-?\s*)"?([A-Z][a-z]+)/, "$1Nowhereville-$2"),
    );
    await expect(bundle(`export { default } from ${moduleOf("availability.ts")};`, dir)).rejects.toThrow(
      /content\/availability\.yaml › areas › cities: "Nowhereville-[A-Za-z]+" is no city page's city and no extended-area town\. Fix: /,
    );
  });
});

/** Runs `check` with a development server whose content plugin reads `contentDir`; `load` imports a collection's module. */
async function withDevServer(
  contentDir: string,
  check: (load: (file: string) => Promise<Record<string, unknown>>) => Promise<void>,
) {
  const server = await createServer({
    configFile: false,
    logLevel: "silent",
    root: path.resolve(import.meta.dirname, "../../.."),
    plugins: [contentModules({ contentDir })],
    server: { middlewareMode: true, hmr: false },
  });
  try {
    await check((file) => server.ssrLoadModule(path.join(CONTENT_MODULES_DIR, file)));
  } finally {
    await server.close();
  }
}

describe("a collection's module in development", () => {
  it("is made again when its file changes", async () => {
    const dir = contentWith("faq.yaml", (text) => `${text}# A copy the test changes below.\n`);
    await withDevServer(dir, async (load) => {
      const firstQuestion = async () =>
        ((await load("faq.ts")) as { questions: { question: string }[] }).questions[0]!.question;
      expect(await firstQuestion()).toBe(loadCollection("faq", dir).questions[0]!.question);
      writeFileSync(
        path.join(dir, "faq.yaml"),
        readFileSync(path.join(dir, "faq.yaml"), "utf8").replace(
          /^(\s+)question: /m,
          "$1question: Changed while the server runs, ",
        ),
      );
      await expect.poll(firstQuestion, { timeout: 10_000 }).toMatch(/^Changed while the server runs, /);
    });
  });

  it("is made again when a file of a folder collection is removed", async () => {
    const dir = contentWith("faq.yaml", (text) => `${text}# A copy the test changes below.\n`);
    await withDevServer(dir, async (load) => {
      const slugs = async () => ((await load("jobs.ts")) as { jobs: { slug: string }[] }).jobs.map((job) => job.slug);
      const before = await slugs();
      expect(before.length).toBeGreaterThan(0);
      rmSync(path.join(dir, "jobs", `${before[0]}.yaml`));
      await expect.poll(slugs, { timeout: 10_000 }).toEqual(before.slice(1));
    });
  });
});
