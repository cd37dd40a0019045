/**
 * decap-server (the browser editor's local backend, `npm run cms`) as a real process on loopback, serving a
 * folder of its own: tests/e2e/cms.spec.ts and the README's screenshot. Its files are written by the editor's saves.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { exitOf, freePort, ROOT, waitFor } from "./processes.ts";

export interface DecapServer {
  /** The API address the editor's config.yml names (local_backend.url). */
  url: string;
  origin: string;
  proc: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Starts decap-server on a free port with GIT_REPO_DIRECTORY=repo (MODE fs: each save writes the file). */
export async function startDecapServer(repo: string): Promise<DecapServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const url = `${origin}/api/v1`;
  const proc = spawn(process.execPath, [path.join(ROOT, "node_modules/decap-server/dist/index.js")], {
    cwd: repo,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      BIND_HOST: "127.0.0.1",
      GIT_REPO_DIRECTORY: repo,
      MODE: "fs",
      LOG_LEVEL: "info",
    },
  });
  let out = "";
  proc.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  proc.stderr!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const exited = exitOf(proc);
  await waitFor(
    "decap-server",
    async () => {
      if (proc.exitCode !== null) throw new Error(`decap-server exited with ${proc.exitCode}:\n${out}`);
      const answer = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ action: "info" }),
      }).catch(() => null);
      return answer?.ok === true;
    },
    15_000,
  );
  return {
    url,
    origin,
    proc,
    output: () => out,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGTERM");
      await exited;
    },
  };
}
