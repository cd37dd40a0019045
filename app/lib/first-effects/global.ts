/** The name a first-effect bundle gives its exports (an IIFE assigning it); the inline script calls its `install`. */
export const FIRST_EFFECT_GLOBAL = "__firstEffect";

/**
 * Whether the app has taken the page over (app/root.tsx marks the document once React has hydrated it):
 * from then on the app answers every change, and the page's first-effect scripts stand aside.
 */
export const appStarted = () => document.documentElement.dataset.hydrated === "true";
