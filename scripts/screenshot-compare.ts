/**
 * Pixel-by-pixel comparison of two folders of screenshots (scripts/screenshots.ts `--compare`): every PNG of
 * either folder is matched by name with the other's, decoded to raw RGBA with sharp and compared pixel by
 * pixel. A pixel differs when any of its four channels differs; a change of size counts every pixel outside
 * the common area as differing. Each pair that differs gets a diff image: the after shot faded to grey,
 * with every differing pixel in solid red (AFTER/diff/, emptied first).
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

export interface Raw {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, row by row. */
  data: Uint8Array;
}

export interface PixelDiff {
  differing: number;
  /** The diff image, as large as the larger of the two in each direction. */
  diff: Raw;
}

export async function readRaw(file: string): Promise<Raw> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/** Compares two RGBA images pixel by pixel. */
export function diffPixels(before: Raw, after: Raw): PixelDiff {
  const width = Math.max(before.width, after.width);
  const height = Math.max(before.height, after.height);
  const out = new Uint8Array(width * height * 4);
  let differing = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      const inBefore = x < before.width && y < before.height;
      const inAfter = x < after.width && y < after.height;
      const b = (y * before.width + x) * 4;
      const a = (y * after.width + x) * 4;
      let same = inBefore && inAfter;
      for (let c = 0; same && c < 4; c++) same = before.data[b + c] === after.data[a + c];
      if (!same) {
        differing++;
        out.set([255, 0, 0, 255], o);
      } else {
        // Faded grey of the unchanged pixel, so that the red stands out where the page changed.
        const grey = (after.data[a]! * 299 + after.data[a + 1]! * 587 + after.data[a + 2]! * 114) / 1000;
        const faded = Math.round(255 - (255 - grey) * 0.25);
        out.set([faded, faded, faded, 255], o);
      }
    }
  }
  return { differing, diff: { width, height, data: out } };
}

export interface PairResult {
  name: string;
  /** "only-before" / "only-after": the shot is missing from the other folder. */
  status: "same" | "differs" | "only-before" | "only-after";
  differing?: number;
  before?: { width: number; height: number };
  after?: { width: number; height: number };
  diffFile?: string;
}

const pngs = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".png"))
        .sort()
    : [];

/** Compares every PNG of `beforeDir` with the one of the same name in `afterDir`; writes diffs to afterDir/diff/. */
export async function compareFolders(beforeDir: string, afterDir: string): Promise<PairResult[]> {
  const beforeNames = pngs(beforeDir);
  const afterNames = pngs(afterDir);
  const names = [...new Set([...beforeNames, ...afterNames])].sort();
  const diffDir = path.join(afterDir, "diff");
  // Diffs of an earlier comparison would read as differences of this one.
  rmSync(diffDir, { recursive: true, force: true });
  const results: PairResult[] = [];
  for (const name of names) {
    if (!afterNames.includes(name)) {
      results.push({ name, status: "only-before" });
      continue;
    }
    if (!beforeNames.includes(name)) {
      results.push({ name, status: "only-after" });
      continue;
    }
    const before = await readRaw(path.join(beforeDir, name));
    const after = await readRaw(path.join(afterDir, name));
    const sizes = {
      before: { width: before.width, height: before.height },
      after: { width: after.width, height: after.height },
    };
    const sameSize = before.width === after.width && before.height === after.height;
    if (sameSize && Buffer.compare(before.data, after.data) === 0) {
      results.push({ name, status: "same", differing: 0, ...sizes });
      continue;
    }
    const { differing, diff } = diffPixels(before, after);
    mkdirSync(diffDir, { recursive: true });
    const diffFile = path.join(diffDir, name);
    await sharp(diff.data, { raw: { width: diff.width, height: diff.height, channels: 4 } })
      .png()
      .toFile(diffFile);
    results.push({ name, status: "differs", differing, ...sizes, diffFile });
  }
  return results;
}

/** One line for a pair that is not the same: what a reader needs to find the change. */
export function describe(result: PairResult): string {
  if (result.status === "only-before") return `${result.name}: missing from the after folder`;
  if (result.status === "only-after") return `${result.name}: new in the after folder (not in the before folder)`;
  const { before, after } = result;
  const size =
    before && after && (before.width !== after.width || before.height !== after.height)
      ? `, size ${before.width}×${before.height} → ${after.width}×${after.height}`
      : `, same size ${after?.width}×${after?.height}`;
  return `${result.name}: ${result.differing} pixels differ${size} (diff: ${result.diffFile})`;
}
