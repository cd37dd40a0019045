/** A first-effect script, bundled for inlining (app/lib/first-effects/vite-plugin.ts): its source, "" in the browser's build. */
declare module "virtual:first-effect/*" {
  const source: string;
  export default source;
}
