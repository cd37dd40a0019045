/**
 * A first-effect script loaded as a file of its own (app/lib/first-effects/vite-plugin.ts, EXTERNAL): `defer`,
 * so it neither holds the first paint nor waits for the app, with the page's data for its `install` as JSON in
 * `data-install`. Only the server writes it (the browser's build has no address for it): the browser has run
 * it long before hydration. The site's CSP allows its own scripts ('self').
 */
export function DeferredScript({ src, data }: { src: string; data?: unknown }) {
  if (!src) return null;
  return <script defer src={src} data-install={JSON.stringify(data ?? null)} suppressHydrationWarning />;
}
