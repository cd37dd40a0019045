/**
 * Test support: a fake of the Twilio Messages API on loopback (POST /2010-04-01/Accounts/{sid}/Messages.json),
 * recording every request as it arrived: method, path, Authorization header, content type and the form body.
 * `failNext(n, status)` answers the next n requests with `status` (and Twilio's JSON error) before accepting.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Twilio's numeric error codes of the answers the fake gives (others come without one). */
const TWILIO_CODES: Record<number, number> = { 404: 20404, 500: 20500 };

/** The owner's text-message settings of a test server whose API is the fake at `apiUrl`. */
export const fakeTextSettings = (apiUrl: string) => ({
  TWILIO_API_URL: apiUrl,
  TWILIO_ACCOUNT_SID: "AC00000000000000000000000000fa4e01",
  TWILIO_AUTH_TOKEN: "fake-twilio-token",
  TWILIO_FROM: "+12085550100",
  OWNER_PHONE: "+12085550142",
});

export interface FakeTextRequest {
  method: string;
  path: string;
  authorization: string;
  contentType: string;
  /** The form fields (To, From, Body, …). */
  form: Record<string, string>;
  /** What the fake answered. */
  status: number;
}

export interface FakeTwilio {
  /** The API's base URL, for TWILIO_API_URL. */
  url: string;
  /** Every request so far, in order. */
  requests: FakeTextRequest[];
  /** The requests the fake accepted (2xx): the messages "sent". */
  delivered(): FakeTextRequest[];
  /** Answers the next `count` requests with `status` instead of accepting them. */
  failNext(count: number, status?: number): void;
  close(): Promise<void>;
}

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const requests: FakeTextRequest[] = [];
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  const server: Server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const failing = failures.count > 0;
      if (failing) failures = { ...failures, count: failures.count - 1 };
      const path = req.url ?? "";
      const ok = !failing && req.method === "POST" && /^\/2010-04-01\/Accounts\/[^/]+\/Messages\.json$/.test(path);
      const status = ok ? 201 : failing ? failures.status : 404;
      requests.push({
        method: req.method ?? "",
        path,
        authorization: req.headers.authorization ?? "",
        contentType: req.headers["content-type"] ?? "",
        form: Object.fromEntries(new URLSearchParams(body)),
        status,
      });
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify(
          ok
            ? { sid: `SM${requests.length.toString(16).padStart(32, "0")}`, status: "queued" }
            : { ...(TWILIO_CODES[status] ? { code: TWILIO_CODES[status] } : {}), message: "fake failure", status },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    delivered: () => requests.filter((r) => r.status >= 200 && r.status < 300),
    failNext(count, status = 500) {
      failures = { count, status };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
