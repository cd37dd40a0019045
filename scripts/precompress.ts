/**
 * After the build: writes brotli (.br) and gzip (.gz) copies beside every text file of build/client
 * (HTML, JS, CSS, XML, SVG, text, JSON, React Router .data), compressed once at the highest levels, so
 * the server sends them as they are instead of compressing each response (app/server/static-files.ts).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { COMPRESSIBLE } from "../app/server/static-files.ts";

const clientDir = path.resolve("build/client");
let files = 0;
let before = 0;
let afterBr = 0;

function walk(dir: string) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) walk(full);
    else if (COMPRESSIBLE.test(entry)) {
      const bytes = readFileSync(full);
      const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
      const gz = gzipSync(bytes, { level: 9 });
      // Only when it saves something: tiny files are sent as they are.
      if (br.length < bytes.length) writeFileSync(`${full}.br`, br);
      if (gz.length < bytes.length) writeFileSync(`${full}.gz`, gz);
      files++;
      before += bytes.length;
      afterBr += Math.min(br.length, bytes.length);
    }
  }
}

walk(clientDir);
console.log(`precompress: ${files} files, ${(before / 1024).toFixed(0)} KB → ${(afterBr / 1024).toFixed(0)} KB brotli`);
