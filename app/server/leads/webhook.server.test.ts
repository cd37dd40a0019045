import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { sampleLead } from "../db/testing.ts";
import type { LeadRow } from "./store.server.ts";
import { postLead, signBody } from "./webhook.server.ts";

const SECRET = "a-webhook-secret-of-some-length";
const { kind, fields, contact, inServiceArea, consent, context } = sampleLead({
  attachment: { filename: "r.pdf", contentType: "application/pdf", bytes: new Uint8Array([1]) },
});
const lead: LeadRow = { id: "11111111-2222-4333-8444-555555555555", createdAt: new Date("2030-01-01T00:00:00Z"), deliveryStatus: "pending", kind, fields, contact, inServiceArea, consent, context };

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

  it("signs the exact body with HMAC-SHA256", () => {
    expect(signBody("{}", "secret")).toBe(`sha256=${createHmac("sha256", "secret").update("{}").digest("hex")}`);
  });

  it("posts the lead as signed JSON that the receiver can verify", async () => {
    const requests: { headers: IncomingMessage["headers"]; body: string; method?: string }[] = [];
    const url = await listen((req, body, res) => {
      requests.push({ headers: req.headers, body, method: req.method });
      res.writeHead(204).end();
    });
    await postLead(lead, { LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: SECRET });
    expect(requests).toHaveLength(1);
    const { headers, body, method } = requests[0]!;
    expect(method).toBe("POST");
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["x-lead-id"]).toBe(lead.id);
    const expected = Buffer.from(`sha256=${createHmac("sha256", SECRET).update(body).digest("hex")}`);
    const signature = Buffer.from(String(headers["x-signature-sha256"]));
    expect(signature.length === expected.length && timingSafeEqual(signature, expected)).toBe(true);
    expect(JSON.parse(body)).toEqual({
      id: lead.id,
      kind: "estimate",
      createdAt: "2030-01-01T00:00:00.000Z",
      fields,
      contact,
      attribution: { page: "/contact", landingPage: context.landingPage, referrer: context.referrer, utm: context.utm, gclid: context.gclid },
      inServiceArea: true,
    });
  });

  it("fails on a non-2xx answer, so the outbox retries", async () => {
    const url = await listen((_req, _body, res) => res.writeHead(503).end("busy"));
    await expect(postLead(lead, { LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: SECRET })).rejects.toMatchObject({ code: "HTTP_503" });
  });

  it("does not follow a redirect (the POST would become a GET)", async () => {
    const url = await listen((_req, _body, res) => res.writeHead(301, { Location: "/elsewhere" }).end());
    await expect(postLead(lead, { LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: SECRET })).rejects.toMatchObject({ code: "HTTP_301" });
  });

  it("gives up after the timeout", async () => {
    const url = await listen(() => {}); // never answers
    await expect(postLead(lead, { LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: SECRET }, 200)).rejects.toMatchObject({ name: "TimeoutError" });
    server!.closeAllConnections();
  });

  it("fails on a network error", async () => {
    const url = await listen(() => {});
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    await expect(postLead(lead, { LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: SECRET })).rejects.toThrow();
  });
});
