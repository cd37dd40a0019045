/** Where a page's social preview image lives (made by scripts/og-images.ts at build time). */
export const ogImagePath = (path: string) => `/og/${path === "/" ? "home" : path.replace(/^\/+/, "").replaceAll("/", "--")}.png`;

export const OG_IMAGE = { width: 1200, height: 630 } as const;
