import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { backends, sampleLead } from "../../../../tests/support/storage.ts";
import { freshDatabaseEach } from "../../../../tests/support/test-database.ts";
import { TEST_CAMERA, testPhoto } from "../../../../tests/support/test-photos.ts";
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from "../../../forms/options.ts";
import { getLead, getPhoto, listPhotos } from "../../kit/leads.server.ts";
import { MAX_PHOTO_SIDE, MAX_REFUSED_LINES, readPhotos, requestPhotos } from "./photos.server.ts";
import { purgeExpiredLeads, RETENTION_DAYS } from "./retention.server.ts";
import { recordLead } from "./store.server.ts";

const form = (...files: File[]) => {
  const data = new FormData();
  for (const file of files) data.append("photos", file);
  return data;
};
const jpegFile = async (name: string, options: Partial<Parameters<typeof testPhoto>[0]> = {}) =>
  new File(
    [new Uint8Array(await testPhoto({ width: 600, height: 400, from: "#4b5563", to: "#1f2937", ...options }))],
    name,
    {
      type: "image/jpeg",
    },
  );

describe("the photos sent with a request", () => {
  it("are decoded by libvips on one thread, with no operation cache (docs/decisions/048-photo-memory.md)", () => {
    // What holds the server under 512 MB while eight uploads are decoded (docs/reliability.md section 6).
    expect(sharp.concurrency()).toBe(1);
    const cache = sharp.cache();
    expect([cache.memory.max, cache.files.max, cache.items.max]).toEqual([0, 0, 0]);
  });

  it("keeps an image upright, within the longest side, as a JPEG without any EXIF (no camera, no GPS)", async () => {
    // Stored on its side (3000×1000) with the tag that turns it upright (1000×3000).
    const sent = await jpegFile("IMG_0412.JPG", { width: 3000, height: 1000, orientation: 6 });
    expect(Buffer.from(await sent.arrayBuffer()).includes(TEST_CAMERA)).toBe(true);
    const { photos, refused } = await readPhotos(form(sent));
    expect(refused).toEqual([]);
    expect(photos).toHaveLength(1);
    const [photo] = photos;
    expect(photo!.filename).toBe("IMG_0412.jpg");
    const meta = await sharp(photo!.bytes).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: Math.round(MAX_PHOTO_SIDE / 3), height: MAX_PHOTO_SIDE });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(Buffer.from(photo!.bytes).includes(TEST_CAMERA)).toBe(false);
  });

  it("reads PNG and WebP too, by their bytes and never by their name", async () => {
    const pixels = sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } });
    const png = new File([new Uint8Array(await pixels.clone().png().toBuffer())], "screenshot.webp");
    const webp = new File([new Uint8Array(await pixels.clone().webp().toBuffer())], "porch");
    const { photos, refused } = await readPhotos(form(png, webp));
    expect(refused).toEqual([]);
    expect(photos.map((p) => [p.filename, p.width, p.height])).toEqual([
      ["screenshot.jpg", 40, 30],
      ["porch.jpg", 40, 30],
    ]);
  });

  it("refuses by name, with why, what is not an image, too large, or beyond the sixth of at most 15 MB, and keeps the rest", async () => {
    const fake = new File(["<?php echo 'not a photo'; ?>"], "driveway.jpg", { type: "image/jpeg" });
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'], "roof.png");
    const huge = new File([new Uint8Array(MAX_PHOTO_BYTES + 1)], "huge.jpg", { type: "image/jpeg" });
    const good = await Promise.all(Array.from({ length: MAX_PHOTOS + 1 }, (_, i) => jpegFile(`good-${i + 1}.jpg`)));
    const { photos, refused } = await readPhotos(form(fake, svg, huge, ...good));
    // Six files of at most 15 MB are considered, whatever they hold (two are not images); the huge one is not
    // one of them: four good ones kept.
    expect(photos.map((p) => p.filename)).toEqual(["good-1.jpg", "good-2.jpg", "good-3.jpg", "good-4.jpg"]);
    expect(refused).toEqual([
      { filename: "driveway.jpg", reason: "not an image" },
      { filename: "roof.png", reason: "not an image" },
      { filename: "huge.jpg", reason: "larger than 15 MB" },
      ...[5, 6, 7].map((n) => ({ filename: `good-${n}.jpg`, reason: "more than 6 photos" })),
    ]);
  });

  it("names the files skipped while the body was read in their place among the others", async () => {
    const { photos, given } = await requestPhotos(form(await jpegFile("a.jpg"), await jpegFile("b.jpg")), [
      { at: 0, filename: "movie.jpg", reason: "size" },
      { at: 2, filename: "c.jpg", reason: "count" },
    ]);
    expect(photos.map((p) => p.filename)).toEqual(["a.jpg", "b.jpg"]);
    expect(given.photosRefused).toEqual(["movie.jpg (larger than 15 MB)", "c.jpg (more than 6 photos)"]);
    // Hundreds of skipped files are named up to MAX_REFUSED_LINES, the rest counted.
    const many = Array.from({ length: 100 }, (_, i) => ({ at: i, filename: `${i}.jpg`, reason: "count" as const }));
    const lines = (await requestPhotos(new FormData(), many)).given.photosRefused!;
    expect(lines).toHaveLength(MAX_REFUSED_LINES);
    expect(lines.at(-2)).toBe("18.jpg (more than 6 photos)");
    expect(lines.at(-1)).toBe("81 more files (more than 6 photos)");
  });

  it("takes an empty file input as no photo, and names a nameless file", async () => {
    const empty = new File([], "");
    expect(await requestPhotos(form(empty))).toEqual({
      photos: [],
      given: { photosReceived: null, photosRefused: null },
    });
    const { given } = await requestPhotos(form(new File(["x"], "\u202e\u0000")));
    expect(given).toEqual({ photosReceived: null, photosRefused: ["photo-1 (not an image)"] });
  });
});

describe.each(backends)("photos stored with their request on %s", (dialect) => {
  const fresh = freshDatabaseEach(dialect);

  it("stores them in the request's transaction, reads them back by number, and purges them with it", async () => {
    const { database } = fresh;
    const { photos } = await readPhotos(form(await jpegFile("a.jpg"), await jpegFile("b.jpg", { width: 300 })));
    const sentAt = new Date("2030-01-02T03:04:05.678Z");
    const { id } = await recordLead(database, sampleLead({ photos }), { webhook: false, now: sentAt });
    expect((await getLead(database, id))!.photos).toEqual([
      { n: 1, filename: "a.jpg", width: 600, height: 400, size: photos[0]!.bytes.byteLength },
      { n: 2, filename: "b.jpg", width: 300, height: 400, size: photos[1]!.bytes.byteLength },
    ]);
    const second = await getPhoto(database, id, 2);
    expect(Buffer.from(second!.bytes).equals(Buffer.from(photos[1]!.bytes))).toBe(true);
    expect(second!.contentType).toBe("image/jpeg");
    expect(await getPhoto(database, id, 3)).toBeUndefined();

    // A request sent again (the same key) stores no second set.
    await recordLead(database, sampleLead({ photos }), { webhook: false, now: sentAt });
    expect(await listPhotos(database, id)).toHaveLength(2);

    const days = RETENTION_DAYS.estimate!;
    await purgeExpiredLeads(database, new Date(sentAt.getTime() + (days - 1) * 86_400_000));
    expect(await listPhotos(database, id)).toHaveLength(2);
    await purgeExpiredLeads(database, new Date(sentAt.getTime() + (days + 1) * 86_400_000));
    expect(await listPhotos(database, id)).toEqual([]);
    const left = await database.db.selectFrom("lead_photos").select("n").execute();
    expect(left).toEqual([]);
  });
});
