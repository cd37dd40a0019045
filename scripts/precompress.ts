/**
 * A post-build step (scripts/post-build.ts): writes brotli (.br) and gzip (.gz) copies beside every text file of build/client
 * (HTML, JS, CSS, XML, SVG, text, JSON, React Router .data), compressed once at the highest levels, so
 * the server sends them as they are instead of compressing each response (app/server/static-files.server.ts).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { filesUnder } from "../app/lib/build-files.server.ts";
import { COMPRESSIBLE } from "../app/server/static-files.server.ts";

export function precompress(clientDir: string): string {
  let files = 0;
  let before = 0;
  let afterBr = 0;
  for (const full of filesUnder(clientDir)) {
    if (!COMPRESSIBLE.test(path.basename(full))) continue;
    const bytes = readFileSync(full);
    const br = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
    const gz = gzipSync(bytes, { level: 9 });
    // Only when it saves something: tiny files are sent as they are.
    if (br.length < bytes.length) writeFileSync(`${full}.br`, br);
    if (gz.length < bytes.length) writeFileSync(`${full}.gz`, gz);
    files++;
    before += bytes.length;
    afterBr += Math.min(br.length, bytes.length);
  }
  return `precompress: ${files} files, ${(before / 1024).toFixed(0)} KB → ${(afterBr / 1024).toFixed(0)} KB brotli`;
}

if (import.meta.main) console.log(precompress(path.resolve("build/client")));
