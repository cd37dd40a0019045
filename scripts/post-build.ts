/**
 * What the build does after React Router has built and prerendered the site, in order: run from React
 * Router's `buildEnd` hook (react-router.config.ts), so `react-router build` alone makes a complete build
 * that `npm run serve` serves.
 * 1. each prerendered page's hydration data into a file of its own (./externalize-hydration.ts);
 * 2. the hashes of each page's inline scripts for its Content-Security-Policy (./csp-hashes.ts), after 1,
 *    which changes the pages;
 * 3. a social preview image per page and the touch icon (./og-images.ts);
 * 4. brotli and gzip copies of every text file (./precompress.ts), last, of the files as they finally are.
 *
 * `npm start` (./start.ts) builds with BUILD_FINISH_LATER=1: steps 3 and 4, the slow ones on a fresh install
 * (about half the build's time with an empty build cache), are left for after the server answers (finishBuild),
 * and build/unfinished says so until they are done; a production server refuses such a build (server.ts).
 */
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { writeCspHashes } from "./csp-hashes.ts";
import { externalizeHydration } from "./externalize-hydration.ts";
import { writeOgImages } from "./og-images.ts";
import { precompress } from "./precompress.ts";

/** Present while a build's social images and compressed copies are still to be made (a build of `npm start`). */
export const unfinishedMarker = (buildDir: string) => path.join(buildDir, "unfinished");

export async function postBuild(
  buildDir: string,
  log: (line: string) => void = console.log,
  { finishLater = process.env.BUILD_FINISH_LATER === "1" } = {},
): Promise<void> {
  const clientDir = path.join(buildDir, "client");
  log(externalizeHydration(clientDir));
  log(writeCspHashes(buildDir));
  if (finishLater) {
    writeFileSync(
      unfinishedMarker(buildDir),
      "Social images and compressed copies not made yet: `npm start` makes them after the server answers.\n",
    );
    log("social images and compressed copies: after the server answers (BUILD_FINISH_LATER=1)");
    return;
  }
  await finishBuild(buildDir, log);
}

/** Steps 3 and 4; the build is then complete. */
export async function finishBuild(buildDir: string, log: (line: string) => void = console.log): Promise<void> {
  const clientDir = path.join(buildDir, "client");
  log(await writeOgImages(clientDir));
  log(await precompress(clientDir));
  rmSync(unfinishedMarker(buildDir), { force: true });
}

// `node scripts/post-build.ts --finish`: the steps an `npm start` build left for later (./start.ts runs it).
if (import.meta.main && process.argv.includes("--finish")) await finishBuild(path.resolve("build"));
