/**
 * A firm quote from the inbox (docs/decisions/031-quotes.md), at 390 px: the owner quotes a request with two
 * options, previews and sends it; the customer opens the link from the e-mail, accepts one option with their name
 * and the terms and lands on choosing an arrival window; the owner gets an e-mail and a text (a local fake of the
 * Twilio API). A second quote is sent twice: the first link then says it was replaced; the new one is declined.
 * Its own server (text-message settings, e-mails written to DATA_DIR/mail), on E2E_PORT + 50.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { htmlErrors } from "../../scripts/html-checker.ts";
import { listLeads } from "../../app/server/features/admin/listing.server.ts";
import { decode, headerValue, leaves, parsePart } from "../support/mime-reader.ts";
import { expectNoViolations } from "./axe.ts";
import { uniqueEmail } from "./leads.ts";
import { addOwnerWithCli, sendRequest, signIn, uniqueOwner } from "./owners.ts";
import { withTextSite } from "../support/text-site.ts";
import type { Database } from "../../app/server/kit/db/database.server.ts";
import { expect } from "./fixtures.ts";

const LEADS_TO = "owner-quotes@gemstateexteriorcleaning.com";

const test = withTextSite("quotes", async () => ({ env: { LEADS_TO, LEAD_MIN_FILL_SECONDS: "0" } }));

test.describe.configure({ timeout: 150_000 });
test.skip(({ isMobile }) => !isMobile, "the owner's and the customer's phone, 390 px");

/** The decoded text parts of the e-mails in DATA_DIR/mail sent to `to` whose subject contains `subject`. */
function mails(dataDir: string, to: string, subject: string): string[] {
  const dir = path.join(dataDir, "mail");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .map((f) => readFileSync(path.join(dir, f), "utf8"))
    .filter((raw) => {
      const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");
      return (
        (/^to:(.*)$/im.exec(head)?.[1] ?? "").toLowerCase().includes(to.toLowerCase()) &&
        (/^subject:(.*)$/im.exec(head)?.[1] ?? "").includes(subject)
      );
    })
    .map((raw) =>
      leaves(parsePart(raw))
        .filter((p) => headerValue(p, "content-type").startsWith("text/plain"))
        .map((p) => decode(p))
        .join("\n"),
    );
}

/** The path of the quote link in the latest quote e-mail to `email` once there are `count` of them. */
async function quoteLinkPath(dataDir: string, email: string, count: number): Promise<string> {
  await expect.poll(() => mails(dataDir, email, "Your quote from").length, { timeout: 20_000 }).toBe(count);
  const links = mails(dataDir, email, "Your quote from").flatMap((text) => [
    ...text.matchAll(/https:\/\/www\.gemstateexteriorcleaning\.com(\/quote\?t=[^\s]+)/g),
  ]);
  const paths = links.map((m) => m[1]!);
  return paths.find((p) => !seen.has(p) && seen.add(p))!;
}
const seen = new Set<string>();

async function leadIdOf(database: Database, email: string) {
  await expect.poll(async () => (await listLeads(database, {})).some((l) => l.contact.email === email)).toBe(true);
  return (await listLeads(database, {})).find((l) => l.contact.email === email)!.id;
}

/** Fills option `option`'s line `line` in the builder. */
async function fillLine(page: Page, option: number, line: number, work: string, dollars: string) {
  await page
    .getByLabel(`Line ${line}: work`, { exact: true })
    .nth(option - 1)
    .fill(work);
  await page
    .getByLabel(`Line ${line}: $`, { exact: true })
    .nth(option - 1)
    .fill(dollars);
}

/** Builds (two options unless `single`), saves, checks the preview and sends; returns nothing. */
async function quoteAndSend(page: Page, leadId: string, { single = false, first = "300" } = {}) {
  await page.goto(`/admin/requests/${leadId}`);
  // The next step's link or the quote section's: both open the builder.
  await page
    .getByRole("link", { name: /Write a quote|Build a quote|Open the quote/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: /^Quote for / })).toBeVisible();
  await fillLine(page, 1, 1, "House washing, 2,000 sq ft", first);
  if (!single) {
    await fillLine(page, 2, 1, "House washing, 2,000 sq ft", first);
    await fillLine(page, 2, 2, "Gutter cleaning", "120");
  }
  await page.getByRole("button", { name: "Save and preview" }).click();
  const preview = page.getByRole("region", { name: "Preview: what the customer will see" });
  await expect(preview).toContainText(`$${first}`);
  if (!single) await expect(preview).toContainText(`$${Number(first) + 120}`);
  return preview;
}

const send = async (page: Page) => {
  await page.getByRole("button", { name: "Send to the customer" }).click();
  await expect(page.getByRole("status")).toContainText("Quote sent");
};

test("the owner quotes two options; the customer accepts one and goes on to choose a window; the owner is told by e-mail and text", async ({
  page,
  site: { database, dataDir, twilio: fake, server },
}, testInfo) => {
  const owner = uniqueOwner("quotes");
  await addOwnerWithCli(owner, dataDir);
  const email = uniqueEmail("quote-accept");
  await sendRequest(page, { first: "Quinn", email });
  const leadId = await leadIdOf(database, email);
  await signIn(page, owner, { origin: server.origin });
  await quoteAndSend(page, leadId);
  await expectNoViolations(page, "the quote builder with a preview at 390 px");
  const builderHtml = await (await page.request.get(new URL(page.url()).pathname)).text();
  await send(page);

  const link = await quoteLinkPath(dataDir, email, 1);
  const customer = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await customer.newPage();
  const origin = server.origin;
  const response = await visitor.goto(`${origin}${link}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(visitor.getByRole("heading", { level: 1, name: "Your quote" })).toBeVisible();
  await expect(visitor.getByRole("region", { name: "Better" })).toContainText("$420");
  await expect(visitor.getByText("Pay at the job")).toBeVisible();
  // Nothing else of the customer's: not their e-mail, phone or name.
  const body = await visitor.locator("main").innerText();
  for (const personal of [email, "Quinn", "555-0177", "Inboxtest"]) expect(body).not.toContain(personal);
  await expectNoViolations(visitor, "/quote at 390 px");
  const quoteHtml = await (await visitor.request.get(`${origin}${link}`)).text();
  await visitor.screenshot({ path: testInfo.outputPath("quote-390.png"), fullPage: true });

  // Without the terms ticked the browser holds the form; the server says the same when it is sent anyway.
  const refused = await visitor.request.post(`${origin}${link}`, {
    form: { intent: "accept", option: "1", name: "Quinn Inboxtest" },
    headers: { Origin: origin },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain("I agree to the terms above");

  await visitor.getByRole("radio", { name: "Better: $420" }).check();
  await visitor.getByRole("textbox", { name: "Your full name" }).fill("Quinn Inboxtest");
  await visitor.getByRole("checkbox", { name: "I agree to the terms above" }).check();
  await visitor.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(visitor).toHaveURL(/\/book\?r=/);
  await expect(visitor.getByRole("heading", { level: 1, name: "Choose an arrival window" })).toBeVisible();

  await expect.poll(() => mails(dataDir, LEADS_TO, "Quote accepted: Better, $420").length, { timeout: 20_000 }).toBe(1);
  const texts = () => fake.delivered().filter((r) => r.form.Body?.includes("Quote accepted: Better, $420"));
  await expect.poll(() => texts().length, { timeout: 20_000 }).toBe(1);
  expect(texts()[0]!.form.Body).toContain(`/admin/requests/${leadId}`);
  expect(texts()[0]!.form.Body).not.toContain("Quinn");

  // A replayed acceptance records nothing more: the page says it was accepted.
  const replay = await visitor.request.post(`${origin}${link}`, {
    form: { intent: "accept", option: "0", name: "Someone Else", agree: "yes" },
    headers: { Origin: origin },
  });
  expect(replay.status()).toBe(409);
  expect(await replay.text()).toContain("You accepted this quote");
  const answers = await database.db.selectFrom("quote_answers").selectAll().execute();
  expect(answers.filter((a) => a.name === "Someone Else")).toEqual([]);
  await page.goto(`/admin/requests/${leadId}`);
  await expect(page.getByRole("region", { name: "Quote" })).toContainText("Quote v1 accepted: Better, $420");
  await page.goto(`/admin?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole("listitem").filter({ hasText: email })).toContainText("Quote v1 accepted: Better, $420");
  await page.goto("/admin/report");
  await expect(page.getByTestId("report-quotes-sent")).toHaveText("1");
  await expect(page.getByTestId("report-quote-rate")).toHaveText("100%");
  await customer.close();

  const files = [
    { html: builderHtml, where: "the quote builder" },
    { html: quoteHtml, where: "/quote" },
  ].map((source, i) => {
    const file = testInfo.outputPath(`quote-page-${i}.html`);
    writeFileSync(file, source.html);
    return { file, where: source.where };
  });
  const errors = await htmlErrors(files.map((f) => f.file));
  expect(errors.map((e) => `${e.file}:${e.line}: ${e.message}`)).toEqual([]);
});

test("a new version replaces the sent one (its link says so, without prices); the new one is declined with a reason", async ({
  page,
  site: { database, dataDir, server },
}) => {
  const owner = uniqueOwner("quotes-v2");
  await addOwnerWithCli(owner, dataDir);
  const email = uniqueEmail("quote-decline");
  await sendRequest(page, { first: "Devon", email });
  const leadId = await leadIdOf(database, email);
  await signIn(page, owner, { origin: server.origin });
  await quoteAndSend(page, leadId, { single: true, first: "310" });
  await send(page);
  const first = await quoteLinkPath(dataDir, email, 1);
  await quoteAndSend(page, leadId, { single: true, first: "280" });
  await send(page);
  const second = await quoteLinkPath(dataDir, email, 2);

  const origin = server.origin;
  await page.goto(`${origin}${first}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This quote was replaced by a newer one");
  await expect(page.getByRole("main")).toContainText("e-mailed you the new one");
  await expect(page.getByRole("main")).not.toContainText("$");
  await expectNoViolations(page, "/quote replaced");

  await page.goto(`${origin}${second}`);
  await expect(page.getByRole("region", { name: "Good" })).toContainText("$280");
  await page.getByRole("textbox", { name: "Why not? (optional)" }).fill("We went with a neighbour's offer.");
  await page.getByRole("button", { name: "Decline the quote" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You declined this quote");
  await expect.poll(() => mails(dataDir, LEADS_TO, "Quote declined (version 2)").length, { timeout: 20_000 }).toBe(1);
  expect(mails(dataDir, LEADS_TO, "Quote declined (version 2)")[0]).toContain("We went with a neighbour's offer.");
  // The reminders of both versions are called off.
  const reminders = await database.db
    .selectFrom("outbox_jobs")
    .select("status")
    .where("lead_id", "=", leadId)
    .where("kind", "=", "quote-reminder")
    .execute();
  expect(reminders.map((r) => r.status)).toEqual(["cancelled", "cancelled", "cancelled", "cancelled"]);
});
