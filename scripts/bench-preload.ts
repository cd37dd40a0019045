/**
 * What a low-priority script preload really costs the first and largest paint (decision 024). Lighthouse's
 * simulated throttling (Lantern) keeps every request that ended before the observed largest paint in that paint's
 * graph, so a `<link rel="preload" as="script" fetchpriority="low">` costs a whole simulated round trip although a
 * browser paints without waiting for it. The plain-HTML limit therefore keeps such a preload, and this check
 * measures its cost the way a phone meets it: Lighthouse with DevTools throttling (each request really delayed by
 * 562.5 ms, 1.6 Mbit/s, 4× CPU), the page as built against the same page with only the preload removed, run
 * alternately, through one proxy that serves both the same way. Budget: the median LCP with the preload at most
 * the bench's ratio (1.1×) of the median without it. A preload at any other priority is not kept in the limit,
 * so the simulated rule judges it.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync } from "node:zlib";

/** The preloads a browser fetches without holding any paint for them: kept in the plain-HTML limit. */
export const LOW_PRIORITY_SCRIPT_PRELOAD =
  /<link\b(?=[^>]*\brel="preload")(?=[^>]*\bas="script")(?=[^>]*\bfetchpriority="low")[^>]*>/gi;
/** Every other script preload: dropped from the limit with the scripts. */
export const OTHER_SCRIPT_PRELOAD =
  /<link\b(?=[^>]*\brel="preload")(?=[^>]*\bas="script")(?![^>]*\bfetchpriority="low")[^>]*>/gi;

export interface PreloadCost {
  page: string;
  with: { fcp: number[]; lcp: number[] };
  without: { fcp: number[]; lcp: number[] };
  /** Median LCP with the preload over the median without it. */
  lcpRatio: number;
}

/** The middle value (of an even count, the upper of the two middle ones). */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A proxy in front of `origin` serving every response the same way, with script preloads removed if `strip`. */
async function proxy(origin: string, strip: boolean, port: number): Promise<{ url: string; close: () => void }> {
  const server = http.createServer(async (req, res) => {
    try {
      const upstream = await fetch(origin + req.url, { headers: { "accept-encoding": "identity" } });
      const headers: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        if (!["content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive"].includes(name))
          headers[name] = value;
      });
      const type = headers["content-type"] ?? "";
      let body = Buffer.from(await upstream.arrayBuffer());
      if (strip && type.includes("text/html"))
        body = Buffer.from(body.toString("utf8").replace(LOW_PRIORITY_SCRIPT_PRELOAD, ""));
      if (/html|css|javascript/.test(type)) {
        body = brotliCompressSync(body);
        headers["content-encoding"] = "br";
      }
      res.writeHead(upstream.status, headers).end(body);
    } catch {
      res.writeHead(502).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.close();
      server.closeAllConnections();
    },
  };
}

/**
 * The two proxies the check collects through (Lighthouse CI, DevTools throttling: scripts/bench.ts): `with` serves
 * each page as built, `without` the same page without its low-priority script preload.
 */
export async function startPreloadProxies(origin: string, ports: [number, number]) {
  const withPreload = await proxy(origin, false, ports[0]);
  const withoutPreload = await proxy(origin, true, ports[1]);
  return {
    with: withPreload.url,
    without: withoutPreload.url,
    close: () => {
      withPreload.close();
      withoutPreload.close();
    },
  };
}

/** A page's cost from its runs on each side (FCP and LCP in ms, in the order collected). */
export function preloadCost(page: string, withRuns: PreloadCost["with"], withoutRuns: PreloadCost["without"]) {
  const lcpRatio =
    withRuns.lcp.length && withoutRuns.lcp.length ? round2(median(withRuns.lcp) / median(withoutRuns.lcp)) : Infinity;
  return { page, with: withRuns, without: withoutRuns, lcpRatio };
}

const round2 = (x: number) => Math.round(x * 100) / 100;

export function preloadCostFailures(costs: PreloadCost[], budget: number): string[] {
  return costs
    .filter((c) => !(c.lcpRatio <= budget))
    .map(
      (c) =>
        `${c.page}: the low-priority preload's LCP is ${c.lcpRatio}× the page without it, DevTools throttling (budget ${budget}×)`,
    );
}

export function preloadCostMarkdown(costs: PreloadCost[]): string {
  return [
    "| Page | FCP with (runs) | FCP without | LCP with (runs) | LCP without | median LCP ratio |",
    "|---|--:|--:|--:|--:|--:|",
    ...costs.map(
      (c) =>
        `| ${c.page} | ${c.with.fcp.join(" / ")} | ${c.without.fcp.join(" / ")} | ${c.with.lcp.join(" / ")} | ${c.without.lcp.join(" / ")} | ${c.lcpRatio} |`,
    ),
  ].join("\n");
}
