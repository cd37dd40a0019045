/**
 * The browser editor at /cms (Decap CMS, docs/decisions/017-browser-editor.md): a static page outside the
 * React app. The build writes build/client/cms/ (index.html, config.yml generated from the content
 * collections, and Decap's prebuilt script from node_modules/decap-cms/dist); the server answers /cms with
 * its own Content-Security-Policy, never indexed, never cached. No public page loads anything of it.
 *
 * CMS_LOCAL_BACKEND (a loopback URL of decap-server, `npm run cms` and the tests; refused in production) adds
 * Decap's local backend to config.yml and to connect-src, so the editor saves to the files on this machine.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import { cmsBackendFromEnv, decapConfig, decapConfigYaml, withLocalBackend } from "../content/cms-config.ts";

export const CMS_PATH = "/cms";
/** The git host's API the editor saves through in production (Decap's GitHub backend). */
const GIT_HOST_API = "https://api.github.com";
/** The signed-in owner's picture, shown by Decap's header. */
const GIT_HOST_AVATARS = "https://avatars.githubusercontent.com";

export const isCmsPath = (pathname: string) => pathname === CMS_PATH || pathname.startsWith(`${CMS_PATH}/`);

/**
 * The editor's page: Decap's script and nothing else. Decap reads "config.yml" beside the page; the base URL
 * makes that /cms/config.yml at /cms and at /cms/ alike.
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
    `<base href="${CMS_PATH}/">`,
    "</head>",
    "<body>",
    `<noscript>The content editor needs JavaScript. The content itself is in the files under content/ (README: "Editing the site's content").</noscript>`,
    `<script src="${CMS_PATH}/decap-cms.js"></script>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");

/**
 * As strict as Decap allows (checked in tests/e2e/cms.spec.ts, which fails on any CSP report): its own script,
 * and 'unsafe-eval' because Decap compiles its configuration's JSON Schema validator (ajv) with new Function;
 * inline styles (its components are styled with Emotion, which writes <style> elements); images from blob: and
 * data: (media previews and icons); connections to this site, the git host's API and the local backend only, and
 * to blob: (a photo chosen in the media library is held as a blob: URL until Publish, which reads it back with
 * fetch() to send it: without blob: the save fails with "Failed to fetch").
 */
export function cmsContentSecurityPolicy({ localBackend, https }: { localBackend?: string; https: boolean }): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'none'"],
    ["script-src", "'self'", "'unsafe-eval'"],
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "blob:", GIT_HOST_AVATARS],
    ["connect-src", "'self'", "blob:", GIT_HOST_API, ...(localBackend ? [new URL(localBackend).origin] : [])],
    ["form-action", "'none'"],
    ["frame-ancestors", "'none'"],
    ["base-uri", "'self'"],
    ["object-src", "'none'"],
  ];
  if (https) directives.push(["upgrade-insecure-requests"]);
  return directives.map((d) => d.join(" ")).join("; ");
}

const require = createRequire(import.meta.url);
const decapDist = () => path.dirname(require.resolve("decap-cms/dist/decap-cms.js"));
/** Decap's script, the chunks it loads on demand (next to itself) and its licence notice. */
const isDecapFile = (file: string) =>
  /^(?:\d+\.)?decap-cms\.js$/.test(file) || file === "decap-cms.js.LICENSE.txt" || file.endsWith(".wasm");

/** The configuration for this build: CMS_REPO, CMS_BRANCH and CMS_AUTH_URL from the environment (README "Settings"). */
export const cmsConfigYaml = (siteUrl: string, env: NodeJS.ProcessEnv = process.env) =>
  decapConfigYaml(decapConfig({ backend: cmsBackendFromEnv(env), siteUrl }));

/** Writes build/client/cms/ (react-router.config.ts, at the end of the build). */
export function writeCmsBuild(clientDir: string, siteUrl: string, env: NodeJS.ProcessEnv = process.env) {
  const dir = path.join(clientDir, CMS_PATH.slice(1));
  mkdirSync(dir, { recursive: true });
  const dist = decapDist();
  for (const file of readdirSync(dist).filter(isDecapFile)) copyFileSync(path.join(dist, file), path.join(dir, file));
  writeFileSync(path.join(dir, "index.html"), cmsIndexHtml());
  writeFileSync(path.join(dir, "config.yml"), cmsConfigYaml(siteUrl, env));
}

/**
 * Answers /cms, /cms/ and /cms/config.yml and sets the editor's headers on everything under /cms (its script
 * and chunks are then served by the static files, from build/client/cms; in development from node_modules).
 */
export function cmsHandler(options: {
  dev: boolean;
  clientDir: string;
  siteUrl: string;
  localBackend?: string;
  isHttps: (req: IncomingMessage) => boolean;
}) {
  const dir = path.join(options.clientDir, CMS_PATH.slice(1));
  let configYaml: string | undefined;
  const config = () => {
    // In development the configuration follows the schemas as they are edited; a build's is read once.
    const base = options.dev
      ? cmsConfigYaml(options.siteUrl)
      : (configYaml ??= readFileSync(path.join(dir, "config.yml"), "utf8"));
    return options.localBackend ? withLocalBackend(base, options.localBackend) : base;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isCmsPath(req.path)) return next();
    res.set({
      "Content-Security-Policy": cmsContentSecurityPolicy({
        localBackend: options.localBackend,
        https: options.isHttps(req),
      }),
      "X-Robots-Tag": "noindex, nofollow",
      "Cache-Control": "no-store",
      // The GitHub sign-in opens a window on the OAuth proxy that answers this page with postMessage.
      "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
    });
    if (req.method !== "GET" && req.method !== "HEAD")
      return void res.status(405).set("Allow", "GET, HEAD").type("text").send("Method not allowed");
    if (req.path === CMS_PATH || req.path === `${CMS_PATH}/`) return void res.type("html").send(cmsIndexHtml());
    if (req.path === `${CMS_PATH}/config.yml`) return void res.type("text/yaml; charset=utf-8").send(config());
    if (options.dev) {
      const file = path.basename(req.path);
      if (req.path === `${CMS_PATH}/${file}` && isDecapFile(file))
        return void res.sendFile(path.join(decapDist(), file));
      return void res.status(404).type("text").send("Not found");
    }
    next();
  };
}
