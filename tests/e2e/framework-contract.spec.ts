import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { prerenderedPages } from "../../app/lib/build-files.server.ts";
import { DEFERRED_MODULE_TYPE } from "../../app/lib/early-script.ts";
import {
  APP_SCRIPT_SENTINEL,
  DATA_ANSWER_HEADER,
  DATA_SUFFIX,
  ENTRY_IMPORT_SOURCE,
  HYDRATION_CONTEXT_START,
  HYDRATION_SCRIPT,
  HYDRATION_STREAM_START,
  MODULE_PRELOAD,
  NON_PAGE_FOLDERS,
  PRERENDERED_PAGE_FILE,
} from "../../app/lib/framework-output.ts";
import { pages } from "./site-pages.ts";

/**
 * The contract with React Router and Vite (app/lib/framework-output.ts), checked on the real build and on a
 * server-rendered response. Each test is named after the assumption it checks and, when the shape changed
 * (after an upgrade), says what it found instead. Nothing here needs a browser.
 */
const CLIENT = path.resolve("build/client");
const snippet = (html: string, at: number) => JSON.stringify(html.slice(Math.max(0, at - 80), at + 240));

const pageFile = (pathname: string) => path.join(CLIENT, pathname, PRERENDERED_PAGE_FILE);
const read = (file: string) => readFileSync(file, "utf8");
const deferredScript = (html: string) =>
  new RegExp(`<script\\b[^>]*\\btype="${DEFERRED_MODULE_TYPE}"([^>]*)>([\\s\\S]*?)</script>`).exec(html);

test.describe("React Router's and Vite's output, as app/lib/framework-output.ts expects it", () => {
  test.skip(({ isMobile }) => isMobile, "the build is the same for both projects");

  test("PRERENDERED_PAGE_FILE, NON_PAGE_FOLDERS: every page of the sitemap is build/client/<path>/index.html, and found as a page", () => {
    const missing = pages.filter((pathname) => !existsSync(pageFile(pathname)));
    expect(missing, `prerendered pages are no longer at <path>/${PRERENDERED_PAGE_FILE}`).toEqual([]);
    const found = new Set(prerenderedPages(CLIENT).map((page) => page.route));
    expect(
      pages.filter((pathname) => !found.has(pathname)),
      "pages of the sitemap that prerenderedPages() does not find",
    ).toEqual([]);
    for (const folder of NON_PAGE_FOLDERS)
      expect(
        pages.filter((pathname) => pathname.split("/")[1] === folder),
        `sitemap pages inside build/client/${folder}`,
      ).toEqual([]);
  });

  test("MODULE_PRELOAD: the head's module preloads are found and moved onto the app's script", () => {
    for (const pathname of pages) {
      const html = read(pageFile(pathname));
      const left = html.search(/rel="modulepreload"/);
      expect(
        left,
        `${pathname}: a modulepreload tag MODULE_PRELOAD did not match is left in the page: ${left === -1 ? "" : snippet(html, left)}`,
      ).toBe(-1);
      const preload = deferredScript(html)?.[1]?.match(/data-preload="([^"]*)"/)?.[1] ?? "";
      const modules = preload.split(" ").filter(Boolean);
      expect(modules.length, `${pathname}: no preloads were moved (MODULE_PRELOAD matched nothing)`).toBeGreaterThan(0);
      for (const href of modules)
        expect(existsSync(path.join(CLIENT, href)), `${pathname}: preload ${href} is no file of the build`).toBe(true);
    }
    // The expression itself, on the head of a page as React Router writes it (the server's rewrite removed them above).
    expect(new RegExp(MODULE_PRELOAD.source).test('<link rel="modulepreload" href="/assets/x.js"/>')).toBe(true);
  });

  test("MODULE_SCRIPT_TAG, APP_SCRIPT_SENTINEL: the script that starts the app is found and deferred on every page", () => {
    for (const pathname of pages) {
      const html = read(pageFile(pathname));
      const moduleScript = html.search(/<script\b[^>]*\btype="module"/);
      expect(
        moduleScript,
        `${pathname}: a module script was left to run at load (the app would start at once): ${moduleScript === -1 ? "" : snippet(html, moduleScript)}`,
      ).toBe(-1);
      const deferred = deferredScript(html);
      expect(
        deferred,
        `${pathname}: no deferred app script; React Router's module script no longer matches MODULE_SCRIPT_TAG or lacks "${APP_SCRIPT_SENTINEL}"`,
      ).not.toBeNull();
      expect(deferred![2], `${pathname}: the app's script no longer contains APP_SCRIPT_SENTINEL`).toContain(
        APP_SCRIPT_SENTINEL,
      );
    }
  });

  test("ENTRY_IMPORT_SOURCE: the app's script imports the client entry, one of its preloads", () => {
    for (const pathname of pages) {
      const deferred = deferredScript(read(pageFile(pathname)));
      expect(deferred, `${pathname}: no deferred app script to find the entry in`).not.toBeNull();
      const text = deferred?.[2] ?? "";
      const entry = new RegExp(ENTRY_IMPORT_SOURCE).exec(text)?.[1];
      expect(
        entry,
        `${pathname}: ENTRY_IMPORT_SOURCE finds no import("…") in the app's script: ${JSON.stringify(text.slice(-300))}`,
      ).toBeTruthy();
      expect(deferred?.[1], `${pathname}: the entry ${entry} is not among the preloads`).toContain(entry!);
      expect(existsSync(path.join(CLIENT, entry!)), `${pathname}: the entry ${entry} is no file of the build`).toBe(
        true,
      );
    }
  });

  test("HYDRATION_SCRIPT, HYDRATION_CONTEXT_START, HYDRATION_STREAM_START, MANIFEST_ASSIGNMENT: a prerendered page's hydration data is in its own file", () => {
    for (const pathname of pages) {
      const html = read(pageFile(pathname));
      const file = deferredScript(html)?.[1]?.match(/data-hydration="([^"]+)"/)?.[1];
      expect(
        file,
        `${pathname}: no hydration file (scripts/externalize-hydration.ts found no hydration scripts)`,
      ).toBeTruthy();
      const source = read(path.join(CLIENT, file!));
      expect(
        source.startsWith(HYDRATION_CONTEXT_START),
        `${pathname}: the hydration data does not start with HYDRATION_CONTEXT_START: ${JSON.stringify(source.slice(0, 120))}`,
      ).toBe(true);
      expect(source, `${pathname}: the hydration data has no HYDRATION_STREAM_START`).toContain(HYDRATION_STREAM_START);
      expect(html.match(HYDRATION_SCRIPT) ?? [], `${pathname}: hydration scripts were left in the page`).toEqual([]);
      expect(source, `${pathname}: the route manifest is not in the hydration data`).toMatch(
        /\nwindow\.__reactRouterManifest = \{.*\};\n$/,
      );
      expect(html, `${pathname}: the route manifest was left in the page`).not.toContain("__reactRouterManifest");
    }
  });

  test("a server-rendered page (a query string): the app's script deferred, the hydration data inline with the response's nonce", async ({
    request,
  }) => {
    const response = await request.get("/contact?city=Boise");
    expect(response.status()).toBe(200);
    const html = await response.text();
    const deferred = deferredScript(html);
    expect(
      deferred?.[2],
      "the server-rendered page's app script is not deferred (MODULE_SCRIPT_TAG / APP_SCRIPT_SENTINEL)",
    ).toContain(APP_SCRIPT_SENTINEL);
    expect(html).not.toContain('rel="modulepreload"');
    const context = html.indexOf(HYDRATION_CONTEXT_START);
    expect(context, "HYDRATION_CONTEXT_START: no hydration context in a server-rendered page").toBeGreaterThan(-1);
    expect(
      html.slice(html.lastIndexOf("<script", context), context),
      "the hydration scripts carry the response's nonce",
    ).toMatch(/<script nonce="[^"]+">$/);
  });

  test("DATA_SUFFIX, DATA_ANSWER_HEADER: a data request is answered with React Router's header, a redirect in its body", async ({
    request,
    baseURL,
  }) => {
    // A form's action at its data URL, as the fetcher and the photo upload send it: the field messages, answered by React Router.
    const answer = await request.post(`/estimate${DATA_SUFFIX}`, {
      headers: { Origin: new URL(baseURL!).origin },
      multipart: { firstName: "" },
    });
    expect(answer.status(), "the action's answer to an incomplete form").toBe(400);
    expect(answer.headers(), `DATA_ANSWER_HEADER: ${JSON.stringify(answer.headers())}`).toHaveProperty(
      DATA_ANSWER_HEADER.toLowerCase(),
    );
    // A loader's redirect at a data URL (the inbox without a session goes to the sign-in page): React Router's
    // answer, with the target in the body the photo upload decodes, not in a header.
    const redirect = await request.get(`/admin${DATA_SUFFIX}`, { maxRedirects: 0 });
    expect(redirect.headers()).toHaveProperty(DATA_ANSWER_HEADER.toLowerCase());
    expect(await redirect.text()).toContain("/admin/sign-in");
  });
});

test.describe("the server bundle, as in React Router's node-custom-server template (docs/decisions/018-framework-seam.md)", () => {
  test.skip(({ isMobile }) => isMobile, "the build is the same for both projects");

  test("build/server/index.js is both React Router's server build and the site's server (app/server/app.server.ts)", async () => {
    const bundle = (await import(path.resolve("build/server/index.js"))) as Record<string, unknown> & {
      routes?: Record<string, unknown>;
      entry?: { module?: Record<string, unknown> };
    };
    // What React Router's preview server (prerendering) and tests/support/post-routes.ts read.
    expect(Object.keys(bundle.routes ?? {}), "the bundle re-exports the build's routes").toContain("root");
    expect(bundle.assets, "the bundle re-exports the build's asset manifest").toBeTruthy();
    expect(bundle.entry?.module?.appContext, "the build's entry exports the context key").toBeTruthy();
    // What server.ts calls.
    for (const name of ["settings", "startServices", "createSite", "EnvError"])
      expect(typeof bundle[name], `the bundle exports ${name}`).toBe("function");
  });

  test("server.ts loads the site only from the bundle: nothing of app/ but types, so each module exists once", () => {
    const source = read(path.resolve("server.ts"));
    const valueImports = [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+"(\.\/app\/[^"]+)"/gm)].map((m) => m[1]);
    expect(
      valueImports,
      "server.ts imports these modules of app/ itself (a second instance beside the bundle's)",
    ).toEqual([]);
    const dynamic = [...source.matchAll(/(?<!typeof )import\(\s*"(\.\/app\/[^"]+)"/g)].map((m) => m[1]);
    expect(dynamic, "server.ts imports these modules of app/ at run time").toEqual([]);
  });
});
