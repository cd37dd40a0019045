/**
 * The gallery's photos as the site serves them, made at build time with sharp (docs/decisions/016-gallery-images.md):
 * each photo turned upright by its EXIF orientation, then AVIF, WebP and JPEG in the widths of GALLERY_WIDTHS
 * (never wider than the photo), with no metadata at all (EXIF, GPS, camera, XMP, IPTC: these are customers'
 * homes), plus a tiny blurred placeholder to show while the photo loads. Results are cached by the photo's
 * bytes, so a rebuild only encodes new photos. Node only: the content plugin calls it (./gallery.server.ts).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp, { type Sharp } from "sharp";

/** The widths each photo is made in (a photo narrower than one is made at its own width instead). */
export const GALLERY_WIDTHS: readonly number[] = [480, 800, 1200];
/** Where the files are served: under /assets (cached for a year, immutable), with content-hashed names. */
export const GALLERY_URL_PREFIX = "/assets/gallery/";
/** Change when an encoder setting below changes, so the cache is made again. */
const PIPELINE = "gallery-v2 flatten-white avif50e4 webp72 jpeg78moz ph20";

export const GALLERY_FORMATS = ["avif", "webp", "jpeg"] as const;
export type GalleryFormat = (typeof GALLERY_FORMATS)[number];

export interface ImageVariant {
  /** The URL the page uses (GALLERY_URL_PREFIX + file name). */
  url: string;
  width: number;
  height: number;
}

export interface ProcessedImage {
  /** The largest variant's size: the img element's width and height attributes. */
  width: number;
  height: number;
  /** A data: URL of a ~20 px wide WebP, shown blurred until the photo has loaded. */
  placeholder: string;
  variants: Record<GalleryFormat, ImageVariant[]>;
  /** The cache folder that holds the files of `variants` under their file names. */
  dir: string;
}

const MIME: Record<GalleryFormat, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg" };
export const galleryMime = (format: GalleryFormat) => MIME[format];
const EXTENSION: Record<GalleryFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };

const encode = (image: Sharp, format: GalleryFormat) =>
  format === "avif"
    ? image.avif({ quality: 50, effort: 4 })
    : format === "webp"
      ? image.webp({ quality: 72, effort: 5 })
      : image.jpeg({ quality: 78, mozjpeg: true, progressive: true });

/** The widths one photo is made in: those of GALLERY_WIDTHS below its own width, then its own width if it is narrower than the largest. */
export function widthsFor(sourceWidth: number): number[] {
  const below = GALLERY_WIDTHS.filter((w) => w < sourceWidth);
  const largest = Math.min(sourceWidth, Math.max(...GALLERY_WIDTHS));
  return below.includes(largest) ? below : [...below, largest];
}

/** A file-name-safe stem of the source photo ("2026-06-eagle-driveway-before"). */
const stemOf = (file: string) =>
  path
    .basename(file, path.extname(file))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60) || "photo";

/**
 * The served versions of one photo: read from the cache when this exact photo was made before (same bytes,
 * same settings), otherwise made and stored there.
 */
export async function processImage(sourceFile: string, cacheRoot: string): Promise<ProcessedImage> {
  const bytes = readFileSync(sourceFile);
  const key = createHash("sha256").update(PIPELINE).update(bytes).digest("hex").slice(0, 20);
  const stem = stemOf(sourceFile);
  const dir = path.join(cacheRoot, `${stem}-${key}`);
  const metaFile = path.join(dir, "meta.json");
  if (existsSync(metaFile))
    return { ...(JSON.parse(readFileSync(metaFile, "utf8")) as Omit<ProcessedImage, "dir">), dir };

  const metadata = await sharp(bytes).metadata();
  // EXIF orientations 5-8 are turned a quarter: the upright photo's width is the stored height.
  const quarterTurn = (metadata.orientation ?? 1) >= 5;
  const sourceWidth = quarterTurn ? metadata.height : metadata.width;
  const sourceHeight = quarterTurn ? metadata.width : metadata.height;

  // Written beside the final folder, then renamed: two builds at once never see half a folder.
  const work = `${dir}.tmp-${process.pid}-${Date.now()}`;
  mkdirSync(work, { recursive: true });
  const variants = { avif: [], webp: [], jpeg: [] } as Record<GalleryFormat, ImageVariant[]>;
  for (const width of widthsFor(sourceWidth)) {
    const height = Math.round((sourceHeight * width) / sourceWidth);
    for (const format of GALLERY_FORMATS) {
      // sharp keeps no metadata unless asked (keepMetadata/withMetadata): the output has no EXIF, GPS, XMP or ICC
      // (colours are converted to sRGB first).
      // Transparency (a PNG) on white: every format shows the same photo, and the placeholder never shows through.
      const output = await encode(
        sharp(bytes).autoOrient().flatten({ background: "#ffffff" }).resize({ width, withoutEnlargement: true }),
        format,
      ).toBuffer();
      const name = `${stem}-${width}.${createHash("sha256").update(output).digest("hex").slice(0, 10)}.${EXTENSION[format]}`;
      writeFileSync(path.join(work, name), output);
      variants[format].push({ url: `${GALLERY_URL_PREFIX}${name}`, width, height });
    }
  }
  const tiny = await sharp(bytes)
    .autoOrient()
    .flatten({ background: "#ffffff" })
    .resize({ width: 20 })
    .webp({ quality: 40 })
    .toBuffer();
  const largest = variants.jpeg[variants.jpeg.length - 1]!;
  const result = {
    width: largest.width,
    height: largest.height,
    placeholder: `data:image/webp;base64,${tiny.toString("base64")}`,
    variants,
  };
  writeFileSync(path.join(work, "meta.json"), `${JSON.stringify(result)}\n`);
  try {
    renameSync(work, dir);
  } catch {
    // Another build made it first: same bytes, same result.
    rmSync(work, { recursive: true, force: true });
  }
  return { ...result, dir };
}

/** Every file of a processed photo: its name (as in the URL) and where it is in the cache. */
export function imageFiles(image: ProcessedImage): { name: string; file: string }[] {
  return GALLERY_FORMATS.flatMap((format) =>
    image.variants[format].map((v) => {
      const name = v.url.slice(GALLERY_URL_PREFIX.length);
      return { name, file: path.join(image.dir, name) };
    }),
  );
}
