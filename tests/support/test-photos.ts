/**
 * Photos made by the tests (never a real photo): a gradient with shapes, as a camera JPEG would come,
 * with EXIF that the site must not serve: the camera, the time and a GPS position, and an orientation tag
 * (the stored pixels lie on their side; the photo is upright only when turned by it).
 */
import sharp from "sharp";

/** A position inside Idaho, written into the test photos' EXIF GPS tags. */
export const TEST_GPS = { latitude: "43/1 41/1 4482/100", longitude: "116/1 21/1 1098/100" } as const;
export const TEST_CAMERA = "GemStateTestCam";

export interface TestPhotoOptions {
  /** The stored pixels' size (before the orientation tag turns them). */
  width: number;
  height: number;
  /** Colours of the gradient, e.g. "#4b5563" → "#1f2937" for a dirty driveway. */
  from: string;
  to: string;
  /** EXIF orientation (1 = upright; 6 = turn 90° clockwise to show). */
  orientation?: number;
  /** Text drawn on the photo, so a person looking at a screenshot sees which one it is. */
  label?: string;
}

export async function testPhoto({
  width,
  height,
  from,
  to,
  orientation = 1,
  label = "",
}: TestPhotoOptions): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${width * 0.3}" cy="${height * 0.4}" r="${Math.min(width, height) * 0.18}" fill="#ffffff" fill-opacity="0.35"/>
  <rect x="${width * 0.55}" y="${height * 0.55}" width="${width * 0.3}" height="${height * 0.25}" fill="#000000" fill-opacity="0.25"/>
  <text x="50%" y="20%" font-family="sans-serif" font-size="${Math.round(height / 10)}" text-anchor="middle" fill="#ffffff">${label}</text>
</svg>`;
  return sharp(Buffer.from(svg))
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: TEST_CAMERA, Model: "Test 1", DateTime: "2026:06:14 10:12:00" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: TEST_GPS.latitude,
        GPSLongitudeRef: "W",
        GPSLongitude: TEST_GPS.longitude,
      },
    })
    .withMetadata({ orientation })
    .toBuffer();
}

/** A before/after pair for a test gallery, with the photos the test makes for it. */
export interface TestPair {
  slug: string;
  title: string;
  service: string;
  city: string;
  date: string;
  caption: string;
  before: TestPhotoOptions & { alt: string };
  after: TestPhotoOptions & { alt: string };
}

/**
 * Four pairs, not in date order on disk: two in Eagle, one in Boise and Meridian each; two driveway jobs.
 * The Eagle driveway's before photo is stored on its side with orientation 6 (a phone held upright);
 * the Meridian pair is 1000 px wide (never made larger).
 */
export const TEST_GALLERY: TestPair[] = [
  {
    slug: "a-meridian-driveway",
    title: "Tire marks on a Meridian driveway",
    service: "driveway-cleaning",
    city: "meridian",
    date: "2025-10-11",
    caption: "Surface cleaner at 3,000 PSI, then a rinse of the joints.",
    before: {
      width: 1000,
      height: 750,
      from: "#57534e",
      to: "#1c1917",
      label: "MERIDIAN BEFORE",
      alt: "Driveway with black tire marks and grime in the expansion joints",
    },
    after: {
      width: 1000,
      height: 750,
      from: "#e7e5e4",
      to: "#a8a29e",
      label: "MERIDIAN AFTER",
      alt: "The same driveway evenly light grey without tire marks",
    },
  },
  {
    slug: "b-eagle-driveway",
    title: "Oil-stained driveway in Eagle",
    service: "driveway-cleaning",
    city: "eagle",
    date: "2026-06-14",
    caption: "Hot-water surface cleaning at 3,000 PSI, then a degreaser on the oil spots.",
    before: {
      width: 1600,
      height: 1200,
      orientation: 6,
      from: "#44403c",
      to: "#0c0a09",
      label: "EAGLE BEFORE",
      alt: "Concrete driveway dark with oil stains and moss along the joints",
    },
    after: {
      width: 1200,
      height: 1600,
      from: "#f5f5f4",
      to: "#a8a29e",
      label: "EAGLE AFTER",
      alt: "The same driveway clean and evenly light grey",
    },
  },
  {
    slug: "c-boise-house",
    title: "Green siding on a North End house",
    service: "house-washing",
    city: "boise",
    date: "2026-05-02",
    caption: "Soft wash under 500 PSI with a mild cleaner, rinsed from the top down.",
    before: {
      width: 1600,
      height: 1200,
      from: "#3f6212",
      to: "#1a2e05",
      label: "BOISE BEFORE",
      alt: "Pale yellow siding streaked green with algae under the eaves",
    },
    after: {
      width: 1600,
      height: 1200,
      from: "#fef9c3",
      to: "#fde68a",
      label: "BOISE AFTER",
      alt: "The same siding clean and evenly pale yellow",
    },
  },
  {
    slug: "d-eagle-roof",
    title: "Moss on an Eagle roof",
    service: "roof-cleaning",
    city: "eagle",
    date: "2026-04-20",
    caption: "Soft wash of the shingles, no pressure on the roof itself.",
    before: {
      width: 1600,
      height: 1200,
      from: "#365314",
      to: "#052e16",
      label: "ROOF BEFORE",
      alt: "Asphalt shingle roof with thick green moss on the north side",
    },
    after: {
      width: 1600,
      height: 1200,
      from: "#52525b",
      to: "#27272a",
      label: "ROOF AFTER",
      alt: "The same roof with clean dark grey shingles and no moss",
    },
  },
];

/** The pairs newest first, as the site must show them. */
export const newestFirst = (pairs: readonly TestPair[]) => [...pairs].sort((a, b) => b.date.localeCompare(a.date));

/** Writes the pairs and their photos into a site copy's content/gallery/. */
export async function writeTestGallery(
  copy: { write(relativePath: string, data: string | Uint8Array): void },
  pairs: readonly TestPair[] = TEST_GALLERY,
) {
  for (const pair of pairs) {
    const photo = (which: "before" | "after") => `photos/${pair.slug}-${which}.jpg`;
    copy.write(
      `content/gallery/${pair.slug}.yaml`,
      [
        `title: ${pair.title}`,
        `service: ${pair.service}`,
        `city: ${pair.city}`,
        `date: ${pair.date}`,
        `caption: "${pair.caption}"`,
        "before:",
        `  image: ${photo("before")}`,
        `  alt: ${pair.before.alt}`,
        "after:",
        `  image: ${photo("after")}`,
        `  alt: ${pair.after.alt}`,
        "",
      ].join("\n"),
    );
    copy.write(`content/gallery/${photo("before")}`, await testPhoto(pair.before));
    copy.write(`content/gallery/${photo("after")}`, await testPhoto(pair.after));
  }
}
