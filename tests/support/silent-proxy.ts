/**
 * A TCP proxy on loopback that can be told to go silent: connections stay open and are accepted, but
 * nothing is forwarded in either direction (a PostgreSQL host that hangs); then to resume.
 *   node tests/support/silent-proxy.ts <target port> [target host]
 * Prints "port <n>" when listening; reads "silent" / "resume" lines on stdin and answers "ok <command>".
 * "resume-new" forwards new connections again but keeps the old ones silent for good (a host that came
 * back while the connections to it were lost without a reset).
 */
import net from "node:net";
import readline from "node:readline";

const targetPort = Number(process.argv[2]);
const targetHost = process.argv[3] ?? "127.0.0.1";
let silent = false;
const pairs = new Set<{ client: net.Socket; upstream: net.Socket | null }>();

function link(pair: { client: net.Socket; upstream: net.Socket | null }) {
  if (!pair.upstream) {
    const upstream = net.connect(targetPort, targetHost);
    pair.upstream = upstream;
    upstream.on("error", () => pair.client.destroy());
    upstream.on("close", () => pair.client.destroy());
  }
  pair.client.pipe(pair.upstream);
  pair.upstream.pipe(pair.client);
  pair.client.resume();
  pair.upstream.resume();
}

function hold(pair: { client: net.Socket; upstream: net.Socket | null }) {
  pair.client.unpipe();
  pair.client.pause();
  if (pair.upstream) {
    pair.upstream.unpipe();
    pair.upstream.pause();
  }
}

const server = net.createServer((client) => {
  const pair = { client, upstream: null as net.Socket | null };
  pairs.add(pair);
  client.on("error", () => pair.upstream?.destroy());
  client.on("close", () => {
    pair.upstream?.destroy();
    pairs.delete(pair);
  });
  if (silent) client.pause();
  else link(pair);
});

server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`port ${(server.address() as net.AddressInfo).port}\n`);
});

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const command = line.trim();
  if (command === "silent") {
    silent = true;
    for (const pair of pairs) hold(pair);
  } else if (command === "resume") {
    silent = false;
    for (const pair of pairs) link(pair);
  } else if (command === "resume-new") {
    silent = false;
  } else return;
  process.stdout.write(`ok ${command}\n`);
});
process.stdin.on("end", () => process.exit(0));
