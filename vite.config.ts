import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { business } from "./app/content/business.ts";

// The canonical origin is fixed at build time (decisions.md §2): SITE_URL overrides the default.
const siteUrl = (process.env.SITE_URL || business.origin).replace(/\/+$/, "");

export default defineConfig({
  define: { __SITE_URL__: JSON.stringify(siteUrl) },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
  // The server bundle is minified too: the page's early script is written into every page from it
  // (app/lib/early-script.ts, with toString()), and it is about a third the size minified.
  environments: { ssr: { build: { minify: true } } },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React, React DOM and React Router are loaded by every page: one chunk, one request, and
          // about 3 KB less gzip than the four chunks they would otherwise be split into
          // (docs/decisions/005-loading-strategy.md).
          groups: [{ name: "framework", test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
});
