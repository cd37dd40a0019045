/**
 * A copy of the project in a temporary folder, for the tests that change its content and build it:
 * the git-tracked files as they are in the working tree (uncommitted edits included), with node_modules
 * as a symbolic link to the project's. A test writes files into it, runs the build there and serves it.
 *
 *   const copy = makeSiteCopy();
 *   copy.write("content/gallery/eagle-driveway.yaml", "title: …");
 *   await copy.run("npm", ["run", "build"]);
 *   const site = await copy.serve();           // node server.ts in the copy, on a free loopback port
 *   … fetch(`${site.origin}/gallery`) …
 *   await site.stop(); copy.remove();
 */
import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, ROOT, type ServerHandle, startServer } from "./processes.ts";

export interface SiteCopy {
  /** The copy's root folder. */
  dir: string;
  /** Writes a file (text or bytes) at `relativePath` in the copy, making its folders. */
  write(relativePath: string, data: string | Uint8Array): void;
  /** Deletes a file or folder of the copy. */
  remove(relativePath?: string): void;
  /** Runs a command in the copy; rejects with its output when it fails. Resolves with stdout and stderr together. */
  run(command: string, args: string[], options?: { env?: Record<string, string>; timeoutMs?: number }): Promise<string>;
  /** Starts the copy's own server.ts on a free loopback port with its build (production, files for e-mail). */
  serve(env?: Record<string, string>): Promise<ServerHandle & { dataDir: string }>;
}

/** `parent`: the folder the copy is made in (default: the system's temporary folder), e.g. a test run's data folder. */
export function makeSiteCopy({ parent = tmpdir() }: { parent?: string } = {}): SiteCopy {
  const dir = mkdtempSync(path.join(parent, "gs-copy-"));
  const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" }).split("\0").filter(Boolean);
  for (const file of tracked) {
    const from = path.join(ROOT, file);
    // A file deleted in the working tree but not yet in git is left out, as the build would see it.
    if (!existsSync(from)) continue;
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    copyFileSync(from, path.join(dir, file));
  }
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");

  const inside = (relativePath: string) => {
    const full = path.resolve(dir, relativePath);
    if (!full.startsWith(`${dir}${path.sep}`)) throw new Error(`${relativePath} is outside the copy`);
    return full;
  };

  return {
    dir,
    write(relativePath, data) {
      const full = inside(relativePath);
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, data);
    },
    remove(relativePath) {
      rmSync(relativePath === undefined ? dir : inside(relativePath), { recursive: true, force: true });
    },
    run(command, args, { env = {}, timeoutMs = 300_000 } = {}) {
      return new Promise((resolve, reject) => {
        // The project's Node (v24) first on the PATH, as `npm run` gives its scripts.
        const binPath = `${path.join(dir, "node_modules/.bin")}${path.delimiter}${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`;
        const child = spawn(command, args, { cwd: dir, env: { ...process.env, PATH: binPath, ...env }, stdio: ["ignore", "pipe", "pipe"] });
        let output = "";
        child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
        const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
        child.once("error", reject);
        child.once("close", (code, signal) => {
          clearTimeout(timer);
          if (code === 0) resolve(output);
          else reject(new Error(`${command} ${args.join(" ")} in the site copy ${signal ? `was killed (${signal})` : `exited with ${code}`}:\n${output.slice(-4000)}`));
        });
      });
    },
    async serve(env = {}) {
      const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "gs-copy-site-")), "data");
      const handle = await startServer({ port: await freePort(), dataDir, cwd: dir, script: path.join(dir, "server.ts"), env: { MAIL_TRANSPORT: "files", ...env } });
      return { ...handle, dataDir };
    },
  };
}
