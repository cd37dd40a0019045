/**
 * The first-effect scripts' sources, for the server to write into pages (app/components/inline-script.tsx).
 * In the browser's build they are "" and the bundles are left out (the page has run them long before).
 */
import afterPaint from "virtual:first-effect/after-paint";
import pricing from "virtual:first-effect/pricing";
import validate from "virtual:first-effect/validate";
import zip from "virtual:first-effect/zip";

export const zipEffectsSource = import.meta.env.SSR ? zip : "";
/** The address of the form-validation script (a file of its own: see vite-plugin.ts, EXTERNAL). */
export const validateEffectsUrl = import.meta.env.SSR ? validate : "";
export const pricingEffectsSource = import.meta.env.SSR ? pricing : "";
/** The loader of the files of their own, just after the first paint (./after-paint.ts). */
export const afterPaintEffectsSource = import.meta.env.SSR ? afterPaint : "";
