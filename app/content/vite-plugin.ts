/**
 * Content at build time: in every module Vite builds, each `loadCollection("name")` call is replaced by the
 * collection's validated data (or, for `loadCollection("name").part`, by that part alone, so a module the
 * browser loads carries only what it reads), read with the same loader Node code uses (./load.ts). The pages and the
 * browser bundle carry the data, never a file read; an invalid content file fails the build with its
 * message (file, field, fix); in development a changed file reloads the modules that read it.
 */
import path from "node:path";
import type { Plugin } from "vite";
import { type CollectionName, collections } from "./collections.ts";
import { ContentError, collectionFiles, defaultContentDir, loadCollection } from "./load.ts";

/** The call, and the properties read right after it (`loadCollection("x").words`): only that part is written. */
const CALL = /\bloadCollection\(\s*"([A-Za-z-]+)"\s*\)((?:\.[A-Za-z_$][\w$]*)*)/g;
const IMPORT = /^import\s*\{\s*loadCollection\s*\}\s*from\s*"\.\/load\.ts";?\s*$/m;

export function contentCollections(): Plugin {
  const contentDir = defaultContentDir();
  return {
    name: "gemstate:content-collections",
    enforce: "pre",
    transform(code, id) {
      if (!code.includes("loadCollection(") || !IMPORT.test(code)) return null;
      let replaced = code.replace(IMPORT, "");
      replaced = replaced.replace(CALL, (_call, name: string, properties: string) => {
        if (!(name in collections)) this.error(`${id}: there is no content collection "${name}" (app/content/collections.ts)`);
        for (const file of collectionFiles(name as CollectionName, contentDir)) this.addWatchFile(path.join(contentDir, file));
        try {
          let value: unknown = loadCollection(name as CollectionName, contentDir);
          for (const key of properties.split(".").slice(1)) {
            if (typeof value !== "object" || value === null || !Object.hasOwn(value, key)) this.error(`${id}: the content collection "${name}" has no ${properties.slice(1)}`);
            value = (value as Record<string, unknown>)[key];
          }
          return `(${JSON.stringify(value)})`;
        } catch (error) {
          // The owner's mistake, not the code's: the message alone (file, field, fix), without a stack.
          if (error instanceof ContentError) this.error(error.message);
          throw error;
        }
      });
      if (replaced.includes("loadCollection(")) this.error(`${id}: loadCollection takes the collection's name as a string literal, so the build can read it`);
      return { code: replaced, map: null };
    },
  };
}
