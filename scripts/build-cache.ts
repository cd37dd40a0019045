/**
 * A cache of what the post-build steps make from their inputs (scripts/post-build.ts): a file's brotli and gzip
 * copies, a page's social image. Each entry is named by a hash of everything that makes it (the input's bytes,
 * the settings, a version to change when the code that makes it changes), so an entry is never stale and two
 * builds at once (a test's copy of the project, another checkout sharing node_modules) can share it. It lives in
 * node_modules/.cache/build, beside the gallery's photos (node_modules/.cache/gallery): a fresh install starts
 * empty, and deleting the folder only makes the next build slower.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The cache folder of the project at `root` (the build runs in the project's folder). */
export const buildCacheDir = (root = process.cwd()) =>
  process.env.BUILD_CACHE_DIR || path.join(root, "node_modules", ".cache", "build");

/** A hex SHA-256 of the parts, each length-prefixed so that ("ab","c") and ("a","bc") differ. */
export function cacheKey(...parts: (string | Uint8Array)[]): string {
  const hash = createHash("sha256");
  for (const part of parts) {
    const bytes = typeof part === "string" ? Buffer.from(part) : part;
    hash.update(`${bytes.length}:`).update(bytes);
  }
  return hash.digest("hex");
}

/** The cache of one kind of output (e.g. "precompress"): get by key, or make and keep. */
export function buildCache(kind: string, dir = buildCacheDir()) {
  const folder = path.join(dir, kind);
  const file = (key: string) => path.join(folder, key.slice(0, 2), key);
  return {
    get(key: string): Buffer | undefined {
      try {
        return readFileSync(file(key));
      } catch {
        return undefined;
      }
    },
    /** Written beside and renamed into place, so a reader never sees half a file. */
    set(key: string, bytes: Uint8Array): void {
      const target = file(key);
      mkdirSync(path.dirname(target), { recursive: true });
      const temp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      writeFileSync(temp, bytes);
      renameSync(temp, target);
    },
    async getOrMake(key: string, make: () => Uint8Array | Promise<Uint8Array>): Promise<Buffer> {
      const hit = this.get(key);
      if (hit) return hit;
      const made = Buffer.from(await make());
      this.set(key, made);
      return made;
    },
  };
}
