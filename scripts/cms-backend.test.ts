import { createServer, request, type Server } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startGuard } from "./cms-backend.ts";

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
  const guard = await startGuard({ port: 0, sitePort: 3000, target: decap.socket, maxBodyBytes });
  open.push(decap.server, guard);
  const port = (guard.address() as AddressInfo).port;
  return { port, received: decap.received, host: `127.0.0.1:${port}` };
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
