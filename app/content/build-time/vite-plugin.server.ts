/**
 * Content at build time (docs/decisions/028-content-modules.md). Each collection has a module in ../modules/
 * (`import { questions } from "../content/modules/faq.ts"`): Node code that imports it runs the loader and reads
 * content/; every environment Vite builds (the pages, the server bundle, the browser bundle, the first-effect
 * scripts) gets instead a module made here from the same validated data, one `export const` per field of a
 * file collection (and the whole file as its default export), the entries under the collection's name for a
 * folder collection. Each export is a literal, so the bundler leaves out what no module reads, and the pages
 * and bundles never read a file.
 *
 * An invalid file, or one whose names do not match the other collections (an availability area's city, a
 * gallery pair's service, city or photos), fails the build with its message (file, field, fix); in
 * development a changed, added or removed file makes its module again and reloads the page.
 *
 * The same plugin makes `virtual:gallery`, the gallery's pairs with their photos' files (./gallery.server.ts).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { z } from "../../lib/zod.ts";
import { availabilityProblem } from "../availability-check.ts";
import { type Collection, type CollectionName, collections } from "../collections.ts";
import { galleryPhotos } from "./gallery.server.ts";
import { ContentError, collectionFiles, defaultContentDir, loadCollection } from "./load.server.ts";

/** The folder of the collections' modules: `price-book.ts` is the module of the collection `priceBook`. */
export const CONTENT_MODULES_DIR = fileURLToPath(new URL("../modules/", import.meta.url));

const moduleFileOf = (name: CollectionName) => `${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.ts`;

/** The collection whose module `id` is, if it is one. */
export function collectionOfModule(id: string): CollectionName | undefined {
  const file = path.normalize(id.split("?")[0]!);
  if (path.dirname(file) !== path.normalize(CONTENT_MODULES_DIR).replace(/[\\/]$/, "")) return undefined;
  return (Object.keys(collections) as CollectionName[]).find((name) => moduleFileOf(name) === path.basename(file));
}

/**
 * What the site must know beyond each file's schema, read from the other collections: the problem, as the
 * loader writes them (file, field, fix), or null. Each lists the files it reads besides its own.
 */
const crossChecks: Partial<
  Record<CollectionName, { reads: CollectionName[]; problem: (data: never, contentDir: string) => string | null }>
> = {
  availability: {
    reads: ["cities", "serviceArea"],
    problem: (data: Parameters<typeof availabilityProblem>[0], contentDir: string) =>
      availabilityProblem(data, [
        ...loadCollection("cities", contentDir).map((l) => l.city),
        ...loadCollection("serviceArea", contentDir).extendedAreas.map((a) => a.town),
      ]),
  },
};

/** A cross-check's problem: its message is whole (file, field, fix). */
class CrossCheckError extends Error {
  override name = "CrossCheckError";
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The module of a collection: its data as literals, one export per field (file) or the entries (folder). */
export function contentModuleCode(name: CollectionName, contentDir = defaultContentDir()): string {
  const collection = collections[name] as Collection;
  const data: unknown = loadCollection(name, contentDir);
  const check = crossChecks[name];
  const problem = check?.problem(data as never, contentDir);
  if (problem) throw new CrossCheckError(problem);
  if (collection.kind === "folder") return `export const ${name} = ${JSON.stringify(data)};\n`;
  // Every field the schema knows, so that an optional field the file leaves out is an export too (undefined).
  const record = data as Record<string, unknown>;
  const shape = collection.schema instanceof z.ZodObject ? Object.keys(collection.schema.shape) : [];
  const fields = [...new Set([...Object.keys(record), ...shape])].filter((key) => IDENTIFIER.test(key));
  const literal = (value: unknown) => (value === undefined ? "undefined" : JSON.stringify(value));
  return [
    `export default ${literal(data)};`,
    ...fields.map((key) => `export const ${key} = ${literal(record[key])};`),
    "",
  ].join("\n");
}

/** Every content file a collection's module is made from (its own and those its check reads). */
function filesOf(name: CollectionName, contentDir: string): string[] {
  return [name, ...(crossChecks[name]?.reads ?? [])]
    .flatMap((each) => collectionFiles(each, contentDir))
    .map((file) => path.join(contentDir, file));
}

/** `contentDir`: the content folder (the tests give a copy). */
export function contentModules({ contentDir = defaultContentDir() }: { contentDir?: string } = {}): Plugin {
  const gallery = galleryPhotos(contentDir);
  return {
    name: "gemstate:content-modules",
    enforce: "pre",
    configResolved(config) {
      gallery.configResolved(config);
    },
    resolveId(id) {
      return gallery.resolveId(id);
    },
    async load(id) {
      const name = collectionOfModule(id);
      if (!name) return gallery.load(this, id);
      for (const file of filesOf(name, contentDir)) this.addWatchFile(file);
      try {
        return { code: contentModuleCode(name, contentDir), map: null };
      } catch (error) {
        // The owner's mistake, not the code's: the message alone (file, field, fix), without a stack.
        if (error instanceof ContentError || error instanceof CrossCheckError) this.error(error.message);
        throw error;
      }
    },
    async generateBundle() {
      // Only the browser build's output is served; the other builds only need the photos' URLs.
      if (this.environment?.name === "client") await gallery.emitFiles(this);
    },
    configureServer(server) {
      gallery.configureServer(server);
      // A file added to or removed from a folder collection changes its entries: its module is made again.
      const folders = (Object.keys(collections) as CollectionName[]).flatMap((name) => {
        const collection = collections[name] as Collection;
        return collection.kind === "folder"
          ? [{ name, folder: path.join(contentDir, collection.folder) + path.sep }]
          : [];
      });
      const addedOrRemoved = (file: string) => {
        const changed = folders.filter(({ folder }) => file.startsWith(folder));
        if (changed.length === 0) return;
        for (const { name } of changed) {
          const moduleFile = path.join(CONTENT_MODULES_DIR, moduleFileOf(name));
          for (const environment of Object.values(server.environments)) {
            for (const module of environment.moduleGraph.getModulesByFile(moduleFile) ?? [])
              environment.moduleGraph.invalidateModule(module);
          }
        }
        server.ws.send({ type: "full-reload" });
      };
      server.watcher.add(contentDir);
      server.watcher.on("add", addedOrRemoved).on("unlink", addedOrRemoved);
    },
  };
}
