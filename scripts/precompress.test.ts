import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, expect, test } from "vitest";
import { buildCache } from "./build-cache.ts";
import { precompress } from "./precompress.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "gs-precompress-"));
  dirs.push(dir);
  return dir;
};

const text = (words: string) => `<!doctype html><p>${words.repeat(200)}</p>\n`;

test("the copies decompress to the file as it is now, from the cache or not", async () => {
  const client = tempDir();
  const cache = buildCache("precompress", tempDir());
  mkdirSync(path.join(client, "cms"));
  const page = path.join(client, "index.html");
  const editor = path.join(client, "cms", "editor.js");
  writeFileSync(page, text("clean gutters "));
  writeFileSync(editor, `export const a = ${JSON.stringify(text("editor "))};\n`);

  expect(await precompress(client, cache)).toMatch(/^precompress: 2 files \(0 from the cache\)/);
  // Built again with the page changed: the editor's copies come from the cache, the page's are made anew.
  writeFileSync(page, text("wash windows "));
  expect(await precompress(client, cache)).toMatch(/^precompress: 2 files \(1 from the cache\)/);

  for (const file of [page, editor]) {
    const bytes = readFileSync(file);
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(bytes)).toBe(true);
    expect(gunzipSync(readFileSync(`${file}.gz`)).equals(bytes)).toBe(true);
  }
});
