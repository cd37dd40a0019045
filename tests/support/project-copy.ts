/**
 * A copy of the project in a temporary folder, for tests that change it and see what follows (the content a
 * test adds, the unit tests and the build run there, the built copy served): the files git knows (tracked,
 * and new files not ignored), with node_modules linked to this project's. The working tree is copied as it
 * is, so an uncommitted change is in the copy too.
 */
import { execFileSync, spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { ROOT, type ServerHandle, startSite } from "./processes.ts";

export interface RunResult {
  code: number | null;
  /** stdout and stderr, interleaved as they came. */
  output: string;
}

export interface ProjectCopy {
  dir: string;
  read(file: string): string;
  /** Writes a file (text or bytes), making its folders. */
  write(file: string, data: string | Uint8Array): void;
  /** Rewrites a file with `change`, which must change it (an edit that matches nothing is a broken test). */
  edit(file: string, change: (text: string) => string): void;
  /** Runs a command in the copy (npx, npm, node from this project's node_modules/.bin first on PATH). */
  run(
    command: string,
    args: string[],
    options?: { env?: Record<string, string>; timeoutMs?: number },
  ): Promise<RunResult>;
  /** Like run, but throws with the command's output when it fails. */
  runOk(
    command: string,
    args: string[],
    options?: { env?: Record<string, string>; timeoutMs?: number },
  ): Promise<string>;
  /** Serves the copy's build (run `npm run build` first) with the copy's own server.ts on a free loopback port (startSite). */
  serve(env?: Record<string, string>): Promise<ServerHandle & { dataDir: string }>;
  /** Stops the copy's servers and deletes the copy. */
  remove(): Promise<void>;
}

/** Settings of the test run that must not leak into the copy's commands (its own ports, folders, content). */
const LEAKING = [
  "CONTENT_DIR",
  "PORT",
  "E2E_PORT",
  "E2E_DATA_DIR",
  "DATA_DIR",
  "NODE_ENV",
  "SITE_URL",
  "TEST_WORKER_INDEX",
  "TEST_PARALLEL_INDEX",
  "VITEST",
  "VITEST_MODE",
];

function cleanEnv(dir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [...LEAKING, "FORCE_COLOR"]) delete env[name];
  for (const name of Object.keys(env)) if (name.startsWith("PW_") || name.startsWith("PLAYWRIGHT_")) delete env[name];
  return {
    ...env,
    PATH: `${path.join(dir, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}`,
    NO_COLOR: "1",
    CI: "true",
    ...extra,
  };
}

/** The project's files as git lists them: tracked and untracked-but-not-ignored, those still on disk. */
function projectFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  // node_modules is linked, not copied (a node_modules that is itself a link escapes .gitignore's "node_modules/").
  return [...new Set(listed.split("\0").filter(Boolean))].filter(
    (file) => file.split("/")[0] !== "node_modules" && existsSync(path.join(ROOT, file)),
  );
}

/** `parent`: the folder the copy is made in (default: the system's temporary folder), e.g. a test run's data folder. */
export function copyProject(prefix = "gs-copy", { parent = tmpdir() }: { parent?: string } = {}): ProjectCopy {
  const dir = mkdtempSync(path.join(parent, `${prefix}-`));
  try {
    for (const file of projectFiles()) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      const source = path.join(ROOT, file);
      // A link stays a link (git records links, not what they point to).
      if (lstatSync(source).isSymbolicLink()) symlinkSync(readlinkSync(source), path.join(dir, file));
      else cpSync(source, path.join(dir, file));
    }
  } catch (err) {
    // A copy that failed half way is not left behind.
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  const servers: (ServerHandle & { dataDir: string })[] = [];

  const run: ProjectCopy["run"] = (command, args, { env, timeoutMs = 10 * 60_000 } = {}) =>
    new Promise((resolve, reject) => {
      const child = spawn(command, args, { cwd: dir, env: cleanEnv(dir, env), stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
      child.once("error", (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.once("close", (code, signal) => {
        clearTimeout(timer);
        // Plain text, whatever a tool thinks of colours.
        const text = stripVTControlCharacters(output);
        resolve({
          code: signal ? null : code,
          output: signal ? `${text}\n(${command} stopped by ${signal} after ${timeoutMs} ms or a kill)` : text,
        });
      });
    });

  return {
    dir,
    read: (file) => readFileSync(path.join(dir, file), "utf8"),
    write(file, data) {
      const full = path.resolve(dir, file);
      if (!full.startsWith(`${dir}${path.sep}`)) throw new Error(`${file} is outside the copy`);
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, data);
    },
    edit(file, change) {
      const before = readFileSync(path.join(dir, file), "utf8");
      const after = change(before);
      if (after === before) throw new Error(`the edit of ${file} changed nothing`);
      writeFileSync(path.join(dir, file), after);
    },
    run,
    async runOk(command, args, options) {
      const { code, output } = await run(command, args, options);
      if (code !== 0)
        throw new Error(`\`${command} ${args.join(" ")}\` in the copy exited with ${code}:\n${output.slice(-6000)}`);
      return output;
    },
    async serve(env = {}) {
      const handle = await startSite(
        { SITE_URL: siteUrlOf(dir), ...env },
        { cwd: dir, script: path.join(dir, "server.ts") },
      );
      servers.push(handle);
      return handle;
    },
    async remove() {
      for (const server of servers) {
        await server.kill9();
        rmSync(path.dirname(server.dataDir), { recursive: true, force: true });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The SITE_URL the copy was built for (build/site.json): the server refuses any other. */
const siteUrlOf = (dir: string) =>
  (JSON.parse(readFileSync(path.join(dir, "build", "site.json"), "utf8")) as { siteUrl: string }).siteUrl;
