/**
 * The owner's photos of the finished job (issue 41): added from a phone on the request's page, shown apart from the
 * customer's photos, deleted; and served to the customer by the invoice's link only, never a request photo.
 */
import { openDatabase } from "../../app/server/kit/db/database.server.ts";
import { recordLead } from "../../app/server/features/leads/store.server.ts";
import { readPhotos } from "../../app/server/features/leads/photos.server.ts";
import { invoicePhotoPath, linkSecret, signedToken } from "../../app/server/kit/signed-links.server.ts";
import { sampleLead } from "../support/storage.ts";
import { testPhoto } from "../support/test-photos.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { addOwnerWithCli, signIn, uniqueOwner } from "./owners.ts";

const db = () => openDatabase({ DATA_DIR: process.env.E2E_DATA_DIR!, DATABASE_URL: undefined });

/** A request that came with one photo of the customer's, and an invoice of it, with the invoice link's token. */
async function requestWithInvoice() {
  const database = await db();
  const sent = new FormData();
  const bytes = await testPhoto({ width: 600, height: 400, from: "#4b5563", to: "#1f2937", label: "before" });
  sent.append("photos", new File([new Uint8Array(bytes)], "before.jpg"));
  const { photos } = await readPhotos(sent);
  const { id: leadId } = await recordLead(database, sampleLead({ photos }), { webhook: false });
  const invoiceId = crypto.randomUUID();
  const at = new Date().toISOString();
  const seq = 9000 + Math.floor(Math.random() * 999);
  await database.db
    .insertInto("invoices")
    .values({
      ...{ id: invoiceId, lead_id: leadId, number: `2099-${seq}`, year: 2099, seq, status: "sent", content: "{}" },
      ...{ total_cents: 0, quote_id: null, due_date: null, created_at: at, updated_at: at, sent_at: at },
      reminders_paused_at: null,
    })
    .execute();
  return { leadId, token: signedToken("invoice", invoiceId, await linkSecret(database, {})) };
}

test.skip(({ isMobile }) => !isMobile, "the owner's phone, 390 px");

test("the owner adds photos of the finished job from a phone; the invoice's link serves them, never a request photo", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const { leadId, token } = await requestWithInvoice();
  const owner = uniqueOwner("completion");
  await addOwnerWithCli(owner);
  await signIn(page, owner);
  await page.goto(`/admin/requests/${leadId}`);
  await hydrated(page);

  const section = page.getByRole("region", { name: "Photos of the finished job" });
  await expect(section.getByText("None yet.")).toBeVisible();
  const input = section.getByLabel("Add photos");
  await expect(input).toHaveAttribute("accept", "image/*");
  const photo = async (label: string, from: string) => ({
    name: `${label}.jpg`,
    mimeType: "image/jpeg",
    buffer: await testPhoto({ width: 1600, height: 1200, from, to: "#ecfeff", label }),
  });
  await input.setInputFiles([
    await photo("driveway-after", "#0e7490"),
    { name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo\n") },
    await photo("roof-after", "#166534"),
  ]);
  // Before sending, the chosen photos are listed with thumbnails (every one goes: the server refuses the fake).
  await expect(section.getByRole("list", { name: "3 photos to send" }).getByRole("listitem")).toHaveCount(3);
  await section.getByRole("button", { name: "Add the photos" }).click();

  // Post/Redirect/Get: back on the page, what was kept, the refused file with why.
  await expect(page).toHaveURL(new RegExp(`/admin/requests/${leadId}\\?completion=added`));
  const status = section.getByRole("status");
  await expect(status).toContainText("2 photos added");
  await expect(status.getByRole("listitem")).toHaveText(["notes.jpg (not an image)"]);
  const mine = section.getByRole("list", { name: "Your photos of the finished job" });
  await expect(mine.getByRole("img")).toHaveCount(2);
  await expect(mine.getByRole("img", { name: "Photo 1 of 2: driveway-after.jpg" })).toBeVisible();
  // The thumbnails load from the owner's session (the owner's photo route serves either purpose).
  await expect
    .poll(() =>
      mine.getByRole("img").evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)),
    )
    .toBe(true);
  // The customer's photo stays alone under what they asked.
  await expect(page.getByRole("list", { name: "Photos", exact: true }).getByRole("img")).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoViolations(page, "/admin/requests/<id> with photos of the finished job at 390 px");
  await section.screenshot({ path: testInfo.outputPath("completion-photos-390.png") });
  await page.setViewportSize({ width: 1440, height: 900 });
  await section.screenshot({ path: testInfo.outputPath("completion-photos-1440.png") });
  await page.setViewportSize({ width: 390, height: 844 });

  // The customer's invoice link serves the owner's photos (numbered after the customer's), and nothing else.
  const served = await page.request.get(invoicePhotoPath(2, token));
  expect(served.status()).toBe(200);
  expect(served.headers()).toMatchObject({
    "content-type": "image/jpeg",
    "cache-control": expect.stringMatching(/^private, max-age=\d+$/),
    "x-content-type-options": "nosniff",
    "content-disposition": expect.stringMatching(/^inline/),
    "referrer-policy": "no-referrer",
  });
  expect([...(await served.body()).subarray(0, 2)]).toEqual([0xff, 0xd8]);
  for (const path of [invoicePhotoPath(1, token), invoicePhotoPath(2, `${token}x`), `/invoice/photos/2`])
    expect((await page.request.get(path)).status(), path).toBe(404);

  // Deleting one: gone from the page and from the invoice's link.
  await mine.getByRole("button", { name: "Delete Photo 1 of 2: driveway-after.jpg" }).click();
  await expect(section.getByRole("status")).toContainText("Photo deleted");
  await expect(mine.getByRole("img")).toHaveCount(1);
  expect((await page.request.get(invoicePhotoPath(2, token))).status()).toBe(404);
  expect((await page.request.get(invoicePhotoPath(3, token))).status()).toBe(200);
});
