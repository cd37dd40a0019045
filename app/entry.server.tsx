/**
 * Server rendering (React Router's default Node entry) plus the CSP nonce: a server-rendered response
 * marks its inline scripts with the nonce server.ts put in the load context and in the header. At build
 * time (prerendering) there is no nonce; scripts/csp-hashes.ts hashes those pages' scripts instead.
 *
 * The HTML is also passed through startAppAfterFirstPaint(): the page is painted before any of its
 * JavaScript is requested (docs/decisions/005-loading-strategy.md).
 */
import { PassThrough, Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { NonceContext } from "./lib/nonce";
import { appContext } from "./server/context";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(appContext)?.nonce;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and prerendering wait for all content; browsers get the shell as soon as it is ready.
    // (Prerendering sends no User-Agent.)
    const readyOption: keyof RenderToPipeableStreamOptions = !userAgent || isbot(userAgent) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html");
          pipe(startAppAfterFirstPaint()).pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error instanceof Error ? `${error.name}: ${error.message}` : "render error");
        },
      },
    );
  });
}

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const APP_SCRIPT = '<script type="module"';

/**
 * React Router's way of starting the app, changed in two places:
 * - the `<link rel="modulepreload">` tags <Scripts /> puts in the head (React hoists them above the
 *   stylesheet) are taken out: they had every module of the page fetched at high priority before the
 *   first paint, competing with the CSS;
 * - the module script at the end of the body that imports the route modules and the client entry
 *   first waits for the first paint; then it adds the preloads (all modules load in parallel, as
 *   before) and imports the same modules.
 * A script of another shape than expected is left as it is (the page then works as before).
 */
function startAppAfterFirstPaint() {
  const decoder = new StringDecoder("utf8");
  let html = "";
  let state: "head" | "body" | "script" | "rest" = "head";

  const process = (last: boolean) => {
    let out = "";
    for (;;) {
      if (state === "head") {
        const end = html.indexOf("</head>");
        if (end === -1) break;
        out += html.slice(0, end).replace(MODULE_PRELOAD, "");
        html = html.slice(end);
        state = "body";
      } else if (state === "body") {
        const start = html.indexOf(APP_SCRIPT);
        if (start === -1) {
          // Keep back what could be the beginning of the script tag, split across two chunks.
          const cut = last ? html.length : Math.max(0, html.length - APP_SCRIPT.length);
          out += html.slice(0, cut);
          html = html.slice(cut);
          break;
        }
        out += html.slice(0, start);
        html = html.slice(start);
        state = "script";
      } else if (state === "script") {
        const end = html.indexOf("</script>");
        if (end === -1) break;
        out += afterFirstPaint(html.slice(0, end + "</script>".length));
        html = html.slice(end + "</script>".length);
        state = "rest";
      } else {
        out += html;
        html = "";
        break;
      }
    }
    if (last) {
      out += html;
      html = "";
    }
    return out;
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      html += decoder.write(chunk);
      callback(null, process(false));
    },
    flush(callback) {
      html += decoder.end();
      callback(null, process(true));
    },
  });
}

/**
 * The app's module script, rewritten to start after the first paint. React Router writes:
 *   import * as route0 from "/assets/root-….js"; …                    (one line per matched route)
 *   window.__reactRouterManifest = { …pretty-printed JSON… };
 *   window.__reactRouterRouteModules = {"root":route0, …};
 *   import("/assets/entry.client-….js");
 * It becomes: wait for a frame; the same manifest (compact JSON: smaller HTML); module preloads for
 * the entry and the matched routes, read from that manifest; the same imports, dynamic and parallel;
 * the rest unchanged.
 */
function afterFirstPaint(script: string): string {
  const open = script.slice(0, script.indexOf(">") + 1);
  const imports: { name: string; url: string }[] = [];
  const body = script.slice(open.length, -"</script>".length).replace(/^\s*import \* as (\w+) from ("[^"]+");[ \t]*$/gm, (_line, name: string, url: string) => {
    imports.push({ name, url });
    return "";
  });
  const manifest = /window\.__reactRouterManifest = (\{[\s\S]*?\});\s*window\.__reactRouterRouteModules = (\{[^\n]*\});/.exec(body);
  // Anything else before the manifest (a static import, HMR code) is a shape this does not know.
  if (!imports.length || !manifest || !/^[\s;]*$/.test(body.slice(0, manifest.index)) || /^\s*import[\s*{"]/m.test(body)) return script;
  let compact: string;
  try {
    compact = JSON.stringify(JSON.parse(manifest[1]!));
  } catch {
    return script;
  }
  const routeIds = [...manifest[2]!.matchAll(/"([^"]+)":\w+/g)].map((m) => m[1]);
  return [
    open,
    'await new Promise((go) => (document.visibilityState === "visible" ? requestAnimationFrame(() => setTimeout(go)) : go()));',
    `const manifest = (window.__reactRouterManifest = ${compact});`,
    `const routes = ${JSON.stringify(routeIds)}.map((id) => manifest.routes[id]);`,
    "for (const href of new Set([manifest.entry.module, ...manifest.entry.imports, ...routes.flatMap((r) => [r.module, ...r.imports])]))",
    '  document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));',
    `const [${imports.map((i) => i.name).join(", ")}] = await Promise.all([${imports.map((i) => `import(${i.url})`).join(", ")}]);`,
    body.slice(body.indexOf("window.__reactRouterRouteModules")),
    "</script>",
  ].join("\n");
}
