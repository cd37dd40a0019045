import { describe, expect, it } from "vitest";
import { routeContext } from "../../tests/support/app-context.ts";
import { backends, sampleLead } from "../../tests/support/storage.ts";
import { freshDatabaseEach } from "../../tests/support/test-database.ts";
import { testPhoto } from "../../tests/support/test-photos.ts";
import { addCompletionPhotos } from "../server/features/leads/completion-photos.server.ts";
import { readPhotos } from "../server/features/leads/photos.server.ts";
import { recordLead } from "../server/features/leads/store.server.ts";
import type { Database } from "../server/kit/db/database.server.ts";
import { parseEnv } from "../server/kit/env.server.ts";
import { invoicePhotoPath, linkSecret, signedToken } from "../server/kit/signed-links.server.ts";
import { action, loader } from "./invoice.photos.$n.ts";

const form = async (...names: string[]) => {
  const data = new FormData();
  for (const name of names)
    data.append(
      "photos",
      new File([new Uint8Array(await testPhoto({ width: 320, height: 240, from: "#1d4ed8", to: "#1e3a8a" }))], name),
    );
  return data;
};

async function invoiceFor(database: Database, leadId: string, seq: number) {
  const id = crypto.randomUUID();
  const at = new Date().toISOString();
  await database.db
    .insertInto("invoices")
    .values({
      ...{ id, lead_id: leadId, number: `2026-000${seq}`, year: 2026, seq, status: "sent", content: "{}" },
      ...{ total_cents: 0, quote_id: null, due_date: null, created_at: at, updated_at: at, sent_at: at },
      reminders_paused_at: null,
    })
    .execute();
  return id;
}

describe.each(backends)("GET /invoice/photos/:n?t= on %s", (dialect) => {
  const fresh = freshDatabaseEach(dialect);

  async function setUp() {
    const { database, storage } = fresh;
    const env = parseEnv({ NODE_ENV: "test", DATA_DIR: storage.env.DATA_DIR });
    const context = routeContext(database, env);
    const { photos } = await readPhotos(await form("customer.jpg"));
    const leadId = (await recordLead(database, sampleLead({ photos }), { webhook: false })).id;
    const theirs = await readPhotos(await form("theirs-1.jpg", "theirs-2.jpg"));
    const otherLead = (await recordLead(database, sampleLead({ photos: theirs.photos }), { webhook: false })).id;
    await addCompletionPhotos(database, leadId, await form("after.jpg"));
    await addCompletionPhotos(database, otherLead, await form("after-theirs.jpg"));
    const secret = await linkSecret(database, env);
    const token = signedToken("invoice", await invoiceFor(database, leadId, 1), secret);
    const get = async (path: string, method = "GET") => {
      const url = new URL(path, "http://localhost");
      const request = new Request(url, { method });
      const args = { request, context, params: { n: url.pathname.split("/").at(-1)! } };
      try {
        return await loader(args as unknown as Parameters<typeof loader>[0]);
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    };
    return { token, secret, get, otherToken: signedToken("invoice", await invoiceFor(database, otherLead, 2), secret) };
  }

  it("serves the invoice's photo of the finished job as a private, inline JPEG", async () => {
    const { token, get } = await setUp();
    const answer = await get(invoicePhotoPath(2, token));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("image/jpeg");
    expect(answer.headers.get("Cache-Control")).toMatch(/^private, max-age=\d+$/);
    expect(answer.headers.get("Content-Disposition")).toMatch(/^inline\b/);
    expect(answer.headers.get("Referrer-Policy")).toBe("no-referrer");
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
  });

  it("answers 404 for the customer's request photo, another request's, an altered or another link's token, a bad number", async () => {
    const { token, otherToken, secret, get } = await setUp();
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const booking = signedToken("book", token, secret);
    for (const path of [
      invoicePhotoPath(1, token), // the customer's own photo of the request
      invoicePhotoPath(3, token), // another request's photo of the finished job
      invoicePhotoPath(2, otherToken), // that request's own customer photo
      invoicePhotoPath(2, altered),
      invoicePhotoPath(2, booking),
      "/invoice/photos/2",
      `/invoice/photos/02?t=${encodeURIComponent(token)}`,
      `/invoice/photos/2e0?t=${encodeURIComponent(token)}`,
    ])
      expect((await get(path)).status, path).toBe(404);
    expect((await get(invoicePhotoPath(3, otherToken))).status).toBe(200);
  });

  it("answers 404 once the link has expired", async () => {
    const { secret, get } = await setUp();
    const { database } = fresh;
    const invoice = await database.db
      .selectFrom("invoices")
      .select("id")
      .where("seq", "=", 1)
      .executeTakeFirstOrThrow();
    const old = signedToken("invoice", invoice.id, secret, new Date(Date.now() - 3 * 365 * 86_400_000));
    expect((await get(invoicePhotoPath(2, old))).status).toBe(404);
  });
});

describe("POST /invoice/photos/:n", () => {
  it("is refused: a photo only reads", () => {
    expect(() => action()).toThrow(Response);
  });
});
