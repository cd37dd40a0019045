/**
 * Images made by a post-build step (scripts/post-build.ts):
 * - social previews: one 1200×630 PNG per prerendered page from the page's own <title>, so the image always
 *   says what the page says. Written to build/client/og/, the path app/lib/seo.ts puts in og:image;
 * - the touch icon: the site's icon (app/assets/favicon.svg, the one every page carries inline) as a PNG on
 *   an opaque square, at the address app/lib/og.ts gives (search results and home screens).
 */
import { readFileSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import satori from "satori";
import { business } from "../app/content/business.ts";
import { prerenderedPages } from "../app/lib/build-files.server.ts";
import { ogImagePath, OG_IMAGE, TOUCH_ICON } from "../app/lib/og.ts";
import { buildCache, cacheKey } from "./build-cache.ts";

const require = createRequire(import.meta.url);
const font = (weight: number) =>
  readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`));
const fonts = [
  { name: "Inter", data: font(400), weight: 400 as const, style: "normal" as const },
  { name: "Inter", data: font(800), weight: 800 as const, style: "normal" as const },
];
const versionOf = (pkg: string) =>
  (JSON.parse(readFileSync(path.resolve("node_modules", pkg, "package.json"), "utf8")) as { version: string }).version;
/**
 * What an image depends on besides its card: the fonts, the drawing packages' versions, and a version to raise when
 * this file draws differently (the card itself is part of each key).
 */
const DRAWING = cacheKey("og-images 1", versionOf("satori"), versionOf("@resvg/resvg-js"), ...fonts.map((f) => f.data));

const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

/** An SVG drawn as a PNG of the given width. */
const toPng = (svg: string, width: number) =>
  new Resvg(svg, { fitTo: { mode: "width", value: width } }).render().asPng();

type Node = { type: string; props: Record<string, unknown> };
const h = (type: string, style: Record<string, unknown>, children?: unknown): Node => ({
  type,
  props: { style, children },
});

function card(title: string): Node {
  return h(
    "div",
    {
      width: OG_IMAGE.width - 144,
      height: OG_IMAGE.height - 144,
      display: "flex",
      flexDirection: "column",
      justifyContent: "space-between",
      padding: "72px",
      background: "linear-gradient(135deg, #052a40 0%, #0b5f8f 100%)",
      color: "white",
      fontFamily: "Inter",
    },
    [
      h(
        "div",
        { display: "flex", alignItems: "center", fontSize: 34, fontWeight: 800, color: "#f6b23c" },
        business.name,
      ),
      h(
        "div",
        { display: "flex", fontSize: title.length > 60 ? 60 : 72, fontWeight: 800, lineHeight: 1.1, letterSpacing: -1 },
        title,
      ),
      h(
        "div",
        { display: "flex", fontSize: 30, fontWeight: 800, color: "#d5e8f5" },
        `Boise & the Treasure Valley, Idaho · ${business.phone.display}`,
      ),
    ],
  );
}

/**
 * The social preview of every prerendered page, and the touch icon; says what it wrote. An image drawn before from
 * the same card (title, name, phone, layout) with the same fonts is taken from the build cache (./build-cache.ts).
 */
export async function writeOgImages(clientDir: string, cache = buildCache("og-images")): Promise<string> {
  let count = 0;
  let drawn = 0;
  for (const { route, file } of prerenderedPages(clientDir)) {
    const rawTitle = /<title>([^<]*)<\/title>/.exec(readFileSync(file, "utf8"))?.[1];
    if (!rawTitle) throw new Error(`${route}: no <title>`);
    const title = decode(rawTitle).replace(` | ${business.name}`, "");
    const node = card(title);
    const png = await cache.getOrMake(cacheKey(DRAWING, JSON.stringify([node, OG_IMAGE])), async () => {
      drawn++;
      return toPng(await satori(node as never, { ...OG_IMAGE, fonts }), OG_IMAGE.width);
    });
    const out = path.join(clientDir, ogImagePath(route));
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, png);
    count++;
  }

  // The icon's drawing on white with a margin (home screens fill transparency with black, and crop corners).
  const icon = readFileSync(path.resolve("app/assets/favicon.svg"), "utf8");
  const drawing = /<svg[^>]*viewBox="0 0 (\d+) (\d+)"[^>]*>([\s\S]*)<\/svg>/.exec(icon);
  if (!drawing) throw new Error('app/assets/favicon.svg: expected <svg viewBox="0 0 w h">…</svg>');
  const [, width, height, body] = drawing;
  const side = Math.max(Number(width), Number(height)) * 1.25;
  const square = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}"><rect width="${side}" height="${side}" fill="#ffffff"/><g transform="translate(${(side - Number(width)) / 2} ${(side - Number(height)) / 2})">${body}</g></svg>`;
  writeFileSync(path.join(clientDir, TOUCH_ICON.path), toPng(square, TOUCH_ICON.size));
  return `og-images: wrote ${count} preview images (${count - drawn} from the cache) to build/client/og/ and the touch icon to build/client${TOUCH_ICON.path}`;
}

if (import.meta.main) console.log(await writeOgImages(path.resolve("build/client")));
