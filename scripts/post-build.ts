/**
 * What the build does after React Router has built and prerendered the site, in order: run from React
 * Router's `buildEnd` hook (react-router.config.ts), so `react-router build` alone makes a complete build
 * that `npm run serve` serves.
 * 1. each prerendered page's hydration data into a file of its own (./externalize-hydration.ts);
 * 2. a social preview image per page and the touch icon (./og-images.ts);
 * 3. the hashes of each page's inline scripts for its Content-Security-Policy (./csp-hashes.ts), after 1,
 *    which changes the pages;
 * 4. brotli and gzip copies of every text file (./precompress.ts), last, of the files as they finally are.
 */
import path from "node:path";
import { writeCspHashes } from "./csp-hashes.ts";
import { externalizeHydration } from "./externalize-hydration.ts";
import { writeOgImages } from "./og-images.ts";
import { precompress } from "./precompress.ts";

export async function postBuild(buildDir: string, log: (line: string) => void = console.log): Promise<void> {
  const clientDir = path.join(buildDir, "client");
  log(externalizeHydration(clientDir));
  log(await writeOgImages(clientDir));
  log(writeCspHashes(buildDir));
  log(await precompress(clientDir));
}
