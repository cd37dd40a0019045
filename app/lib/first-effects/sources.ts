/**
 * The first-effect scripts' sources, for the server to write into pages (app/components/inline-script.tsx).
 * In the browser's build they are "" and the bundles are left out (the page has run them long before).
 */
import pricing from "virtual:first-effect/pricing";
import validate from "virtual:first-effect/validate";
import page from "virtual:first-effect/page";

/** Every page's: the ZIP answer and the field-message file's loader (./page.ts). */
export const pageEffectsSource = import.meta.env.SSR ? page : "";
/** The address of the form-validation script (a file of its own: see vite-plugin.ts, EXTERNAL). */
export const validateEffectsUrl = import.meta.env.SSR ? validate : "";
export const pricingEffectsSource = import.meta.env.SSR ? pricing : "";
