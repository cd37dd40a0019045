/**
 * A post-build step (scripts/post-build.ts): writes brotli (.br) and gzip (.gz) copies beside every text file of build/client
 * (HTML, JS, CSS, XML, SVG, text, JSON, React Router .data), compressed once, so the server sends them as they are
 * instead of compressing each response (app/server/static-files.server.ts).
 *
 * The site's files at the highest levels (brotli 11, gzip 9). The browser editor's (build/client/cms/, 14 MB of
 * script loaded once, by the owner only; docs/decisions/029-browser-editor.md) at brotli 7: 8 % larger than at 11,
 * for a thirtieth of the time (brotli 11 on them was 25 s of the build's CPU). Files are compressed on Node's thread
 * pool, several at once, and each result is kept in the build cache (./build-cache.ts) under its input's hash, so
 * an unchanged file is compressed once per machine.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { filesUnder } from "../app/lib/build-files.server.ts";
import { COMPRESSIBLE } from "../app/server/static-files.server.ts";
import { buildCache, cacheKey } from "./build-cache.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const SITE_BROTLI_QUALITY = 11;
const EDITOR_BROTLI_QUALITY = 7;
const GZIP_LEVEL = 9;
/** Files compressed at once: enough to keep Node's thread pool (4 threads) busy on any number of cores. */
const AT_ONCE = 8;

const isEditorFile = (clientDir: string, full: string) => path.relative(clientDir, full).split(path.sep)[0] === "cms";

export async function precompress(clientDir: string, cache = buildCache("precompress")): Promise<string> {
  const files = filesUnder(clientDir).filter((full) => COMPRESSIBLE.test(path.basename(full)));
  let before = 0;
  let afterBr = 0;
  let made = 0;
  const one = async (full: string) => {
    const bytes = readFileSync(full);
    const quality = isEditorFile(clientDir, full) ? EDITOR_BROTLI_QUALITY : SITE_BROTLI_QUALITY;
    const hash = cacheKey(bytes);
    const brKey = cacheKey("br", String(quality), hash);
    const gzKey = cacheKey("gz", String(GZIP_LEVEL), hash);
    const [br, gz] = await Promise.all([
      cache.getOrMake(brKey, () => {
        made++;
        return brotli(bytes, {
          params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
        });
      }),
      cache.getOrMake(gzKey, () => gzipAsync(bytes, { level: GZIP_LEVEL })),
    ]);
    // Only when it saves something: tiny files are sent as they are.
    if (br.length < bytes.length) writeFileSync(`${full}.br`, br);
    if (gz.length < bytes.length) writeFileSync(`${full}.gz`, gz);
    before += bytes.length;
    afterBr += Math.min(br.length, bytes.length);
  };
  const queue = [...files];
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      for (let full = queue.shift(); full; full = queue.shift()) await one(full);
    }),
  );
  return `precompress: ${files.length} files (${files.length - made} from the cache), ${(before / 1024).toFixed(0)} KB → ${(afterBr / 1024).toFixed(0)} KB brotli`;
}

if (import.meta.main) console.log(await precompress(path.resolve("build/client")));
