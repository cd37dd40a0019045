/**
 * A release: what a server needs to run the site, copied out of a built tree (run `npm run build` first).
 *   npm run release DIR
 * Then, in DIR: `npm ci --omit=dev` (Node 24 comes with it, as the `node` dependency) and
 * `NODE_ENV=production npm run serve`. docs/deploy.md installs it; the Containerfile and the
 * production-install test make theirs with this script too.
 *
 * It holds the lockfile and package.json, the build, and the TypeScript that Node runs directly: server.ts,
 * the app's modules it imports, the owner's commands in scripts/ and the content/ they read; and the recipe
 * (deploy/, docs/deploy.md) that installs it. Tests are left out.
 */
import { cpSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Files and folders of a release, relative to the project's root. */
export const RELEASE_FILES = [
  "package.json",
  "package-lock.json",
  "server.ts",
  "app",
  "content",
  "scripts",
  "build",
  "deploy",
  "docs/deploy.md",
];

/** Left out of every folder: unit tests, and what only the build and benchmarks use. */
const leftOut = (name: string) => /\.test\.tsx?$/.test(name) || name === "bench-load";

export function makeRelease(destination: string, root = ROOT): void {
  if (!existsSync(path.join(root, "build/server/index.js")))
    throw new Error("No build found in ./build. Run `npm run build` first.");
  if (existsSync(destination) && readdirSync(destination).length > 0)
    throw new Error(`${destination} is not empty; a release goes into a new or empty folder.`);
  mkdirSync(destination, { recursive: true });
  for (const entry of RELEASE_FILES) {
    const from = path.join(root, entry);
    if (!existsSync(from)) continue;
    mkdirSync(path.dirname(path.join(destination, entry)), { recursive: true });
    cpSync(from, path.join(destination, entry), {
      recursive: true,
      filter: (source) => !leftOut(path.basename(source)),
    });
  }
}

if (import.meta.main) {
  const destination = process.argv[2];
  if (!destination) {
    console.error("Usage: npm run release DIR   (a new or empty folder)");
    process.exit(2);
  }
  try {
    makeRelease(path.resolve(destination));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  console.log(
    `Release in ${path.resolve(destination)}. There: npm ci --omit=dev, then NODE_ENV=production npm run serve (docs/deploy.md).`,
  );
}
