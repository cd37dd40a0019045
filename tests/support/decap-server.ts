/**
 * The browser editor's local backend as `npm run cms` starts it (scripts/cms-backend.ts: decap-server behind
 * the guard that answers only this computer's own pages), serving a folder of its own: tests/e2e/cms.spec.ts
 * and the README's screenshot. Its files are written by the editor's saves.
 */
import type { ChildProcess } from "node:child_process";
import { startCmsBackend } from "../../scripts/cms-backend.ts";
import { exitOf, freePort, waitFor } from "./processes.ts";

export interface DecapServer {
  /** The API address the editor's config.yml names (local_backend.url). */
  url: string;
  origin: string;
  proc: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the guarded backend on a free port with GIT_REPO_DIRECTORY=repo (MODE fs: each save writes the
 * file), for the development site on `sitePort` (the only origin whose pages it answers).
 */
export async function startDecapServer(repo: string, sitePort: number): Promise<DecapServer> {
  let out = "";
  // The guard's lines (a refused or failed request: status, Host, Origin, error code) go to the test's output too.
  const log = (line: string) => {
    out += `${line}\n`;
    process.stderr.write(`${line}\n`);
  };
  const backend = await startCmsBackend({
    repo,
    port: await freePort(),
    sitePort,
    logLevel: "info",
    stdio: "pipe",
    log,
  });
  const proc = backend.decap;
  proc.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  proc.stderr!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const exited = exitOf(proc);
  try {
    await waitFor(
      "decap-server behind its guard",
      async () => {
        if (proc.exitCode !== null) throw new Error(`decap-server exited with ${proc.exitCode}:\n${out}`);
        const answer = await fetch(backend.url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ action: "info" }),
        }).catch(() => null);
        return answer?.ok === true;
      },
      15_000,
    );
  } catch (error) {
    await backend.stop();
    throw error;
  }
  return {
    url: backend.url,
    origin: backend.origin,
    proc,
    output: () => out,
    async stop() {
      await backend.stop();
      await exited;
    },
  };
}
