import { defineConfig } from "vitest/config";

// Unit and component tests live beside the code. The React Router plugin is not loaded here: tests
// import modules directly. End-to-end tests are in tests/e2e and run with Playwright.
export default defineConfig({
  define: { __SITE_URL__: JSON.stringify("https://www.gemstateexteriorcleaning.com") },
  plugins: [
    {
      // The page's first-effect scripts (app/lib/first-effects/vite-plugin.ts) are bundles the server writes into
      // pages; a unit test that imports a route module gets "" for each, as the browser's build does.
      name: "first-effect-scripts-in-unit-tests",
      resolveId: (id) => (id.startsWith("virtual:first-effect/") ? `\0${id}` : null),
      load: (id) => (id.startsWith("\0virtual:first-effect/") ? 'export default "";' : null),
    },
  ],
  test: {
    include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    // Component tests say `// @vitest-environment happy-dom` at their top (React Router's createRoutesStub, Testing Library).
    environment: "node",
    // The run's migrated storage templates, copied for each storage test (tests/support/storage.ts).
    globalSetup: ["tests/support/storage-templates.ts"],
    testTimeout: 30_000,
  },
});
