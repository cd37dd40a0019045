import { defineConfig } from "vitest/config";

// Unit and component tests live beside the code. The React Router plugin is not loaded here: tests
// import modules directly. End-to-end tests are in tests/e2e and run with Playwright.
export default defineConfig({
  define: { __SITE_URL__: JSON.stringify("https://www.gemstateexteriorcleaning.com") },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    // Component tests say `// @vitest-environment happy-dom` at their top (React Router's createRoutesStub, Testing Library).
    environment: "node",
    testTimeout: 30_000,
  },
});
