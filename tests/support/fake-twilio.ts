/**
 * Test support: a fake of the Twilio Messages API on loopback (POST /2010-04-01/Accounts/{sid}/Messages.json),
 * recording every request as it arrived: method, path, Authorization header, content type and the form body.
 * `failNext(n, status)` answers the next n requests with `status` (and Twilio's JSON error) before accepting.
 * `sendInbound` posts a customer's text to the site's webhook as Twilio does: form-encoded, with the
 * X-Twilio-Signature Twilio computes (HMAC-SHA1 of the URL it was given and the sorted parameters, keyed with the
 * auth token), to the site at loopback while the URL signed is the one configured (SITE_URL's).
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Twilio's numeric error codes of the answers the fake gives (others come without one). */
// 400 is Twilio's answer to a text to a number that opted out at Twilio (21610, "unsubscribed recipient").
const TWILIO_CODES: Record<number, number> = { 400: 21610, 404: 20404, 500: 20500 };

/** The owner's text-message settings of a test server whose API is the fake at `apiUrl`. */
export const fakeTextSettings = (apiUrl: string) => ({
  TWILIO_API_URL: apiUrl,
  TWILIO_ACCOUNT_SID: "AC00000000000000000000000000fa4e01",
  TWILIO_AUTH_TOKEN: "fake-twilio-token",
  TWILIO_FROM: "+12085550100",
  OWNER_PHONE: "+12085550142",
});

/** Twilio's signature of a webhook request, computed independently of the site's code (Twilio's documented rule). */
export function signTwilio(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac("sha1", authToken).update(Buffer.from(data, "utf-8")).digest("base64");
}

/** A new MessageSid as Twilio writes them: SM and 32 hex digits. */
export const newMessageSid = () => `SM${randomBytes(16).toString("hex")}`;

/**
 * Posts an inbound text from `from` saying `body` to the site at `target` (http://127.0.0.1:<port>), signed for
 * `signedUrl` (SITE_URL + /webhooks/twilio). Returns the site's answer. `signature` replaces the right one.
 */
export async function sendInbound(options: {
  target: string;
  signedUrl: string;
  from: string;
  body: string;
  to?: string;
  sid?: string;
  authToken?: string;
  signature?: string;
}): Promise<{ status: number; body: string; sid: string }> {
  const settings = fakeTextSettings("");
  const sid = options.sid ?? newMessageSid();
  const params: Record<string, string> = {
    AccountSid: settings.TWILIO_ACCOUNT_SID,
    ApiVersion: "2010-04-01",
    Body: options.body,
    From: options.from,
    MessageSid: sid,
    NumMedia: "0",
    NumSegments: "1",
    SmsMessageSid: sid,
    SmsSid: sid,
    SmsStatus: "received",
    To: options.to ?? settings.TWILIO_FROM,
  };
  const signature =
    options.signature ?? signTwilio(options.authToken ?? settings.TWILIO_AUTH_TOKEN, options.signedUrl, params);
  const response = await fetch(options.target, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
    body: new URLSearchParams(params).toString(),
  });
  return { status: response.status, body: await response.text(), sid };
}

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
  /** The texts the fake accepted for one number (To). */
  deliveredTo(to: string): FakeTextRequest[];
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
    deliveredTo: (to: string) => requests.filter((r) => r.status >= 200 && r.status < 300 && r.form.To === to),
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
