/** Where a page's social preview image lives (made by scripts/og-images.ts at build time). */
export const ogImagePath = (path: string) =>
  `/og/${path === "/" ? "home" : path.replace(/^\/+/, "").replaceAll("/", "--")}.png`;

export const OG_IMAGE = { width: 1200, height: 630 } as const;

/**
 * The site's icon as a PNG at a stable address (made by scripts/og-images.ts from app/assets/favicon.svg):
 * for search results (Google reads `apple-touch-icon`) and for a phone's home screen. Browsers show the
 * SVG written into every page.
 */
export const TOUCH_ICON = { path: "/apple-touch-icon.png", size: 180 } as const;
