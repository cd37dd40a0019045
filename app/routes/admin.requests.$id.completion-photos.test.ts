import { describe, expect, it } from "vitest";
import { routeContext } from "../../tests/support/app-context.ts";
import { backends, sampleLead } from "../../tests/support/storage.ts";
import { freshDatabaseEach } from "../../tests/support/test-database.ts";
import { testPhoto } from "../../tests/support/test-photos.ts";
import { recordLead } from "../server/features/leads/store.server.ts";
import { parseEnv } from "../server/kit/env.server.ts";
import { listPhotos } from "../server/kit/leads.server.ts";
import { action } from "./admin.requests.$id.completion-photos.ts";

/** What the action answered: its redirect's target, or a refusal's status. */
async function answerOf(run: Promise<unknown>): Promise<{ status: number; location: string | null }> {
  try {
    await run;
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    const refusal = thrown as { type?: string; init?: { status?: number } };
    if (refusal.type === "DataWithResponseInit") return { status: refusal.init?.status ?? 0, location: null };
    throw thrown;
  }
  throw new Error("the action answered without a redirect");
}

describe.each(backends)("POST /admin/requests/:id/completion-photos on %s", (dialect) => {
  const fresh = freshDatabaseEach(dialect);

  async function setUp() {
    const { database, storage } = fresh;
    const env = parseEnv({ NODE_ENV: "test", DATA_DIR: storage.env.DATA_DIR });
    const context = routeContext(database, env, { ownerId: "owner-1", email: "owner@example.com" });
    const { id } = await recordLead(database, sampleLead(), { webhook: false });
    const post = (leadId: string, body: BodyInit, type?: string) =>
      answerOf(
        action({
          request: new Request(`http://localhost/admin/requests/${leadId}/completion-photos`, {
            method: "POST",
            body,
            headers: type ? { "Content-Type": type } : {},
          }),
          params: { id: leadId },
          context,
        } as unknown as Parameters<typeof action>[0]),
      );
    return { database, id, post };
  }

  it("stores a multipart body's photos and goes back to the page saying so; deletes one by its number", async () => {
    const { database, id, post } = await setUp();
    const body = new FormData();
    const bytes = await testPhoto({ width: 400, height: 300, from: "#0e7490", to: "#164e63" });
    body.append("photos", new File([new Uint8Array(bytes)], "after.jpg", { type: "image/jpeg" }));
    body.append("photos", new File(["%PDF-1.4"], "invoice.pdf", { type: "application/pdf" }));
    const added = await post(id, body);
    expect(added.status).toBe(303);
    const query = new URL(added.location!, "http://localhost").searchParams;
    expect([query.get("completion"), query.get("kept"), query.getAll("refused")]).toEqual([
      "added",
      "1",
      ["invoice.pdf (not an image)"],
    ]);
    expect((await listPhotos(database, id, "completion")).map((p) => p.n)).toEqual([1]);

    const deleted = await post(id, new URLSearchParams({ delete: "1" }));
    expect(deleted.location).toContain("completion=deleted");
    expect(await listPhotos(database, id, "completion")).toEqual([]);
  });

  it("refuses what is not its form: another type, an unknown request, a number that is not one; stores nothing", async () => {
    const { database, id, post } = await setUp();
    expect((await post(id, "photos=x", "text/plain")).status).toBe(415);
    expect((await post(id, "--x\r\nbroken", "multipart/form-data; boundary=x")).status).toBe(400);
    const body = new FormData();
    body.append(
      "photos",
      new File([new Uint8Array(await testPhoto({ width: 40, height: 30, from: "#000", to: "#fff" }))], "a.jpg"),
    );
    expect((await post(crypto.randomUUID(), body)).status).toBe(404);
    for (const n of ["0", "-1", "1e3", "9999", "", "1 OR 1=1"])
      expect((await post(id, new URLSearchParams({ delete: n }))).location, n).toContain("completion=gone");
    expect(await database.db.selectFrom("lead_photos").select("n").execute()).toEqual([]);
  });
});
