import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { compareFolders, describe as describeResult, readRaw } from "./screenshot-compare.ts";

/** A width×height PNG of one colour, with the listed pixels in another. */
async function png(file: string, width: number, height: number, changed: [number, number][] = []) {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([20, 80, 160, 255], i * 4);
  for (const [x, y] of changed) data.set([20, 80, 161, 255], (y * width + x) * 4);
  await sharp(data, { raw: { width, height, channels: 4 } })
    .png()
    .toFile(file);
}

describe("comparing two folders of screenshots", () => {
  let root: string;
  let before: string;
  let after: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "shots-compare-"));
    before = path.join(root, "before");
    after = path.join(root, "after");
    mkdirSync(before);
    mkdirSync(after);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("finds identical shots the same and leaves no diff for them, not even one of an earlier comparison", async () => {
    mkdirSync(path.join(after, "diff"));
    await png(path.join(after, "diff", "390-home.png"), 12, 30);
    await png(path.join(before, "390-home.png"), 12, 30);
    await png(path.join(after, "390-home.png"), 12, 30);
    const [result] = await compareFolders(before, after);
    expect(result).toMatchObject({ name: "390-home.png", status: "same", differing: 0 });
    expect(result!.diffFile).toBeUndefined();
    expect(existsSync(path.join(after, "diff"))).toBe(false);
  });

  it("counts a one-level change of one channel in single pixels, and marks exactly those pixels red in the diff", async () => {
    await png(path.join(before, "1440-about.png"), 12, 30);
    await png(path.join(after, "1440-about.png"), 12, 30, [
      [3, 4],
      [11, 29],
    ]);
    const [result] = await compareFolders(before, after);
    expect(result).toMatchObject({ status: "differs", differing: 2 });
    expect(result!.diffFile).toBe(path.join(after, "diff", "1440-about.png"));
    expect(describeResult(result!)).toContain("2 pixels differ");
    const diff = await readRaw(result!.diffFile!);
    const red = [];
    for (let i = 0; i < diff.width * diff.height; i++) {
      const [r, g, b] = diff.data.subarray(i * 4, i * 4 + 3);
      if (r === 255 && g === 0 && b === 0) red.push([i % diff.width, Math.floor(i / diff.width)]);
    }
    expect(red).toEqual([
      [3, 4],
      [11, 29],
    ]);
  });

  it("reports a change of size, counting the pixels outside the common area, and a shot missing on either side", async () => {
    await png(path.join(before, "390-faq.png"), 10, 20);
    await png(path.join(after, "390-faq.png"), 10, 23);
    await png(path.join(before, "390-gone.png"), 4, 4);
    await png(path.join(after, "390-new.png"), 4, 4);
    const results = await compareFolders(before, after);
    const byName = Object.fromEntries(results.map((r) => [r.name, r]));
    expect(byName["390-faq.png"]).toMatchObject({ status: "differs", differing: 30 });
    expect(describeResult(byName["390-faq.png"]!)).toContain("size 10×20 → 10×23");
    expect(byName["390-gone.png"]!.status).toBe("only-before");
    expect(byName["390-new.png"]!.status).toBe("only-after");
  });
});
