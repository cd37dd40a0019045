import { cpSync, mkdtempSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { TEST_CAMERA, testPhoto } from "../../../tests/support/test-photos.ts";
import { locations } from "../locations.ts";
import { galleryPairSchema } from "../schema.ts";
import { services } from "../services.ts";
import { galleryProblems } from "./gallery-check.server.ts";
import { GALLERY_WIDTHS, imageFiles, processImage, widthsFor } from "./gallery-images.server.ts";
import { preparePairs } from "./gallery.server.ts";
import { ContentError, defaultContentDir, describeIssue } from "./load.server.ts";

const service = services[0]!.slug;
const city = locations[0]!.slug;
const pair = (overrides: Record<string, unknown> = {}) => ({
  slug: "eagle-driveway",
  title: "Oil-stained driveway",
  service,
  city,
  date: "2026-06-14",
  caption: "Hot-water surface cleaning, then a degreaser on the oil spots.",
  before: { image: "photos/eagle-before.jpg", alt: "Concrete driveway dark with oil stains" },
  after: { image: "photos/eagle-after.jpg", alt: "The same driveway clean and evenly light grey" },
  ...overrides,
});
const problemsOf = (data: unknown) => {
  const result = galleryPairSchema.safeParse(data);
  return result.success ? [] : result.error.issues.map((issue) => describeIssue(issue, data));
};

describe("a gallery pair's schema", () => {
  it("accepts a complete pair", () => {
    expect(problemsOf(pair())).toEqual([]);
  });

  it("asks for every field, an ISO date, a photo in photos/ and a description that is not a file name", () => {
    const { caption: _caption, ...withoutCaption } = pair();
    expect(problemsOf(withoutCaption)).toEqual([expect.stringMatching(/^caption: missing\. Fix: add it/)]);
    expect(problemsOf(pair({ date: "14/06/2026" }))).toEqual([expect.stringMatching(/^date: .*YYYY-MM-DD/)]);
    expect(
      problemsOf(pair({ before: { image: "../secret.jpg", alt: "Concrete driveway dark with oil stains" } })),
    ).toEqual([expect.stringMatching(/^before › image: .*content\/gallery\/photos/)]);
    expect(
      problemsOf(pair({ before: { image: "photos/iphone.heic", alt: "Concrete driveway dark with oil stains" } })),
    ).toEqual([expect.stringMatching(/^before › image: .*HEIC photo shared as JPEG/)]);
    expect(problemsOf(pair({ after: { image: "photos/a.jpg", alt: "IMG_20260614_1012.jpg" } }))).toEqual([
      expect.stringMatching(/^after › alt: .*not its file name/),
    ]);
    expect(problemsOf(pair({ after: { image: "photos/a.jpg", alt: "after" } }))).toEqual([
      expect.stringMatching(/^after › alt: is shorter than 15 characters/),
    ]);
    expect(problemsOf(pair({ photographer: "me" }))).toEqual([
      expect.stringMatching(/field this kind of content does not use: photographer/),
    ]);
  });
});

describe("galleryProblems", () => {
  it("names an unknown service or city with the choices, and a photo that is missing", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gallery-check-"));
    const found = galleryProblems(
      [galleryPairSchema.parse(pair({ service: "window-washing", city: "atlantis" }))],
      { services: [service], cities: [city] },
      dir,
    );
    expect(found).toEqual([
      {
        file: "content/gallery/eagle-driveway.yaml",
        problems: [
          `service: "window-washing" is not one of the site's services. Fix: use one of: ${service}`,
          `city: "atlantis" is not one of the site's cities. Fix: use one of: ${city}`,
          expect.stringMatching(
            /^before › image: content\/gallery\/photos\/eagle-before\.jpg is missing\. Fix: upload/,
          ),
          expect.stringMatching(/^after › image: content\/gallery\/photos\/eagle-after\.jpg is missing/),
        ],
      },
    ]);
  });
});

describe("widthsFor", () => {
  it("makes every width below the photo's own, and never enlarges it", () => {
    const largest = Math.max(...GALLERY_WIDTHS);
    expect(widthsFor(largest * 2)).toEqual([...GALLERY_WIDTHS]);
    expect(widthsFor(largest)).toEqual([...GALLERY_WIDTHS]);
    const between = Math.round((GALLERY_WIDTHS[0]! + GALLERY_WIDTHS[1]!) / 2);
    expect(widthsFor(between)).toEqual([GALLERY_WIDTHS[0], between]);
    expect(widthsFor(GALLERY_WIDTHS[0]! - 100)).toEqual([GALLERY_WIDTHS[0]! - 100]);
  });
});

describe("processImage", () => {
  it("serves the photo upright, without EXIF or GPS, in AVIF, WebP and JPEG, with a small placeholder; a second build reads the cache", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gallery-images-"));
    const source = path.join(dir, "phone-photo.jpg");
    // Stored on its side (1000×600) with orientation 6: upright it is 600 wide and 1000 high.
    writeFileSync(
      source,
      await testPhoto({ width: 1000, height: 600, orientation: 6, from: "#444444", to: "#111111" }),
    );
    expect((await sharp(readFileSync(source)).metadata()).exif).toBeDefined();

    const cache = path.join(dir, "cache");
    const image = await processImage(source, cache);
    expect([image.width, image.height]).toEqual([600, 1000]);
    expect(image.variants.avif.map((v) => v.width)).toEqual(widthsFor(600));
    expect(Buffer.from(image.placeholder.split(",")[1]!, "base64").length).toBeLessThan(400);
    for (const { name, file } of imageFiles(image)) {
      const bytes = readFileSync(file);
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format, name).toMatch(/^(heif|webp|jpeg)$/);
      expect(metadata.exif, name).toBeUndefined();
      expect(metadata.height! > metadata.width!, `${name} is upright`).toBe(true);
      expect(bytes.includes(TEST_CAMERA)).toBe(false);
      expect(name).toMatch(/^phone-photo-\d+\.[0-9a-f]{10}\.(avif|webp|jpg)$/);
    }

    const meta = path.join(image.dir, "meta.json");
    const written = statSync(meta).mtimeMs;
    expect(await processImage(source, cache)).toEqual(image);
    expect(statSync(meta).mtimeMs).toBe(written);
  });
});

/** A content folder with the site's services and cities (which pairs name) and an empty gallery. */
function galleryContent(): string {
  const contentDir = mkdtempSync(path.join(tmpdir(), "gallery-content-"));
  for (const folder of ["services", "cities"])
    cpSync(path.join(defaultContentDir(), folder), path.join(contentDir, folder), { recursive: true });
  mkdirSync(path.join(contentDir, "gallery/photos"), { recursive: true });
  return contentDir;
}

describe("preparePairs", () => {
  it("fails with the file, the field and the fix when a pair names a service the site does not have", async () => {
    const contentDir = galleryContent();
    writeFileSync(path.join(contentDir, "gallery/_README.md"), "not read");
    writeFileSync(
      path.join(contentDir, "gallery/eagle-driveway.yaml"),
      `title: Driveway\nservice: window-washing\ncity: ${city}\ndate: 2026-06-14\ncaption: Washed.\nbefore:\n  image: photos/b.jpg\n  alt: A dirty concrete driveway\nafter:\n  image: photos/a.jpg\n  alt: The same driveway clean\n`,
    );
    for (const name of ["a", "b"])
      writeFileSync(
        path.join(contentDir, `gallery/photos/${name}.jpg`),
        await testPhoto({ width: 64, height: 48, from: "#000000", to: "#ffffff" }),
      );
    const error = await preparePairs(contentDir, path.join(contentDir, "cache")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).message).toMatch(
      /^content\/gallery\/eagle-driveway\.yaml has a problem:\n {2}- service: "window-washing" is not one of the site's services\. Fix: use one of: /,
    );
  });

  it("fails with the file and the fix when a photo cannot be read", async () => {
    const contentDir = galleryContent();
    writeFileSync(
      path.join(contentDir, "gallery/porch.yaml"),
      `title: Porch\nservice: ${service}\ncity: ${city}\ndate: 2026-06-14\ncaption: Washed.\nbefore:\n  image: photos/b.jpg\n  alt: A dirty concrete porch\nafter:\n  image: photos/a.jpg\n  alt: The same porch clean\n`,
    );
    writeFileSync(path.join(contentDir, "gallery/photos/b.jpg"), "not a photo");
    writeFileSync(
      path.join(contentDir, "gallery/photos/a.jpg"),
      await testPhoto({ width: 64, height: 48, from: "#000000", to: "#ffffff" }),
    );
    const error = await preparePairs(contentDir, path.join(contentDir, "cache")).catch((e: unknown) => e);
    expect((error as ContentError).message).toMatch(
      /^content\/gallery\/porch\.yaml has a problem:\n {2}- before › image: content\/gallery\/photos\/b\.jpg could not be read as a photo \(.+\)\. Fix: upload the photo again as a JPEG$/,
    );
  });

  it("gives the pairs newest first, each photo with AVIF and WebP sources and a JPEG srcset", async () => {
    const contentDir = galleryContent();
    for (const [slug, date] of [
      ["older", "2025-09-01"],
      ["newer", "2026-07-01"],
    ] as const) {
      writeFileSync(
        path.join(contentDir, `gallery/${slug}.yaml`),
        `title: ${slug}\nservice: ${service}\ncity: ${city}\ndate: ${date}\ncaption: Washed.\nbefore:\n  image: photos/${slug}-b.jpg\n  alt: A dirty concrete driveway\nafter:\n  image: photos/${slug}-a.jpg\n  alt: The same driveway clean\n`,
      );
      for (const which of ["a", "b"])
        writeFileSync(
          path.join(contentDir, `gallery/photos/${slug}-${which}.jpg`),
          await testPhoto({ width: 64, height: 48, from: "#000000", to: which === "a" ? "#ffffff" : "#888888" }),
        );
    }
    const { pairs, files } = await preparePairs(contentDir, path.join(contentDir, "cache"));
    expect(pairs.map((p) => p.slug)).toEqual(["newer", "older"]);
    const photo = pairs[0]!.after;
    expect(photo.sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
    expect(photo.srcSet).toMatch(/^\/assets\/gallery\/newer-a-64\.[0-9a-f]{10}\.jpg 64w$/);
    expect([photo.width, photo.height]).toEqual([64, 48]);
    expect(files.size).toBe(2 * 2 * 3);
  });
});
