import { existsSync, readdirSync } from "node:fs";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// One import style: relative specifiers with the file's extension, as plain
// Node 24 needs for app/server/** and scripts/**. No `~/` alias, no extensionless paths; React Router's
// generated `./+types/<route>` modules are the one exception.
const badSpecifier = String.raw`^(~/|\.{1,2}$|\.{1,2}/(?!\+types/)(?!.*\.(tsx?|css|json|md|svg|png|jpe?g|webp|woff2?)(\?\w+)?$))`;
const selectorRegex = badSpecifier.replaceAll("/", String.raw`\x2F`);
const importStyle =
  'Import with a relative path and the file\'s extension ("../lib/paths.ts", "./icon.tsx"): no "~/" alias, no extensionless path.';

// The server's layers (docs/decisions/026-server-layers.md), each depending only on those below it:
// app/server/kit (database, settings, keys, the signer, business time...) < app/server/notify (the outbox worker,
// the transports, the customer e-mail layout) < app/server/features/* (each on its own: no feature imports another)
// < app/server/*.ts (app.server.ts and the web server around it, which wire the features together) < app/routes.
// A folder put straight under app/server counts as a feature too, so it must find its place to import anything.
const dirs = (dir) =>
  (existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : [])
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const layerDirs = ["kit", "notify", "features"];
const features = [
  ...dirs("app/server/features").map((name) => `app/server/features/${name}`),
  ...dirs("app/server")
    .filter((name) => !layerDirs.includes(name))
    .map((name) => `app/server/${name}`),
];
const above = (layer) => [
  { target: layer, from: "app/server/*.ts", message: "Only app.server.ts and the web server import the features." },
];
const layerZones = [
  { target: "app/server", from: "app/routes", message: "app/server never imports a route module." },
  ...above("app/server/kit"),
  { target: "app/server/kit", from: "app/server/notify", message: "The kit imports nothing above it." },
  ...features.map((feature) => ({
    target: "app/server/kit",
    from: feature,
    message: "The kit imports nothing above it.",
  })),
  ...above("app/server/notify"),
  ...features.map((feature) => ({
    target: "app/server/notify",
    from: feature,
    message: "The notification layer imports only the kit.",
  })),
  ...features.flatMap((feature) => [
    ...above(feature),
    ...features
      .filter((other) => other !== feature)
      .map((other) => ({
        target: feature,
        from: other,
        message:
          "A feature imports only the kit and the notification layer; app.server.ts or the route module hands it another feature's work.",
      })),
  ]),
];

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "bench/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "off",
      "no-restricted-imports": ["error", { patterns: [{ regex: badSpecifier, message: importStyle }] }],
      // Dynamic import() and TypeScript's import("…") types, which no-restricted-imports does not see
      // (a selector's /regex/ may hold no slash, hence \x2F).
      "no-restricted-syntax": [
        "error",
        { selector: `ImportExpression > Literal.source[value=/${selectorRegex}/]`, message: importStyle },
        { selector: `TSImportType Literal[value=/${selectorRegex}/]`, message: importStyle },
      ],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["app/server/**/*.ts"],
    ignores: ["**/*.test.ts"],
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })] },
    rules: { "import-x/no-restricted-paths": ["error", { zones: layerZones }] },
  },
  // No import circle in app/ (a module that imports, through others, itself works only while every import back is
  // read inside a function). Type-only imports are erased and do not count; node_modules is not followed.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })],
      "import-x/extensions": [".ts", ".tsx", ".js"],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  // Zod only through app/lib/zod.ts, which keeps it from probing for eval under the site's CSP.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "app/lib/zod.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "zod",
              allowTypeImports: true,
              message: "Import z from app/lib/zod.ts: it sets Zod jitless, so no parse probes for eval under the CSP.",
            },
          ],
        },
      ],
    },
  },
  // Playwright fixtures call their callback `use`, which is not React's hook.
  { files: ["tests/**/*.ts"], rules: { "react-hooks/rules-of-hooks": "off" } },
);
