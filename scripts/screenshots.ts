/**
 * Screenshots of pages at 390×844 and 1440×900, for looking at what was built:
 *   node scripts/screenshots.ts http://localhost:3000 / /about …   → screenshots/*.png
 */
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { chromiumArgs, findChromium } from "./chromium.ts";

const [base = "http://localhost:3000", ...paths] = process.argv.slice(2);
const full = process.env.FULL !== "0";
mkdirSync("screenshots", { recursive: true });
const browser = await chromium.launch({
  executablePath: findChromium(),
  args: chromiumArgs.filter((a) => a !== "--headless"),
});
for (const [name, viewport] of [
  ["390", { width: 390, height: 844 }],
  ["1440", { width: 1440, height: 900 }],
] as const) {
  const context = await browser.newContext({ viewport, isMobile: name === "390", bypassCSP: true });
  await context.route(
    (url) => !url.href.startsWith(base),
    (route) => route.abort(),
  );
  const page = await context.newPage();
  for (const path of paths.length ? paths : ["/"]) {
    await page.goto(base + path);
    // Sections off screen are rendered only near the viewport (content-visibility, app/app.css): a
    // full-page screenshot would show them empty, so they are all rendered here.
    if (full) await page.addStyleTag({ content: ".render-near-view { content-visibility: visible; }" });
    const file = `screenshots/${name}${path === "/" ? "-home" : path.replaceAll("/", "-")}.png`;
    await page.screenshot({ path: file, fullPage: full });
    console.log(file);
  }
  await context.close();
}
await browser.close();
