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
});
