/**
 * Characters that lie (docs/security.md "Text hygiene"): a request whose name carries a right-to-left
 * override and a NUL, as the owner's inbox shows it: the new one without them, a row stored before the rules
 * with "�" where they are. At 1440 px: the owner's desk.
 */
import { openDatabase } from "../../app/server/kit/db/database.server.ts";
import { recordLead } from "../../app/server/features/leads/store.server.ts";
import { sampleLead } from "../support/storage.ts";
import { expect, test } from "./fixtures.ts";
import { uniqueEmail } from "./leads.ts";
import { addOwnerWithCli, signIn, uniqueOwner } from "./owners.ts";

test.describe.configure({ timeout: 90_000 });

test("the inbox shows a name sent with a direction override and a NUL as the visitor saw it, an older row's with �", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the owner's desk; one owner account");
  const owner = uniqueOwner("text");
  expect(await addOwnerWithCli(owner)).toContain(`Owner ${owner} added`);
  const tag = Math.random().toString(36).slice(2, 7);

  const email = uniqueEmail("rlo");
  const sent = await page.request.post("/estimate", {
    form: {
      firstName: `Bob${tag}\u202Egnp.exe`,
      lastName: "Nul\u0000Byte",
      email,
      phone: "(208) 555-0177",
      zipcode: "83702",
      agreed: "on",
    },
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(303);

  const old = uniqueEmail("old");
  const database = await openDatabase({ DATA_DIR: process.env.E2E_DATA_DIR!, DATABASE_URL: undefined });
  try {
    const base = sampleLead({ idempotencyKey: `key:text-${tag}` });
    await recordLead(
      database,
      { ...base, contact: { ...base.contact, name: `Old${tag}\u202Egnp.exe Nul\u0000Byte`, email: old } },
      { webhook: false },
    );
  } finally {
    await database.close();
  }

  await signIn(page, owner);
  for (const [address, shown] of [
    [email, `Bob${tag}gnp.exe NulByte`],
    [old, `Old${tag}\uFFFDgnp.exe Nul\uFFFDByte`],
  ] as const) {
    await page.goto(`/admin?q=${encodeURIComponent(address)}`);
    const item = page.getByRole("listitem").filter({ hasText: address });
    await expect(item.getByRole("link", { name: shown })).toBeVisible();
    const text = await item.innerText();
    expect(text).not.toContain("\u202E");
    expect(text).not.toContain("\u0000");
  }
});
