/**
 * `npm run test:changed`: the inner loop. The tests of what changed since the branch left main (committed or
 * not, new files included), not the whole of `npm test`:
 * 1. the unit tests Vitest relates to the changed files (`vitest related`: a changed test file, and every test
 *    file that imports a changed module, however indirectly);
 * 2. the end-to-end specs that import a changed file, however indirectly, through the imports of tests/ and
 *    app/ (a changed spec, a changed helper of tests/e2e or tests/support, an app module a spec imports); with
 *    the production build made first when one runs. A change to what a page shows reaches no spec by imports:
 *    name the spec (`npm run test:changed -- forms`) or run `npm test`.
 * `-- --base <ref>` compares with another commit than main; `-- --list` only says what would run.
 * Typecheck and lint are not run: the editor shows both, and `npm test` runs them first.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

const ROOT = path.resolve(import.meta.dirname, "..");
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { base: { type: "string", default: "main" }, list: { type: "boolean", default: false } },
});

const git = (...args: string[]) =>
  execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).split("\n").filter(Boolean);

/** Every file that differs from where this branch left `base`: commits, the working tree, new files. */
export function changedFiles(base: string): string[] {
  const since = git("merge-base", "HEAD", base)[0]!;
  const files = [...git("diff", "--name-only", since), ...git("ls-files", "--others", "--exclude-standard")];
  return [...new Set(files)].filter((file) => existsSync(path.join(ROOT, file))).sort();
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^;]*?from\s+["'](\.{1,2}\/[^"']+)["']|import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

/** The project files `file` imports by relative path (how this project imports: decision 026). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  return [...text.matchAll(IMPORT)]
    .map((m) => path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), (m[1] ?? m[2])!)))
    .filter((target) => existsSync(path.join(ROOT, target)));
}

/** The specs of tests/e2e that import one of `changed`, directly or through other files. */
export function specsReaching(changed: string[], specs: string[]): string[] {
  const wanted = new Set(changed);
  const memo = new Map<string, boolean>();
  const reaches = (file: string, seen: Set<string>): boolean => {
    if (wanted.has(file)) return true;
    const known = memo.get(file);
    if (known !== undefined) return known;
    if (seen.has(file)) return false;
    seen.add(file);
    const result = importsOf(file).some((target) => reaches(target, seen));
    memo.set(file, result);
    return result;
  };
  return specs.filter((spec) => reaches(spec, new Set()));
}

if (import.meta.main) {
  const changed = changedFiles(values.base);
  const specs = git("ls-files", "tests/e2e/*.spec.ts");
  const named = specs.filter((spec) => positionals.some((name) => path.basename(spec).includes(name)));
  const e2e = [...new Set([...specsReaching(changed, specs), ...named])].sort();
  // Vitest's files and what they import (tests/support among them); the browser suites are Playwright's.
  const code = changed.filter((file) => /\.(ts|tsx)$/.test(file) && !/^tests\/(e2e|engines)\//.test(file));

  console.log(`${changed.length} files changed since ${values.base}.`);
  console.log(`Unit tests: those related to ${code.length} changed code files.`);
  console.log(`End-to-end specs: ${e2e.length ? e2e.map((s) => path.basename(s)).join(", ") : "none"}.`);
  if (values.list) process.exit(0);

  const run = (command: string, args: string[]) => {
    console.log(`\n▶ ${command} ${args.join(" ")}`);
    const { status } = spawnSync(command, args, { cwd: ROOT, stdio: "inherit" });
    if (status !== 0) process.exit(status ?? 1);
  };
  if (code.length) run("npx", ["vitest", "related", "--run", "--passWithNoTests", ...code]);
  if (e2e.length) {
    run("npm", ["run", "build"]);
    run("npx", ["playwright", "test", ...e2e]);
  }
}
