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
      replaced = replaced.replace(CALL, (call: string, name: string, properties: string, offset: number, whole: string) => {
        if (!(name in collections)) this.error(`${id}: there is no content collection "${name}" (app/content/collections.ts)`);
        for (const file of collectionFiles(name as CollectionName, contentDir)) this.addWatchFile(path.join(contentDir, file));
        try {
          // The parts of the data read right after the call are written alone; a method called on it
          // (`.questions.map(…)`) or anything that is not a part of the data stays code.
          const keys = properties.split(".").slice(1);
          if (keys.length > 0 && /^\s*\(/.test(whole.slice(offset + call.length))) keys.pop();
          let value: unknown = loadCollection(name as CollectionName, contentDir);
          let read = 0;
          for (const key of keys) {
            if (typeof value !== "object" || value === null || !Object.hasOwn(value, key)) break;
            value = (value as Record<string, unknown>)[key];
            read++;
          }
          const rest = properties.split(".").slice(1 + read);
          return `(${JSON.stringify(value)})${rest.map((key) => `.${key}`).join("")}`;
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
