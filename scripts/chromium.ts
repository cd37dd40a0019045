import { existsSync } from "node:fs";

/** The system Chromium the browser tests and the benchmark drive (a test tool's own download is not used). */
export function findChromium(): string | undefined {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
  ];
  return candidates.find((c): c is string => Boolean(c && existsSync(c)));
}

/** Flags for a headless Chromium on a closed network. */
export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
