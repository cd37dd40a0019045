/**
 * The browser editor's bundle (app/server/cms.server.ts, buildCmsEditor: Sveltia CMS from node_modules, 300 files)
 * made once per machine and copied into each build from the build cache (./build-cache.ts). It depends only on the
 * packages' versions and on the two files that say how it is bundled, which name the entry.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildCmsEditor } from "../app/server/cms.server.ts";
import { buildCacheDir, cacheKey } from "./build-cache.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(ROOT, file));
const versionOf = (pkg: string) =>
  (JSON.parse(read(`node_modules/${pkg}/package.json`).toString()) as { version: string }).version;

export async function cachedCmsEditor(dir: string, cacheDir = buildCacheDir()): Promise<void> {
  const key = cacheKey(
    "cms-editor 1",
    versionOf("@sveltia/cms"),
    versionOf("vite"),
    read("app/server/cms.server.ts"),
    read("app/cms/editor.ts"),
  );
  const cached = path.join(cacheDir, "cms-editor", key);
  if (!existsSync(path.join(cached, "complete"))) {
    // Made beside and renamed into place: a build running at the same time sees all of it or none.
    mkdirSync(path.dirname(cached), { recursive: true });
    const temp = mkdtempSync(path.join(path.dirname(cached), "tmp-"));
    try {
      await buildCmsEditor(temp);
      writeFileSync(path.join(temp, "complete"), "");
      rmSync(cached, { recursive: true, force: true });
      renameSync(temp, cached);
    } catch (error) {
      rmSync(temp, { recursive: true, force: true });
      throw error;
    }
  }
  cpSync(cached, dir, { recursive: true, filter: (source) => path.basename(source) !== "complete" });
}
