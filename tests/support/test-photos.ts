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

export async function testPhoto({ width, height, from, to, orientation = 1, label = "" }: TestPhotoOptions): Promise<Buffer> {
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
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: TEST_GPS.latitude, GPSLongitudeRef: "W", GPSLongitude: TEST_GPS.longitude },
    })
    .withMetadata({ orientation })
    .toBuffer();
}
