/** Starting the load process (child.ts) from the benchmark and steering a submit loop in it. */
import { fork } from "node:child_process";
import path from "node:path";
import { ROOT, type ServerHandle } from "../../tests/support/processes.ts";
import type { ChildMessage, ChildTask, ParentMessage, SubmitRecord } from "./child.ts";
import { onCleanup } from "./cleanup.ts";

/** The load generator runs as its own process: this benchmark's SMTP sink and checks do not slow it down, nor it them. */
const CHILD = path.join(import.meta.dirname, "child.ts");

interface LoadProcess<R> {
  result: Promise<R>;
  /** Resolves at a submit loop's first confirmed request. */
  /** Asks a submit loop to finish its requests in flight and report. */
  stop(): void;
  /** Holds a submit loop: resolves once no request is in flight; resume() lets it go on. */
  pause(): Promise<void>;
  resume(): void;
}

export function startLoad<R>(task: ChildTask): LoadProcess<R> {
  const child = fork(CHILD, [], { cwd: ROOT, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  onCleanup(() => void child.kill("SIGKILL"));
  const waiting = { paused: () => {} };
  const result = new Promise<R>((resolve, reject) => {
    child.on("message", (message: ChildMessage) => {
      if (message.kind === "result") resolve(message.result as R);
      else waiting.paused();
    });
    child.once("exit", (code) => reject(new Error(`the load process exited with ${code} before reporting`)));
  });
  const send = (message: ParentMessage) => void (child.connected && child.send(message));
  child.send(task);
  return {
    result,
    stop: () => send({ kind: "stop" }),
    pause: () => new Promise<void>((resolve) => ((waiting.paused = resolve), send({ kind: "pause" }))),
    resume: () => send({ kind: "resume" }),
  };
}

/** A submit loop in the load process with the usual settings. */
export function submitLoop(server: ServerHandle, tag: string, concurrency: number, count?: number) {
  return startLoad<{ records: SubmitRecord[] }>({
    kind: "submit-loop",
    url: `${server.origin}/estimate`,
    origin: server.origin,
    concurrency,
    tag,
    count,
    timeoutMs: 30_000,
  });
}

/** How many answers of each status (0: no answer, by its error). */
export const statusCounts = (records: SubmitRecord[]) =>
  records.reduce<Record<string, number>>((acc, r) => {
    const key = r.status === 0 ? `no answer (${r.error})` : String(r.status);
    acc[key] = (acc[key] ?? 0) + 1;
    return acc;
  }, {});
