import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { backends, sampleLead } from "../../../../tests/support/storage.ts";
import { freshDatabaseEach } from "../../../../tests/support/test-database.ts";
import { TEST_CAMERA, testPhoto } from "../../../../tests/support/test-photos.ts";
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from "../../../forms/options.ts";
import { TOO_LARGE, TOO_MANY } from "../../../forms/photo-rules.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { getLead, getPhoto, listPhotos } from "../../kit/leads.server.ts";
import {
  addCompletionPhotos,
  completionOutcomeQuery,
  deleteCompletionPhoto,
  invoicePhoto,
  readCompletionOutcome,
} from "./completion-photos.server.ts";
import { readPhotos } from "./photos.server.ts";
import { recordLead } from "./store.server.ts";

const form = (...files: File[]) => {
  const data = new FormData();
  for (const file of files) data.append("photos", file);
  return data;
};
const jpegFile = async (name: string, width = 500) =>
  new File([new Uint8Array(await testPhoto({ width, height: 300, from: "#0f766e", to: "#134e4a" }))], name, {
    type: "image/jpeg",
  });

/** A request that came with `requestPhotos` photos of the customer's. */
async function requestWith(database: Database, requestPhotos: number) {
  const files = await Promise.all(Array.from({ length: requestPhotos }, (_, i) => jpegFile(`customer-${i + 1}.jpg`)));
  const { photos } = await readPhotos(form(...files));
  return (await recordLead(database, sampleLead({ photos }), { webhook: false })).id;
}

/** An invoice row of the request (its other columns do not matter here). */
async function invoiceOf(database: Database, leadId: string | null, id: string, seq: number) {
  const at = new Date().toISOString();
  await database.db
    .insertInto("invoices")
    .values({
      id,
      lead_id: leadId,
      number: `2026-${String(seq).padStart(4, "0")}`,
      year: 2026,
      seq,
      status: "sent",
      content: "{}",
      total_cents: 0,
      quote_id: null,
      due_date: null,
      created_at: at,
      updated_at: at,
      sent_at: at,
      reminders_paused_at: null,
    })
    .execute();
  return id;
}

describe.each(backends)("the owner's photos of the finished job on %s", (dialect) => {
  const fresh = freshDatabaseEach(dialect);

  it("stores them re-encoded, as 'completion', numbered after the customer's, apart from the customer's list", async () => {
    const { database } = fresh;
    const leadId = await requestWith(database, 2);
    const fake = new File(["not a photo"], "driveway.jpg", { type: "image/jpeg" });
    const huge = new File([new Uint8Array(MAX_PHOTO_BYTES + 1)], "huge.jpg", { type: "image/jpeg" });
    const added = await addCompletionPhotos(
      database,
      leadId,
      form(await jpegFile("after-1.JPG"), fake, huge, await jpegFile("after-2.png", 400)),
    );
    expect(added).toEqual({
      kept: 2,
      refused: ["driveway.jpg (not an image)", `huge.jpg (${TOO_LARGE})`],
    });
    expect((await listPhotos(database, leadId, "completion")).map((p) => [p.n, p.filename, p.width])).toEqual([
      [3, "after-1.jpg", 500],
      [4, "after-2.jpg", 400],
    ]);
    // The request page's, the e-mail's and the exports' list of the customer's photos is unchanged.
    expect((await getLead(database, leadId))!.photos.map((p) => p.n)).toEqual([1, 2]);
    expect(await getPhoto(database, leadId, 3, "request")).toBeUndefined();
    const stored = await getPhoto(database, leadId, 3, "completion");
    expect((await sharp(stored!.bytes).metadata()).format).toBe("jpeg");
    expect(Buffer.from(stored!.bytes).includes(TEST_CAMERA)).toBe(false);
  });

  it(`keeps at most ${MAX_PHOTOS} per request, however many uploads, and refuses the rest by name`, async () => {
    const { database } = fresh;
    const leadId = await requestWith(database, 0);
    const first = await Promise.all(Array.from({ length: MAX_PHOTOS - 1 }, (_, i) => jpegFile(`a-${i + 1}.jpg`)));
    expect((await addCompletionPhotos(database, leadId, form(...first)))!.kept).toBe(MAX_PHOTOS - 1);
    const second = await addCompletionPhotos(
      database,
      leadId,
      form(await jpegFile("b-1.jpg"), await jpegFile("b-2.jpg")),
    );
    expect(second).toEqual({ kept: 1, refused: [`b-2.jpg (${TOO_MANY})`] });
    // Two uploads at once: the count is read again under the request's lock.
    await deleteCompletionPhoto(database, leadId, 1);
    await deleteCompletionPhoto(database, leadId, 2);
    const both = await Promise.all([
      addCompletionPhotos(database, leadId, form(await jpegFile("c-1.jpg"), await jpegFile("c-2.jpg"))),
      addCompletionPhotos(database, leadId, form(await jpegFile("d-1.jpg"), await jpegFile("d-2.jpg"))),
    ]);
    expect(both.reduce((sum, r) => sum + r!.kept, 0)).toBe(2);
    const listed = await listPhotos(database, leadId, "completion");
    expect(listed).toHaveLength(MAX_PHOTOS);
    expect(new Set(listed.map((p) => p.n)).size).toBe(MAX_PHOTOS);
  });

  it("deletes only a photo of the finished job, and stores nothing for a request that does not exist", async () => {
    const { database } = fresh;
    const leadId = await requestWith(database, 1);
    await addCompletionPhotos(database, leadId, form(await jpegFile("after.jpg")));
    expect(await deleteCompletionPhoto(database, leadId, 1)).toBe(false);
    expect(await listPhotos(database, leadId)).toHaveLength(1);
    expect(await deleteCompletionPhoto(database, leadId, 2)).toBe(true);
    expect(await deleteCompletionPhoto(database, leadId, 2)).toBe(false);
    expect(await listPhotos(database, leadId, "completion")).toEqual([]);
    const missing = crypto.randomUUID();
    expect(await addCompletionPhotos(database, missing, form(await jpegFile("x.jpg")))).toBeUndefined();
    expect(await database.db.selectFrom("lead_photos").select("n").where("lead_id", "=", missing).execute()).toEqual(
      [],
    );
  });

  it("gives an invoice its request's photos of the finished job only: never a request photo nor another request's", async () => {
    const { database } = fresh;
    const leadId = await requestWith(database, 1);
    const otherLead = await requestWith(database, 0);
    await addCompletionPhotos(database, leadId, form(await jpegFile("after.jpg")));
    await addCompletionPhotos(database, otherLead, form(await jpegFile("theirs.jpg")));
    const invoice = await invoiceOf(database, leadId, crypto.randomUUID(), 1);
    const purged = await invoiceOf(database, null, crypto.randomUUID(), 2);
    expect((await invoicePhoto(database, invoice, 2))?.filename).toBe("after.jpg");
    expect(await invoicePhoto(database, invoice, 1)).toBeUndefined();
    expect(await invoicePhoto(database, invoice, 3)).toBeUndefined();
    expect(await invoicePhoto(database, purged, 1)).toBeUndefined();
    expect(await invoicePhoto(database, crypto.randomUUID(), 2)).toBeUndefined();
  });
});

describe("what the request page says after the section's forms", () => {
  it("reads back what was kept and the refused lines, and shows nothing else from the address", () => {
    const query = new URLSearchParams(
      completionOutcomeQuery({ added: 2, refused: ["a.jpg (not an image)", `b.jpg (${TOO_LARGE})`] }),
    );
    query.append("refused", "Call 555-0100 now");
    expect(readCompletionOutcome(query)).toEqual({
      said: expect.stringContaining("2 photos added") as string,
      refused: ["a.jpg (not an image)", `b.jpg (${TOO_LARGE})`],
    });
    expect(readCompletionOutcome(new URLSearchParams(completionOutcomeQuery({ deleted: true })))!.said).toMatch(
      /deleted/,
    );
    expect(readCompletionOutcome(new URLSearchParams("completion=other"))).toBeNull();
  });
});
