/**
 * Server rendering (React Router's default Node entry) plus the CSP nonce: a server-rendered response
 * marks its inline scripts with the nonce the server (app/server/app.server.ts) put in the load context and in the header. At build
 * time (prerendering) there is no nonce; scripts/csp-hashes.ts hashes those pages' scripts instead.
 *
 * The HTML is also passed through deferAppStart(): a page loads no JavaScript; the app starts on the
 * visitor's first interaction (docs/decisions/006-native-controls.md).
 */
import { PassThrough, Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { DEFERRED_MODULE_TYPE } from "./lib/early-script.ts";
import { APP_SCRIPT_SENTINEL, MODULE_PRELOAD, MODULE_SCRIPT_TAG } from "./lib/framework-output.ts";
import { NonceContext } from "./lib/nonce.ts";
import { appContext } from "./server/kit/context.server.ts";

export const streamTimeout = 5_000;

/**
 * The key of the app's context, as this server build holds it: the server (app/server/app.server.ts) fills
 * the context of each request under this very key (`build.entry.module.appContext`), so the route modules,
 * which import the same instance, find it. In production that is the bundle's one instance; in development
 * Vite loads the routes again after a change, with a new instance of the key.
 */
export { appContext };

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
    const readyOption: keyof RenderToPipeableStreamOptions =
      !userAgent || isbot(userAgent) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
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
          pipe(deferAppStart()).pipe(body);
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

/**
 * Keeps the app from starting until the visitor's first interaction (docs/decisions/006-native-controls.md):
 * every control works natively from the first paint, so a page load needs no JavaScript.
 * - The `<link rel="modulepreload">` tags <Scripts /> puts in the head are taken out (they would fetch
 *   every module of the page before the first paint); their addresses go to the module script's
 *   `data-preload`.
 * - React Router's module script at the end of the body gets the type DEFERRED_MODULE_TYPE, so the
 *   browser does not run it; the early script (app/lib/early-script.ts) runs its text, unchanged, as a
 *   module script on the first interaction, after adding the preloads.
 * Only the script that starts React Router is deferred (it contains APP_SCRIPT_SENTINEL); any other shape
 * is left as it is, and the app then starts at once. What this expects of React Router's HTML is in
 * app/lib/framework-output.ts, checked on the real build by tests/e2e/framework-contract.spec.ts.
 */
export function deferAppStart() {
  const decoder = new StringDecoder("utf8");
  let html = "";
  let state: "head" | "body" | "script" | "rest" = "head";
  const preloads: string[] = [];

  const process = (last: boolean) => {
    let out = "";
    for (;;) {
      if (state === "head") {
        const end = html.indexOf("</head>");
        if (end === -1) break;
        out += html.slice(0, end).replace(MODULE_PRELOAD, (_tag, href: string) => {
          preloads.push(href);
          return "";
        });
        html = html.slice(end);
        state = "body";
      } else if (state === "body") {
        const start = MODULE_SCRIPT_TAG.exec(html)?.index;
        if (start === undefined) {
          // Keep back a tag that is not complete yet: it may be the script, split across two chunks.
          const open = html.lastIndexOf("<");
          const cut = !last && open !== -1 && !html.includes(">", open) ? open : html.length;
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
        out += deferScript(html.slice(0, end + "</script>".length), preloads);
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

function deferScript(script: string, preloads: string[]): string {
  if (!script.includes(APP_SCRIPT_SENTINEL)) return script;
  const attributes = ` data-preload="${preloads.map(escapeAttribute).join(" ")}"`;
  // A script of another type is a data block, which HTML forbids to carry `async` (the Nu Html Checker
  // reports it); the early script runs the text as a new module script, which is async anyway.
  return script.replace(/^<script\b[^>]*>/, (tag) =>
    tag
      .replace(/\s+async(?:="")?(?=[\s>])/, "")
      .replace(/\btype="module"/, `type="${DEFERRED_MODULE_TYPE}"${attributes}`),
  );
}

const escapeAttribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
