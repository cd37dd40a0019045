/**
 * The browser editor at /cms (Sveltia CMS, docs/decisions/029-browser-editor.md): a static page outside the
 * React app. The build writes build/client/cms/ (index.html, config.yml generated from the content
 * collections, and the editor's script bundled from node_modules with its fonts and icons: buildCmsEditor);
 * the server answers /cms with its own Content-Security-Policy, never indexed, never cached. No public page
 * loads anything of it. On the live site the editor saves through GitHub; on the owner's computer (a page on
 * localhost) it offers "Work with Local Repository" and writes the files of the folder the owner picks, in the
 * browser (File System Access API, Chromium): there is no local server.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import { cmsBackendFromEnv, decapConfig, decapConfigYaml } from "../content/cms-config.ts";

export const CMS_PATH = "/cms";
/** The editor's script, at /cms/editor.js; its chunks, fonts and icons beside it (chunks/, assets/). */
const EDITOR_SCRIPT = "editor.js";
/** The git host's API the editor saves through on the live site (Sveltia's GitHub backend). */
const GIT_HOST_API = "https://api.github.com";
/** The signed-in owner's picture, shown by the editor's account menu. */
const GIT_HOST_AVATARS = "https://avatars.githubusercontent.com";
/** GitHub's status, which the sign-in page reads to say when GitHub is down. */
const GIT_HOST_STATUS = "https://www.githubstatus.com";

export const isCmsPath = (pathname: string) => pathname === CMS_PATH || pathname.startsWith(`${CMS_PATH}/`);

/**
 * The editor's page: its script and nothing else. Sveltia reads the configuration named by the
 * cms-config-url link, at /cms and at /cms/ alike.
 */
export const cmsIndexHtml = () =>
  [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    "<title>Content editor | Gem State Exterior Cleaning</title>",
    `<link rel="cms-config-url" type="text/yaml" href="${CMS_PATH}/config.yml">`,
    `<script type="module" src="${CMS_PATH}/${EDITOR_SCRIPT}"></script>`,
    "</head>",
    "<body>",
    `<noscript>The content editor needs JavaScript. The content itself is in the files under content/ (docs/owner-guide.md: "Editing the site's content").</noscript>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");

/** The styles the editor writes into the page, as base64 SHA-256 hashes (editorStyleHashes). */
export interface EditorStyles {
  /** Each <style> element its components add. */
  elements: string[];
  /** Each style attribute of its HTML templates (`style="display: contents"`). */
  attributes: string[];
}

/**
 * As strict as the editor allows (checked in tests/e2e/cms.spec.ts, which fails on any CSP report): scripts,
 * fonts and workers from this site only, no 'unsafe-inline' or 'unsafe-eval'. The <style> elements the
 * editor's components add are allowed by their hashes, and the few style attributes of its templates by theirs
 * ('unsafe-hashes' allows exactly those values, nothing else inline), all taken from its script by the build.
 * Images from blob: and data: (media previews, icons) and the git host's avatars; connections to this site, to
 * blob: and data: (a photo chosen in the media library is read back from its blob: URL when saved; the
 * editor's default icon is a data: URL it reads), to the git host's API and to its status page (the sign-in
 * page says when GitHub is down).
 */
export function cmsContentSecurityPolicy({
  https,
  styles = { elements: [], attributes: [] },
}: {
  https: boolean;
  styles?: EditorStyles;
}): string {
  const hashes = (list: string[]) => list.map((hash) => `'sha256-${hash}'`);
  const directives: [string, ...string[]][] = [
    ["default-src", "'none'"],
    ["script-src", "'self'"],
    ["style-src", "'self'", ...hashes(styles.elements)],
    ["style-src-attr", ...(styles.attributes.length ? ["'unsafe-hashes'", ...hashes(styles.attributes)] : ["'none'"])],
    ["font-src", "'self'"],
    ["img-src", "'self'", "data:", "blob:", GIT_HOST_AVATARS],
    ["connect-src", "'self'", "blob:", "data:", GIT_HOST_API, GIT_HOST_STATUS],
    ["worker-src", "'self'", "blob:"],
    ["form-action", "'none'"],
    ["frame-ancestors", "'none'"],
    ["base-uri", "'none'"],
    ["object-src", "'none'"],
  ];
  if (https) directives.push(["upgrade-insecure-requests"]);
  return directives.map((d) => d.join(" ")).join("; ");
}

const ROOT = path.resolve(import.meta.dirname, "../..");
/** The editor's entry module: Sveltia from node_modules, started. */
const EDITOR_ENTRY = path.join(ROOT, "app/cms/editor.ts");

/**
 * Sveltia's stylesheet names its fonts on a CDN as well as in the package (which it adds with the FontFace
 * API): the CDN sources are made void (a local() source, which makes the browser drop the rule), so the
 * page asks no other host for a font.
 */
const fontsFromThisSiteOnly = {
  name: "cms-editor-fonts-from-this-site",
  transform(code: string, id: string) {
    if (!id.includes("@sveltia") || !code.includes("cdn.jsdelivr.net/fontsource")) return null;
    return {
      code: code.replace(/url\(https:\/\/cdn\.jsdelivr\.net\/fontsource\/[^)\s]*\)/g, "local(none)"),
      map: null,
    };
  },
};

/**
 * Bundles the editor (Sveltia CMS from node_modules, with its fonts, icons and the chunks it loads on demand)
 * into `dir`, served at /cms/: nothing of it comes from another host. Vite is imported here, never at start,
 * so a production install (no devDependencies) can run the server.
 */
export async function buildCmsEditor(dir: string): Promise<void> {
  const { build } = await import("vite");
  await build({
    configFile: false,
    root: ROOT,
    base: `${CMS_PATH}/`,
    logLevel: "warn",
    publicDir: false,
    plugins: [fontsFromThisSiteOnly],
    build: {
      outDir: dir,
      emptyOutDir: false,
      sourcemap: false,
      // One large script on purpose: the editor loads once, for the owner only.
      chunkSizeWarningLimit: 4096,
      rolldownOptions: {
        input: EDITOR_ENTRY,
        output: {
          entryFileNames: EDITOR_SCRIPT,
          chunkFileNames: "chunks/[name]-[hash].js",
          assetFileNames: "assets/[name]-[hash][extname]",
        },
      },
    },
  });
}

/** The file beside the editor's script that lists the hashes of its styles (EditorStyles). */
const STYLE_HASHES_FILE = "style-hashes.json";

/** A string literal's or template literal's text as JavaScript reads it (its escapes resolved). */
function cookString(raw: string): string {
  const simple: Record<string, string> = { n: "\n", t: "\t", r: "\r", b: "\b", f: "\f", v: "\v", "0": "\0" };
  return raw.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|\r\n|[\s\S])/g, (_, escape: string) => {
    if (/^u\{/.test(escape)) return String.fromCodePoint(parseInt(escape.slice(2, -1), 16));
    if (/^[ux][0-9a-fA-F]/.test(escape) && escape.length > 1) return String.fromCharCode(parseInt(escape.slice(1), 16));
    if (/^(?:\r\n|[\n\r\u2028\u2029])$/.test(escape)) return "";
    return simple[escape] ?? escape;
  });
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64");

/**
 * The hashes of the styles the editor writes into the page, read from its script and chunks: each component's
 * stylesheet (Svelte's `{hash, code}`, added as a <style> element) and each style attribute of its HTML
 * templates. The page's policy lists them instead of 'unsafe-inline'.
 */
export function editorStyleHashes(dir: string): EditorStyles {
  const chunks = existsSync(path.join(dir, "chunks")) ? readdirSync(path.join(dir, "chunks")) : [];
  const scripts = [EDITOR_SCRIPT, ...chunks.filter((f) => f.endsWith(".js")).map((f) => `chunks/${f}`)];
  const elements = new Set<string>();
  const attributes = new Set<string>();
  for (const script of scripts) {
    const text = readFileSync(path.join(dir, script), "utf8");
    // The stylesheet is a JavaScript string in any quotes (the minifier picks backticks, or double quotes when the
    // text holds a backtick); its escapes are resolved as JavaScript reads it.
    for (const [, quoted] of text.matchAll(
      /\{hash:`svelte-[a-z0-9]+`,code:(`(?:[^`\\$]|\\[\s\S]|\$(?!\{))*`|"(?:[^"\\\n]|\\[\s\S])*"|'(?:[^'\\\n]|\\[\s\S])*')\}/g,
    ))
      elements.add(sha256(cookString(quoted!.slice(1, -1))));
    for (const [, value] of text.matchAll(/\bstyle="([^"`<>]*)"/g)) attributes.add(sha256(cookString(value!)));
  }
  return { elements: [...elements].sort(), attributes: [...attributes].sort() };
}

/** The configuration for this build: CMS_REPO, CMS_BRANCH and CMS_AUTH_URL from the environment (README "Settings"). */
export const cmsConfigYaml = (siteUrl: string, env: NodeJS.ProcessEnv = process.env) =>
  decapConfigYaml(decapConfig({ backend: cmsBackendFromEnv(env), siteUrl }));

/**
 * Writes build/client/cms/ (react-router.config.ts, at the end of the build). `bundle` writes the editor's script
 * and files into a folder: buildCmsEditor, or the build's cached copy of what it wrote (scripts/cms-editor-cache.ts).
 */
export async function writeCmsBuild(
  clientDir: string,
  siteUrl: string,
  env: NodeJS.ProcessEnv = process.env,
  bundle: (dir: string) => Promise<void> = buildCmsEditor,
) {
  const dir = path.join(clientDir, CMS_PATH.slice(1));
  mkdirSync(dir, { recursive: true });
  await bundle(dir);
  writeFileSync(path.join(dir, STYLE_HASHES_FILE), `${JSON.stringify(editorStyleHashes(dir))}\n`);
  writeFileSync(path.join(dir, "index.html"), cmsIndexHtml());
  writeFileSync(path.join(dir, "config.yml"), cmsConfigYaml(siteUrl, env));
}

/**
 * The editor the development server bundles on the first visit to /cms (`npm run dev`, `npm run cms`), in a
 * temporary folder of this process's own (two servers never write the same files), removed when it exits.
 */
async function bundleDevEditor(): Promise<{ dir: string; styles: EditorStyles }> {
  const dir = mkdtempSync(path.join(tmpdir(), "gs-cms-editor-"));
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  await buildCmsEditor(dir);
  return { dir, styles: editorStyleHashes(dir) };
}

/**
 * Answers /cms, /cms/ and /cms/config.yml and sets the editor's headers on everything under /cms (its script,
 * chunks and fonts are then served by the static files, from build/client/cms; in development from the
 * editor bundled on the first visit).
 */
export function cmsHandler(options: {
  dev: boolean;
  clientDir: string;
  siteUrl: string;
  isHttps: (req: IncomingMessage) => boolean;
}) {
  const dir = path.join(options.clientDir, CMS_PATH.slice(1));
  let configYaml: string | undefined;
  // In development the configuration follows the schemas as they are edited; a build's is read once.
  const config = () =>
    options.dev ? cmsConfigYaml(options.siteUrl) : (configYaml ??= readFileSync(path.join(dir, "config.yml"), "utf8"));
  // The hashes of the editor's styles: the build's list, read once; in development, of the editor bundled on
  // the first visit.
  let built: EditorStyles | undefined;
  let devEditor: Promise<{ dir: string; styles: EditorStyles }> | undefined;
  const editor = (): Promise<{ dir: string; styles: EditorStyles }> => {
    if (!options.dev) {
      const file = path.join(dir, STYLE_HASHES_FILE);
      built ??= existsSync(file)
        ? (JSON.parse(readFileSync(file, "utf8")) as EditorStyles)
        : { elements: [], attributes: [] };
      return Promise.resolve({ dir, styles: built });
    }
    devEditor ??= bundleDevEditor().catch((error: unknown) => {
      devEditor = undefined;
      throw error;
    });
    return devEditor;
  };
  const answer = (
    req: Request,
    res: Response,
    next: NextFunction,
    { dir: editorDir, styles }: { dir: string; styles: EditorStyles },
  ) => {
    res.set({
      "Content-Security-Policy": cmsContentSecurityPolicy({ https: options.isHttps(req), styles }),
      "X-Robots-Tag": "noindex, nofollow",
      "Cache-Control": "no-store",
      // The GitHub sign-in opens a window on the OAuth proxy that answers this page with postMessage.
      "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
    });
    if (req.method !== "GET" && req.method !== "HEAD")
      return void res.status(405).set("Allow", "GET, HEAD").type("text").send("Method not allowed");
    if (req.path === CMS_PATH || req.path === `${CMS_PATH}/`) return void res.type("html").send(cmsIndexHtml());
    if (req.path === `${CMS_PATH}/config.yml`) return void res.type("text/yaml; charset=utf-8").send(config());
    if (!options.dev) return next();
    res.sendFile(req.path.slice(CMS_PATH.length + 1), { root: editorDir, dotfiles: "deny" }, (error) => {
      if (error && !res.headersSent) res.status(404).type("text").send("Not found");
    });
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isCmsPath(req.path)) return next();
    editor().then((built) => answer(req, res, next, built), next);
  };
}
