import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { sampleLeadRow } from "../../../tests/support/storage.ts";
import type { LeadRow } from "../kit/leads.server.ts";
import { postLead, signBody, verifySignature } from "./webhook.server.ts";

const SECRET = "a-webhook-secret-of-some-length";
const lead: LeadRow = {
  ...sampleLeadRow(
    { attachment: { filename: "r.pdf", contentType: "application/pdf", bytes: new Uint8Array([1]) } },
    "11111111-2222-4333-8444-555555555555",
  ),
  createdAt: new Date("2030-01-01T00:00:00Z"),
};

describe("webhook", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function listen(handler: (req: IncomingMessage, body: string, res: ServerResponse) => void): Promise<string> {
    server = createServer((req, res) => {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (chunk: string) => (body += chunk));
      req.on("end", () => handler(req, body, res));
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/hook`;
  }

  it('signs the time and the exact body with HMAC-SHA256: t=<unix>,v1=<hex of "t.body">', () => {
    expect(signBody("{}", "secret", 1_900_000_000)).toBe(
      `t=1900000000,v1=${createHmac("sha256", "secret").update("1900000000.{}").digest("hex")}`,
    );
  });

  it("lets a receiver refuse a replayed, stale or altered delivery", () => {
    const now = 1_900_000_000;
    const header = signBody('{"id":1}', SECRET, now);
    expect(verifySignature(header, '{"id":1}', SECRET, now + 60)).toBe(true);
    expect(verifySignature(header, '{"id":1}', SECRET, now + 301)).toBe(false); // replayed later
    expect(verifySignature(header, '{"id":2}', SECRET, now)).toBe(false);
    expect(verifySignature(header.replace(`t=${now}`, `t=${now + 100}`), '{"id":1}', SECRET, now + 100)).toBe(false); // time changed
    expect(verifySignature(header, '{"id":1}', "another-secret-of-length", now)).toBe(false);
    expect(verifySignature("garbage", '{"id":1}', SECRET, now)).toBe(false);
  });

  it("posts the lead as signed JSON that the receiver can verify", async () => {
    const requests: { headers: IncomingMessage["headers"]; body: string; method?: string }[] = [];
    const url = await listen((req, body, res) => {
      requests.push({ headers: req.headers, body, method: req.method });
      res.writeHead(204).end();
    });
    await postLead(lead, { LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: SECRET }, "job-7");
    expect(requests).toHaveLength(1);
    const { headers, body, method } = requests[0]!;
    expect(method).toBe("POST");
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["x-lead-id"]).toBe(lead.id);
    expect(headers["idempotency-key"]).toBe("job-7");
    expect(String(headers["x-signature"])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(String(headers["x-signature"]), body, SECRET)).toBe(true);
    expect(JSON.parse(body)).toEqual({
      id: lead.id,
      kind: "estimate",
      createdAt: "2030-01-01T00:00:00.000Z",
      fields: lead.fields,
      contact: lead.contact,
      attribution: {
        page: "/contact",
        landingPage: lead.context.landingPage,
        referrer: lead.context.referrer,
        utm: lead.context.utm,
        gclid: lead.context.gclid,
      },
      inServiceArea: true,
    });
  });

  it("fails on a non-2xx answer, so the outbox retries", async () => {
    const url = await listen((_req, _body, res) => res.writeHead(503).end("busy"));
    await expect(postLead(lead, { LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: SECRET }, "job-7")).rejects.toMatchObject(
      { code: "HTTP_503" },
    );
  });

  it("does not follow a redirect (the POST would become a GET)", async () => {
    const url = await listen((_req, _body, res) => res.writeHead(301, { Location: "/elsewhere" }).end());
    await expect(postLead(lead, { LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: SECRET }, "job-7")).rejects.toMatchObject(
      { code: "HTTP_301" },
    );
  });

  it("gives up after the timeout", async () => {
    const url = await listen(() => {}); // never answers
    await expect(
      postLead(lead, { LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: SECRET }, "job-7", 200),
    ).rejects.toMatchObject({ name: "TimeoutError" });
    server!.closeAllConnections();
  });

  it("fails on a network error", async () => {
    const url = await listen(() => {});
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    await expect(postLead(lead, { LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: SECRET }, "job-7")).rejects.toThrow();
  });
});
