/**
 * Every URL of the site that accepts a POST, derived from app/routes.ts (not listed by hand): each route
 * module whose built code exports an `action` (the production build's own manifest, which is what the
 * server runs), and the POST endpoints the site's Express app (app/server/app.server.ts) registers itself (Stripe's
 * webhook: tests/e2e/hostile.spec.ts checks that it registers none beside the ones listed here). A new action route is covered without anyone
 * remembering to add it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import routeConfig from "../../app/routes.ts";
import { ROOT } from "./processes.ts";

interface ConfigEntry {
  file: string;
  path?: string;
  index?: boolean;
  children?: ConfigEntry[];
}

export interface PostRoute {
  /** The route module (app/…), or "app/server/app.server.ts". */
  file: string;
  /** A URL of the route, dynamic segments filled with a sample value. */
  path: string;
  /** The owner's inbox (needs its Origin; may need a session). */
  owner: boolean;
}

/** POST endpoints the Express app registers outside React Router (app.post(…) and the like, app/server/app.server.ts). */
export const SERVER_POST_ROUTES: readonly PostRoute[] = [
  // Stripe's webhook (app/server/features/payments/webhook.server.ts): signed by Stripe, read raw.
  { file: "app/server/app.server.ts", path: "/webhooks/stripe", owner: false },
  // The customers' texts (app/server/features/texts/webhook.server.ts): signed by Twilio, form-encoded, read raw.
  { file: "app/server/app.server.ts", path: "/webhooks/twilio", owner: false },
];

const SAMPLE = { id: "00000000-0000-4000-8000-000000000000", other: "x" };
const fill = (pattern: string) =>
  pattern
    .split("/")
    .map((segment) =>
      segment === "*"
        ? SAMPLE.other
        : segment.startsWith(":")
          ? segment === ":id"
            ? SAMPLE.id
            : SAMPLE.other
          : segment,
    )
    .join("/");

interface BuiltRoute {
  hasAction: boolean;
}

export interface SiteRoute extends PostRoute {
  /** Whether a POST to `path` runs this route's action (React Router's rule: the deepest match; an index route with `?index`). */
  hasAction: boolean;
}

/**
 * Every URL React Router answers as one route of app/routes.ts (each route without children, and any with
 * an action; an index route's URL with `?index`, so that a POST would be its own), and whether its built module has an action,
 * from the production build (run `npm run build` first).
 */
export async function siteRoutes(): Promise<SiteRoute[]> {
  const build = (await import(path.join(ROOT, "build/server/index.js"))) as {
    assets: { routes: Record<string, BuiltRoute | undefined> };
  };
  const found: SiteRoute[] = [];
  const walk = (entries: ConfigEntry[], prefix: string) => {
    for (const entry of entries) {
      const pattern = entry.path ? `${prefix}/${entry.path}`.replace(/\/+/g, "/") : prefix;
      const id = entry.file.replace(/\.[jt]sx?$/, "");
      const built = build.assets.routes[id];
      const source = readFileSync(path.join(ROOT, "app", entry.file), "utf8");
      const exportsAction =
        /^export\s+(?:async\s+)?function\s+action\b|^export\s+(?:const|let)\s+action\b|^export\s*\{[^}]*\baction\b/m.test(
          source,
        );
      if (!built || built.hasAction !== exportsAction)
        throw new Error(`The build does not match app/routes.ts (${entry.file}): run \`npm run build\`.`);
      if (!entry.children?.length || built.hasAction)
        found.push({
          file: `app/${entry.file}`,
          path: `${fill(pattern || "/")}${entry.index ? "?index" : ""}`,
          owner: /^\/admin(\/|$)/.test(pattern),
          hasAction: built.hasAction,
        });
      walk(entry.children ?? [], pattern);
    }
  };
  walk(routeConfig as ConfigEntry[], "");
  return found;
}

/** The routes of app/routes.ts whose module has an action (an index route's without `?index`), and SERVER_POST_ROUTES. */
export async function postRoutes(): Promise<PostRoute[]> {
  const withAction = (await siteRoutes()).filter((r) => r.hasAction);
  return [
    ...withAction.map(({ file, path: url, owner }) => ({ file, path: url.replace(/\?index$/, ""), owner })),
    ...SERVER_POST_ROUTES,
  ];
}
