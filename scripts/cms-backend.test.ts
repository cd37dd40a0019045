import { createServer, request, type Server } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startCmsBackend, startGuard } from "./cms-backend.ts";

/** A stand-in for decap-server on a private socket, as it runs: answers every request with the size it received. */
function fakeDecap(): Promise<{ server: Server; socket: string; received: string[] }> {
  const received: string[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push(`${req.method} ${req.url} ${body}`);
      res.writeHead(200, {
        "Content-Type": "application/json",
        "Access-Control-Allow-Origin": req.headers.origin ?? "",
      });
      res.end(JSON.stringify({ got: body.length }));
    });
  });
  const dir = mkdtempSync(path.join(tmpdir(), "gs-fake-decap-"));
  folders.push(dir);
  const socket = path.join(dir, "decap.sock");
  return new Promise((resolve) => server.listen(socket, () => resolve({ server, socket, received })));
}

/** One request with the headers given (Host included, which fetch would replace); `chunks` are written one by one. */
function send(
  port: number,
  headers: Record<string, string>,
  chunks: string[] = ['{"action":"info"}'],
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method: "POST", path: "/api/v1", headers }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

const open: Server[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const server of open.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function guarded(maxBodyBytes?: number) {
  const decap = await fakeDecap();
  const logged: string[] = [];
  const guard = await startGuard({
    port: 0,
    sitePort: 3000,
    target: decap.socket,
    maxBodyBytes,
    log: (line) => logged.push(line),
  });
  open.push(decap.server, guard);
  const port = (guard.address() as AddressInfo).port;
  return { port, received: decap.received, host: `127.0.0.1:${port}`, logged, socket: decap.socket };
}

describe("the guard in front of the editor's local backend", () => {
  it("forwards the development site's own requests, with or without an Origin", async () => {
    const { port, received, host } = await guarded();
    expect(await send(port, { Host: host, Origin: "http://localhost:3000" })).toEqual({
      status: 200,
      body: '{"got":17}',
    });
    expect((await send(port, { Host: `localhost:${port}` })).status).toBe(200);
    expect(received).toEqual(['POST /api/v1 {"action":"info"}', 'POST /api/v1 {"action":"info"}']);
  });

  it("answers 403 with no body to another Host or Origin, and the backend sees nothing", async () => {
    const { port, received, host } = await guarded();
    const strangers: Record<string, string>[] = [
      { Host: `attacker.example:${port}` },
      { Host: `attacker.example:${port}`, Origin: `http://attacker.example:${port}` },
      { Host: `127.0.0.1:${port + 1}` },
      { Host: host, Origin: "http://attacker.example" },
      { Host: host, Origin: "http://localhost:5173" },
      { Host: host, Origin: "null" },
    ];
    for (const headers of strangers)
      expect(await send(port, headers), JSON.stringify(headers)).toEqual({ status: 403, body: "" });
    expect(received).toEqual([]);
  });

  it("logs each request it answers itself: method, status, reason, Host and Origin", async () => {
    const { port, host, logged, socket } = await guarded();
    await send(port, { Host: host, Origin: "http://attacker.example" });
    expect(logged).toEqual([
      `cms backend: POST answered 403 (not this computer's own Host and site Origin); Host "${host}", Origin "http://attacker.example"`,
    ]);
    rmSync(socket);
    expect(await send(port, { Host: host })).toEqual({ status: 502, body: "" });
    expect(logged[1]).toBe(
      `cms backend: POST answered 502 (decap-server not reached: ENOENT); Host "${host}", Origin none`,
    );
  });

  it("refuses a body declared over the limit, and cuts one that grows past it without a length", async () => {
    const { port, received, host } = await guarded(1024);
    const big = "x".repeat(1025);
    expect((await send(port, { Host: host, "Content-Length": String(big.length) }, [big])).status).toBe(413);
    const chunked = await send(port, { Host: host, "Transfer-Encoding": "chunked" }, [
      "x".repeat(600),
      "x".repeat(600),
    ]);
    expect(chunked.status).toBe(413);
    expect(received.filter((r) => r.length > 1024)).toEqual([]);
    expect((await send(port, { Host: host }, ["x".repeat(1000)])).status).toBe(200);
  });
});

describe("the editor's local backend", () => {
  it(
    "answers the editor's first request as soon as it has started, and every request of a burst",
    { timeout: 60_000 },
    async () => {
      const repo = mkdtempSync(path.join(tmpdir(), "gs-cms-repo-"));
      folders.push(repo);
      const logged: string[] = [];
      const backend = await startCmsBackend({
        repo,
        port: 0,
        sitePort: 3000,
        stdio: "pipe",
        log: (line) => logged.push(line),
      });
      try {
        const port = (backend.guard.address() as AddressInfo).port;
        const answer = await send(port, {
          Host: `127.0.0.1:${port}`,
          Origin: "http://localhost:3000",
          "Content-Type": "application/json",
        });
        expect(answer.status).toBe(200);
        expect(JSON.parse(answer.body)).toMatchObject({ type: "local_fs", publish_modes: ["simple"] });

        // The editor's requests come in bursts, each body sent after its headers as a browser does (fetch):
        // decap-server, in another process, closes each connection when it has answered; none is lost.
        const statuses: number[] = [];
        await Promise.all(
          Array.from({ length: 8 }, async () => {
            for (let i = 0; i < 25; i++) {
              const reply = await fetch(backend.url, {
                method: "POST",
                headers: { origin: "http://127.0.0.1:3000", "content-type": "application/json" },
                body: JSON.stringify({ action: "info" }),
              });
              await reply.arrayBuffer();
              statuses.push(reply.status);
            }
          }),
        );
        expect(statuses.filter((status) => status !== 200)).toEqual([]);
        expect(logged).toEqual([]);
      } finally {
        await backend.stop();
      }
    },
  );
});
