/**
 * systemd's socket activation in miniature, for tests/e2e/caddy.spec.ts (deploy/gemstate.socket + gemstate.service
 * with Restart=always): holds a listening socket on 127.0.0.1:<port> and runs the command with it as fd 3
 * (LISTEN_FDS=1, LISTEN_PID = the command's pid), again each time it exits, until <dir>/stop exists.
 * Each run's pid is written to <dir>/pid, its exit code appended to <dir>/exits, its output to <dir>/server.log.
 *   node tests/support/socket-holder.ts <port> <dir> <command> [args…]
 * The holder never accepts a connection itself: its event loop is blocked in spawnSync while a command runs.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync, closeSync, existsSync, openSync } from "node:fs";
import net from "node:net";
import path from "node:path";

const [port, dir, ...command] = process.argv.slice(2);
const listener = net.createServer();
listener.listen({ port: Number(port), host: "127.0.0.1", backlog: 1024 }, () => {
  const fd = (listener as unknown as { _handle: { fd: number } })._handle.fd;
  const log = openSync(path.join(dir!, "server.log"), "a");
  while (!existsSync(path.join(dir!, "stop"))) {
    // `exec` keeps the shell's pid, so $$ is the command's pid, as systemd sets LISTEN_PID.
    const run = spawnSync("sh", ["-c", 'echo $$ > "$0/pid"; LISTEN_PID=$$ exec "$@"', dir!, ...command], {
      stdio: ["ignore", log, log, fd],
      env: { ...process.env, LISTEN_FDS: "1" },
    });
    appendFileSync(path.join(dir!, "exits"), `${run.status ?? run.signal}\n`);
  }
  closeSync(log);
  process.exit(0);
});
