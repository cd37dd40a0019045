/**
 * The files of a build, found one way: the prerendered pages (every `<path>/index.html` of build/client
 * outside the folders that hold none, app/lib/framework-output.ts) and every file under a folder. Used by the
 * post-build steps (scripts/post-build.ts) and the server, which reads the pages once at start.
 */
import { globSync } from "node:fs";
import path from "node:path";
import { NON_PAGE_FOLDERS, PRERENDERED_PAGE_FILE } from "./framework-output.ts";

export interface PrerenderedPage {
  /** The page's path: "/", "/about", "/services/house-washing". */
  route: string;
  /** Its file, absolute. */
  file: string;
}

/** Every prerendered page under `clientDir`, sorted by path. */
export function prerenderedPages(clientDir: string): PrerenderedPage[] {
  return globSync(`**/${PRERENDERED_PAGE_FILE}`, { cwd: clientDir, exclude: [...NON_PAGE_FOLDERS] })
    .map((relative) => {
      const dir = path.dirname(relative);
      return { route: dir === "." ? "/" : `/${dir.split(path.sep).join("/")}`, file: path.join(clientDir, relative) };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

/** Every file under `dir` (absolute paths, sorted). */
export function filesUnder(dir: string): string[] {
  return globSync("**/*", { cwd: dir, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}
