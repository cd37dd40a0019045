import { chromium } from "@playwright/test";
import { findChromium, chromiumArgs } from "./scripts/chromium.ts";
const base = process.argv[2]!;
const block = process.argv[3] === "block";
const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
if (block) await page.route((u) => u.pathname.startsWith("/assets/first-effect-"), (r) => r.abort());
await page.goto(base + "/contact");
await page.locator("body").click({ position: { x: 5, y: 300 } });
await page.waitForSelector('html[data-hydrated="true"]');
await page.evaluate(() => {
  (window as any).log = [];
  for (const t of ["focusin", "focusout"]) document.addEventListener(t, (e: any) => (window as any).log.push(`${t} ${e.target.tagName}#${e.target.id} rel=${e.relatedTarget?.tagName ?? "-"}#${e.relatedTarget?.id ?? ""}`), true);
});
const desc = () => page.evaluate(() => { const e = document.activeElement as HTMLElement; return `${e.tagName}#${e.id}`; });
for (let i = 0; i < 45; i++) await page.keyboard.press("Tab");
console.log("at", await desc());
await page.evaluate(() => ((window as any).log = []));
for (let i = 0; i < 30; i++) { await page.keyboard.press("Shift+Tab"); const d = await desc(); if (d.startsWith("BODY")) { console.log("BODY after", i); break; } }
console.log((await page.evaluate(() => (window as any).log)).slice(-8).join("\n"));
console.log(await page.evaluate(() => { const f = document.getElementById("sidebar-estimate-form"); return f?.outerHTML.slice(0, 600); }));
await browser.close();
