/**
 * `npm start`: builds, serves, and finishes the build while the server already answers. The build leaves the
 * social images and the brotli and gzip copies for later (BUILD_FINISH_LATER=1, ./post-build.ts): on a fresh
 * install, with the build cache empty, they are about half the build's time. The server (`node server.ts
 * --quick-start`, as `npm run serve`) starts at once; when it listens, they are made by a process of lower
 * priority, and the server then reads the pages' compressed copies (reloadBuildFiles, app/server/app.server.ts).
 * Until then pages are sent uncompressed or compressed as they go out, and a page's social image is missing:
 * after it, the site is what `npm run build && npm run serve` serves. Production builds the whole build first.
 */
import { fork, spawnSync } from "node:child_process";
import { setPriority } from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

const build = spawnSync("npx", ["react-router", "build"], {
  cwd: ROOT,
  stdio: "inherit",
  env: { ...process.env, BUILD_FINISH_LATER: "1" },
});
if (build.status !== 0) process.exit(build.status ?? 1);

const server = fork(path.join(ROOT, "server.ts"), ["--quick-start", ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: "inherit",
});
let finish: ReturnType<typeof fork> | undefined;
server.once("exit", (code, signal) => {
  finish?.kill();
  process.exit(code ?? (signal ? 1 : 0));
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));

server.once("message", (message) => {
  if (message !== "listening") return;
  finish = fork(path.join(ROOT, "scripts/post-build.ts"), ["--finish"], { cwd: ROOT, stdio: "inherit" });
  try {
    // Below the server's priority, so that a visitor's first pages are not slowed by the compression.
    if (finish.pid) setPriority(finish.pid, 10);
  } catch {
    // Not allowed here: at the same priority, then.
  }
  finish.once("exit", (code) => {
    if (code === 0 && server.connected) server.send("build finished");
    else if (code !== 0)
      console.error(
        "Making the social images and compressed copies failed (above); the site is served without them. `npm run build` says more.",
      );
  });
});
