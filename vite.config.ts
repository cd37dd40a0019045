import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, normalizePath } from "vite";
import { business } from "./app/content/business.ts";
import { contentModules } from "./app/content/build-time/vite-plugin.server.ts";
import { DEFAULT_DATA_DIR } from "./app/server/kit/env.server.ts";
import { firstEffectScripts } from "./app/lib/first-effects/vite-plugin.ts";

// The canonical origin is fixed at build time: SITE_URL overrides the default (app/content/business.ts).
const siteUrl = (process.env.SITE_URL || business.origin).replace(/\/+$/, "");

// The development server's data folder (the database, written e-mails): never served, wherever it is.
const dataDir = normalizePath(path.resolve(process.env.DATA_DIR || DEFAULT_DATA_DIR));

export default defineConfig({
  define: { __SITE_URL__: JSON.stringify(siteUrl) },
  // The development server (`npm run dev`, in middleware mode behind server.ts) serves the files a page needs
  // and nothing else (docs/decisions/021-private-dev-tools.md).
  server: {
    // Names the development server answers to besides localhost, 127.0.0.1 and [::1] on its port and
    // SITE_URL's host (app/server/kit/dev-hosts.server.ts checks every request against them), e.g. ["my-laptop.local"].
    allowedHosts: [],
    fs: {
      strict: true,
      // The code and content of the pages, their packages; not the project's other files (scripts, deploy,
      // package.json, the data folder).
      allow: ["app", "content", "node_modules"],
      // Refused even inside those: Vite's own list (keys, .env files, .git) and anything of a database.
      deny: [
        ".env",
        ".env.*",
        "*.{crt,pem,key,p12,pfx,cer,der}",
        ".npmrc",
        ".yarnrc.yml",
        "**/.git/**",
        "*.{sqlite,sqlite3,db}",
        "*.{sqlite,sqlite3,db}-{wal,shm,journal}",
        dataDir,
        `${dataDir}/**`,
      ],
    },
  },
  plugins: [contentModules(), firstEffectScripts(), tailwindcss(), reactRouter()],
  environments: {
    ssr: {
      build: {
        // The server bundle is built from the site's request handler (app/server/app.server.ts), which serves
        // React Router's build and re-exports it, as in React Router's node-custom-server template.
        rolldownOptions: { input: "./app/server/app.server.ts" },
        // Minified too: the page's early script is written into every page from it (app/lib/early-script.ts,
        // with toString()), and it is about a third the size minified.
        minify: true,
      },
    },
  },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React, React DOM and React Router are loaded by every page, as three chunks (not one, not the
          // many they would otherwise be split into): the app's start evaluates one module per task
          // (app/lib/early-script.ts), and one framework chunk alone was a main-thread task of ~90 ms on
          // a throttled phone (docs/decisions/006-native-controls.md).
          groups: [
            { name: "react", test: /[\\/]node_modules[\\/](react|scheduler)[\\/]/ },
            { name: "react-dom", test: /[\\/]node_modules[\\/]react-dom[\\/]/ },
            { name: "react-router", test: /[\\/]node_modules[\\/]react-router[\\/]/ },
          ],
        },
      },
    },
  },
});
