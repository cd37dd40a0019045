/**
 * The photos a visitor sends with a request (docs/decisions/030-request-photos.md). Each file is read by sharp:
 * only what it decodes as JPEG, PNG or WebP is an image, whatever its name or declared type. An accepted photo is
 * turned upright by its EXIF orientation, made at most MAX_PHOTO_SIDE pixels on its longest side, and encoded
 * again as JPEG with no metadata at all (no camera, time or GPS position). A photo that fails never fails the
 * request: it is listed as refused, by its file name and why, for the visitor and the owner.
 */
import sharp from "sharp";
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from "../../../forms/options.ts";
import { TOO_LARGE, TOO_MANY } from "../../../forms/photo-rules.ts";
import { cleanLine } from "../../../lib/text.ts";
import { PHOTO_BODY_LIMIT, TOO_MANY_PHOTOS } from "../../kit/body-limits.server.ts";
import type { Photo } from "../../kit/leads.server.ts";
import type { FileRules, SkippedFile } from "../../kit/multipart.server.ts";
import { spooledPath } from "../../kit/spool.server.ts";

/** The longest side of a stored photo, in pixels: enough to judge a stain or a roof from a phone's screen. */
export const MAX_PHOTO_SIDE = 2048;
/** A larger picture is refused before it is decoded (a small file can declare an enormous one). */
const MAX_INPUT_PIXELS = 100_000_000;
/** The formats sharp is asked to read; anything else (HEIC included: this sharp cannot decode it) is "not an image". */
const READABLE = new Set(["jpeg", "png", "webp"]);

export type StoredPhoto = Photo & { contentType: "image/jpeg" };

export type RefusalReason = "not an image" | typeof TOO_LARGE | typeof TOO_MANY;
export interface RefusedPhoto {
  filename: string;
  reason: RefusalReason;
}

/** A file name as the visitor chose it, safe to show and store: one line, at most 80 characters. */
export function photoName(name: string, n: number): string {
  const clean = cleanLine(name).replace(/[\\/]/g, "_").trim().slice(0, 80);
  return clean || `photo-${n}`;
}

/**
 * Photos decoded at once in the whole server: each decode of a phone photo takes tens of MB for a moment, so
 * eight uploads arriving together wait their turn rather than add up; one at a time, on one of libvips' threads
 * (below), leaves the other core of a small server to the pages (docs/decisions/048-photo-memory.md).
 */
export const PHOTO_DECODES_AT_ONCE = 1;

// libvips' operation cache keeps recent decodes and open files for reuse (up to 50 MB and 20 files by default):
// every photo here is a new file read once, so the cache only holds memory. One libvips thread per decode
// instead of one per core: each thread keeps buffers (and, with glibc, a malloc arena) of its own, and the
// decodes already take their turns (docs/decisions/048-photo-memory.md, measured in docs/reliability.md section 6).
sharp.cache(false);
sharp.concurrency(1);
let decoding = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when one of the PHOTO_DECODES_AT_ONCE turns is free. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (decoding >= PHOTO_DECODES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else decoding++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else decoding--;
  }
}

/** Re-encodes one photo (its bytes, or the path of its spooled file), or says why it is not one; a few at a time. */
export function processPhoto(input: Uint8Array | string, filename: string): Promise<StoredPhoto | RefusedPhoto> {
  return inTurn(() => encode(input, filename));
}

async function encode(bytes: Uint8Array | string, filename: string): Promise<StoredPhoto | RefusedPhoto> {
  const refused = { filename, reason: "not an image" } as const;
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
    const meta = await image.metadata();
    if (!meta.format || !READABLE.has(meta.format)) return refused;
    const { data, info } = await image
      .rotate()
      .resize({ width: MAX_PHOTO_SIDE, height: MAX_PHOTO_SIDE, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const stem = filename.replace(/\.[^.]*$/, "") || filename;
    return {
      filename: `${stem}.jpg`,
      contentType: "image/jpeg",
      width: info.width,
      height: info.height,
      bytes: new Uint8Array(data),
    };
  } catch {
    return refused;
  }
}

/** A refusal as the visitor and the owner read it: `IMG_0412.jpg (not an image)`. */
export const refusalLine = ({ filename, reason }: RefusedPhoto) => `${filename} (${reason})`;

/**
 * The photos of a form's `photos` entries and of the files skipped while its body was read (app/server/kit/multipart.server.ts,
 * by their place among the files), in the order sent: the first MAX_PHOTOS files of at most MAX_PHOTO_BYTES are
 * considered (`room`, when fewer may still be added), and kept when they are images; every other file is refused
 * with its reason. Empty entries (a
 * file input left empty) are no photo. One at a time, and at most PHOTO_DECODES_AT_ONCE in the whole server, so
 * six large photos, or eight uploads of them, never take the memory of that many decodes at once. A spooled photo
 * is read by sharp from its file.
 */
export async function readPhotos(
  formData: FormData,
  skipped: readonly SkippedFile[] = [],
  room = MAX_PHOTOS,
): Promise<{ photos: StoredPhoto[]; refused: RefusedPhoto[] }> {
  const photos: StoredPhoto[] = [];
  const refused: RefusedPhoto[] = [];
  const files = formData.getAll("photos").filter((entry): entry is File => entry instanceof File && entry.size > 0);
  const skippedAt = new Map(skipped.map((s) => [s.at, s]));
  let considered = 0;
  for (let at = 0, next = 0; at < files.length + skipped.length; at++) {
    const skip = skippedAt.get(at);
    const file = skip ? null : files[next++];
    const filename = photoName(skip?.filename ?? file?.name ?? "", at + 1);
    if (skip) refused.push({ filename, reason: skip.reason === "size" ? TOO_LARGE : TOO_MANY });
    else if (!file) continue;
    else if (file.size > MAX_PHOTO_BYTES) refused.push({ filename, reason: TOO_LARGE });
    else if (considered >= room) refused.push({ filename, reason: TOO_MANY });
    else {
      considered++;
      const result = await processPhoto(spooledPath(file) ?? new Uint8Array(await file.arrayBuffer()), filename);
      if ("reason" in result) refused.push(result);
      else photos.push(result);
    }
  }
  return { photos, refused };
}

/** How the files of a photo form's body are read (app/server/kit/multipart.server.ts). */
export const PHOTO_UPLOAD: FileRules = {
  field: "photos",
  maxFiles: MAX_PHOTOS,
  maxFileBytes: MAX_PHOTO_BYTES,
  maxBytes: PHOTO_BODY_LIMIT,
  tooLarge: TOO_MANY_PHOTOS,
};

/** The most refused files named one by one; the rest are counted on one more line. */
export const MAX_REFUSED_LINES = 20;

/** Each refused photo as `refusalLine` gives it, at most MAX_REFUSED_LINES: the rest are counted on the last one. */
export function refusalLines(refused: readonly RefusedPhoto[]): string[] {
  const lines = refused.map(refusalLine);
  if (lines.length > MAX_REFUSED_LINES)
    lines.splice(MAX_REFUSED_LINES - 1, Infinity, `${lines.length - MAX_REFUSED_LINES + 1} more files (${TOO_MANY})`);
  return lines;
}

/**
 * A request's photos and the two fields that say what became of them (the form definitions' `photosReceived`
 * and `photosRefused`, app/forms/schemas.ts): the names received, and each refused name with why; null when none.
 */
export async function requestPhotos(formData: FormData, skipped: readonly SkippedFile[] = []) {
  const { photos, refused } = await readPhotos(formData, skipped);
  const lines = refusalLines(refused);
  return {
    photos,
    given: {
      photosReceived: photos.length > 0 ? photos.map((p) => p.filename) : null,
      photosRefused: lines.length > 0 ? lines : null,
    },
  };
}
