/**
 * The gallery at build time (docs/decisions/016-gallery-images.md): `import { pairs } from "virtual:gallery"`
 * gives the server code every before/after pair of content/gallery/, newest first, each photo with its
 * srcset, size and placeholder. The content plugin (./vite-plugin.server.ts) makes that module with the
 * hooks below. The photos are made by ./gallery-images.server.ts (cached in node_modules/.cache/gallery); the
 * client build writes their files to build/client/assets/gallery/, and the dev server serves them from the
 * cache. A pair naming an unknown service or city, or a missing photo, fails the build with the file, the
 * field and the fix.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ResolvedConfig, ViteDevServer } from "vite";
import type { GalleryPair, GalleryPhoto } from "../../lib/gallery-types.ts";
import { galleryProblems } from "./gallery-check.server.ts";
import {
  GALLERY_FORMATS,
  GALLERY_URL_PREFIX,
  galleryMime,
  imageFiles,
  type ProcessedImage,
  processImage,
} from "./gallery-images.server.ts";
import { ContentError, collectionFiles, loadCollection } from "./load.server.ts";

const ID = "virtual:gallery";
const RESOLVED = `\0${ID}`;

/** What the hooks use of the plugin's context. */
interface Context {
  addWatchFile(file: string): void;
  error(message: string): never;
  emitFile(file: { type: "asset"; fileName: string; source: Uint8Array }): string;
}

interface Prepared {
  pairs: GalleryPair[];
  /** Every served file: its name under GALLERY_URL_PREFIX and its path in the cache. */
  files: Map<string, string>;
}

/** The hooks that make `virtual:gallery`, for the content plugin to call. */
export function galleryPhotos(contentDir: string) {
  const galleryDir = path.join(contentDir, "gallery");
  let cacheRoot = path.resolve("node_modules/.cache/gallery");
  let command: "build" | "serve" = "build";
  // One run per build (the client and the server build share it); the dev server starts again on a change.
  let prepared: Promise<Prepared> | undefined;
  const prepare = () => (prepared ??= preparePairs(contentDir, cacheRoot));

  return {
    configResolved(config: ResolvedConfig) {
      command = config.command;
      cacheRoot = path.join(config.root, "node_modules/.cache/gallery");
    },
    resolveId(id: string) {
      return id === ID ? RESOLVED : null;
    },
    async load(context: Pick<Context, "addWatchFile" | "error">, id: string) {
      if (id !== RESOLVED) return null;
      for (const file of collectionFiles("gallery", contentDir)) context.addWatchFile(path.join(contentDir, file));
      try {
        const { pairs } = await prepare();
        return `export const pairs = ${JSON.stringify(pairs)};`;
      } catch (error) {
        prepared = undefined;
        // The owner's mistake, not the code's: the message alone (file, field, fix), without a stack.
        if (error instanceof ContentError) context.error(error.message);
        throw error;
      }
    },
    /** The photos' files, into the browser build's output (the only one served). */
    async emitFiles(context: Pick<Context, "emitFile">) {
      if (command !== "build") return;
      const { files } = await prepare();
      for (const [name, file] of files)
        context.emitFile({ type: "asset", fileName: `assets/gallery/${name}`, source: readFileSync(file) });
    },
    configureServer(server: ViteDevServer) {
      serveFromCache(server, () => prepare());
      const changed = (file: string) => {
        if (!file.startsWith(galleryDir)) return;
        prepared = undefined;
        for (const environment of Object.values(server.environments)) {
          const module = environment.moduleGraph.getModuleById(RESOLVED);
          if (module) environment.moduleGraph.invalidateModule(module);
        }
      };
      server.watcher.add(galleryDir);
      server.watcher.on("add", changed).on("change", changed).on("unlink", changed);
    },
  };
}

/** Development: the photos' files straight from the cache, at the URLs the pages name. */
function serveFromCache(server: ViteDevServer, prepare: () => Promise<Prepared>) {
  server.middlewares.use(GALLERY_URL_PREFIX, (req, res, next) => {
    const name = decodeURIComponent((req.url ?? "").split("?")[0]!.replace(/^\/+/, ""));
    prepare().then(
      ({ files }) => {
        const file = files.get(name);
        if (!file) return next();
        const format = GALLERY_FORMATS.find((f) => name.endsWith(f === "jpeg" ? ".jpg" : `.${f}`)) ?? "jpeg";
        res.setHeader("Content-Type", galleryMime(format));
        res.setHeader("Cache-Control", "no-cache");
        res.end(readFileSync(file));
      },
      (error: unknown) => next(error),
    );
  });
}

/** Every pair, checked, with its photos made (or read from the cache), newest first; and the files to serve. */
export async function preparePairs(contentDir: string, cacheRoot: string): Promise<Prepared> {
  const entries = loadCollection("gallery", contentDir);
  const services = loadCollection("services", contentDir);
  const locations = loadCollection("cities", contentDir);
  const problems = galleryProblems(
    entries,
    { services: services.map((s) => s.slug), cities: locations.map((l) => l.slug) },
    contentDir,
  );
  if (problems.length > 0) {
    const first = problems[0]!;
    throw new ContentError(
      first.file,
      problems.flatMap((p) => (p === first ? p.problems : p.problems.map((line) => `${p.file}: ${line}`))),
    );
  }
  const files = new Map<string, string>();
  const photo = async (slug: string, which: "before" | "after", image: string, alt: string): Promise<GalleryPhoto> => {
    let processed: ProcessedImage;
    try {
      processed = await processImage(path.join(contentDir, "gallery", image), cacheRoot);
    } catch (error) {
      // A file that is not a photo sharp can read (damaged, or another format under a photo's name).
      throw new ContentError(`content/gallery/${slug}.yaml`, [
        `${which} › image: content/gallery/${image} could not be read as a photo (${(error as Error).message}). Fix: upload the photo again as a JPEG`,
      ]);
    }
    for (const { name, file } of imageFiles(processed)) files.set(name, file);
    const srcSet = (format: (typeof GALLERY_FORMATS)[number]) =>
      processed.variants[format].map((v) => `${v.url} ${v.width}w`).join(", ");
    const jpegs = processed.variants.jpeg;
    return {
      alt,
      width: processed.width,
      height: processed.height,
      placeholder: processed.placeholder,
      sources: [
        { type: galleryMime("avif"), srcSet: srcSet("avif") },
        { type: galleryMime("webp"), srcSet: srcSet("webp") },
      ],
      srcSet: srcSet("jpeg"),
      src: jpegs[Math.min(1, jpegs.length - 1)]!.url,
    };
  };
  const pairs: GalleryPair[] = [];
  // One photo at a time: sharp uses every core for each, and the machine may be doing other work.
  for (const entry of entries) {
    const service = services.find((s) => s.slug === entry.service)!;
    const city = locations.find((l) => l.slug === entry.city)!;
    pairs.push({
      slug: entry.slug,
      title: entry.title,
      service: { slug: service.slug, title: service.title },
      city: { slug: city.slug, name: city.city },
      date: entry.date,
      caption: entry.caption,
      before: await photo(entry.slug, "before", entry.before.image, entry.before.alt),
      after: await photo(entry.slug, "after", entry.after.image, entry.after.alt),
    });
  }
  pairs.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  return { pairs, files };
}
