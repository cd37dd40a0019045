/**
 * A reverse proxy as the hosting would put in front of the site, for the end-to-end tests: it terminates
 * "HTTPS" (says so in X-Forwarded-Proto) and APPENDS the address it saw to X-Forwarded-For, keeping
 * whatever the client wrote there, as nginx's $proxy_add_x_forwarded_for does.
 *   node tests/support/reverse-proxy.ts <listen port> <target origin>
 */
import { createServer, request } from "node:http";

const [port, targetOrigin] = process.argv.slice(2);
const target = new URL(targetOrigin!);

createServer((req, res) => {
  const seen = req.socket.remoteAddress ?? "";
  const forwardedFor = [req.headers["x-forwarded-for"], seen].filter(Boolean).join(", ");
  const upstream = request(
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, "x-forwarded-for": forwardedFor, "x-forwarded-proto": "https" },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on("error", () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
  req.pipe(upstream);
}).listen(Number(port), "127.0.0.1", () => console.log("proxy ready"));
