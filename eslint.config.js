import js from "@eslint/js";
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
  // Playwright fixtures call their callback `use`, which is not React's hook.
  { files: ["tests/**/*.ts"], rules: { "react-hooks/rules-of-hooks": "off" } },
);
