/**
 * Every assumption this site makes about the shape of React Router's and Vite's output, in one place
 * (docs/decisions/018-framework-seam.md). The code that rewrites or reads that output imports these and
 * nothing else of the shape: the app-start rewrite of every page (app/entry.server.tsx), the early script
 * (app/lib/early-script.ts, which receives `entryImport` as its argument), the hydration split
 * (scripts/externalize-hydration.ts), the CSP hashes (app/server/csp.server.ts) and the server's handling of data
 * requests (app/server/app.server.ts, app/server/log-path.server.ts). The server build's shape is read in
 * app/server/react-router-express.server.ts.
 *
 * tests/e2e/framework-contract.spec.ts checks each assumption, by name, on the real build and on a
 * server-rendered response: after an upgrade of react-router or vite, a changed shape fails there with the
 * assumption's name and what was found instead, before anything else misbehaves.
 */

/** The `<link rel="modulepreload" href="…">` tags React Router's <Scripts /> writes in the head. */
export const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?\shref="([^"]+)"[^>]*>/g;

/** The opening tag of a module script (React Router's <Scripts /> writes one, at the end of the body). */
export const MODULE_SCRIPT_TAG = /<script\b[^>]*\btype="module"[^>]*>/;

/** Text that only the module script which starts the app contains (it assigns the route modules). */
export const APP_SCRIPT_SENTINEL = "window.__reactRouterRouteModules";

/**
 * In that script, the dynamic import of the client entry (the module that calls hydrateRoot), as a
 * regular expression's source: the early script is serialized with toString(), so it gets the source.
 */
export const ENTRY_IMPORT_SOURCE = String.raw`import\(\s*"([^"]+)"\s*\)`;

/** The classic inline scripts that carry a server-rendered page's hydration data (the loaders' data). */
export const HYDRATION_SCRIPT = /<script>(window\.__reactRouterContext[\s\S]*?)<\/script>/g;
/** How the first of them starts: it creates the context. */
export const HYDRATION_CONTEXT_START = "window.__reactRouterContext = ";
/** How the others start: each feeds the context's stream a piece of the loaders' data. */
export const HYDRATION_STREAM_START = "window.__reactRouterContext.streamController.enqueue(";
/**
 * The route manifest React Router writes into the page's module script (pretty-printed JSON, ending with a line
 * "};"): `window.__reactRouterManifest = {…};`. Only a global assignment, which the entry module reads.
 */
export const MANIFEST_ASSIGNMENT = /\s*window\.__reactRouterManifest = (\{[\s\S]*?\n\});/;

/** A prerendered page is `<build/client>/<path>/index.html` (React Router's prerender). */
export const PRERENDERED_PAGE_FILE = "index.html";
/**
 * Folders of build/client that hold no prerendered pages: Vite's assets (hydration files and gallery photos
 * among them), the social preview images, and the browser editor (a static page of its own, with its own CSP).
 */
export const NON_PAGE_FOLDERS: readonly string[] = ["assets", "og", "cms"];

/**
 * A client navigation or fetcher asks the server for a page's loader or action data at the page's path with this
 * suffix (`/blog.data`); the prerender writes the same files beside the pages.
 */
export const DATA_SUFFIX = ".data";
/**
 * The header every answer of React Router's own to a data request carries (an answer without it was refused before
 * React Router, at the server's edge). A redirect is not a header but part of the body (turbo-stream), which the
 * photo upload (app/components/forms/photo-upload.ts) decodes with React Router's own decoder: it makes the
 * fetcher's request itself, for its upload progress.
 */
export const DATA_ANSWER_HEADER = "X-Remix-Response";
/** Whether a request path is a data request rather than a document (React Router's single fetch). */
export const isDataPath = (pathname: string): boolean => pathname.endsWith(DATA_SUFFIX);
/**
 * The page a data request is for, as React Router reads it (its getNormalizedPath): a path that ends in a
 * slash asks at `…/_.data` (the home page's is `/_.data`), any other at `….data`. A path that is not a data
 * request is its own page.
 */
export function pagePathOfData(pathname: string): string {
  if (pathname.endsWith(`/_${DATA_SUFFIX}`)) return pathname.slice(0, -`_${DATA_SUFFIX}`.length);
  return isDataPath(pathname) ? pathname.slice(0, -DATA_SUFFIX.length) : pathname;
}
