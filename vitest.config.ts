import { availableParallelism } from "node:os";
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
    // Vitest's default is one worker fewer than the cores: one on two cores, where a run kept that core half busy
    // (98 s of CPU in 241 s): the storage, outbox and export tests wait on PostgreSQL, SQLite's disk, LibreOffice
    // and timers. Two per core, at most 4 (each storage test may hold 10 PostgreSQL connections of the 100 a
    // default server allows); `--maxWorkers` sets another number.
    maxWorkers: Math.min(4, availableParallelism() * 2),
  },
});
