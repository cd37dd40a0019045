/**
 * The owner's first changes break nothing (docs/decisions/015-content-collections.md): in a copy of the project, a 14th
 * question in content/faq.yaml, a short blog post in content/blog/ and higher house-washing rates in
 * content/price-book.yaml; then the unit tests that read the content pass there, the copy builds, and its site shows all three. One slow test
 * (a copy, the unit tests and a build), on the desktop project only.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, expect, test } from "@playwright/test";
import { parseDocument, type YAMLMap, type YAMLSeq } from "yaml";
import { priceBook as shippedBook } from "../../app/content/price-book.ts";
import { faq as shippedFaq } from "../../app/content/faq.ts";
import { loadCollection } from "../../app/content/build-time/load.server.ts";
import { type PriceCase, expectedQuote } from "../support/price-rule.ts";
import { type ProjectCopy, copyProject } from "../support/project-copy.ts";
import { hydrated } from "./fixtures.ts";

test.skip(({ isMobile }) => isMobile, "one copy and build is enough: the desktop project runs it");

const QUESTION = {
  id: "do-you-clean-solar-panels",
  question: "Do you clean solar panels?",
  answer:
    "Yes. We rinse solar panels with purified water and soft brushes, never pressure, so the glass and seals are safe.",
};

const POST_SLUG = "quick-tip-rinse-window-screens";
const POST_TITLE = "Quick Tip: Rinse Your Window Screens Before Summer";
const POST_SENTENCE =
  "Lift each screen out, lay it flat on the lawn and rinse it with a garden hose from the inside out.";

/** The shipped posts' front matter, as the files say (title, author, date). */
const shippedPosts = readdirSync("content/blog")
  .filter((f) => f.endsWith(".md"))
  .map(
    (f) =>
      parseDocument(
        /^---\n([\s\S]*?)\n---\n/.exec(readFileSync(path.join("content/blog", f), "utf8").replace(/\r\n/g, "\n"))![1]!,
      ).toJS() as Record<string, unknown>,
  );
const isoDate = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v));
const shippedWords = (file: string) => readFileSync(path.join("content/blog", file), "utf8").split(/\s+/).length;

/** A day after the newest shipped post, so the new post is first on /blog (which shows the newest). */
const newestDate = shippedPosts
  .map((p) => isoDate(p.date))
  .sort()
  .at(-1)!;
const postDate = new Date(Date.parse(`${newestDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const POST = `---
title: "${POST_TITLE}"
slug: ${POST_SLUG}
excerpt: "Dusty screens turn the first rain into mud on your windows. Ten minutes with a hose fixes it."
author: "${String(shippedPosts[0]!.author)}"
date: ${postDate}
category: Maintenance
---

Treasure Valley dust settles in window screens all spring. ${POST_SENTENCE} Let the screens dry in the sun
before you put them back.

## When to do it

Late May, after the cottonwood fluff is done and before the first summer storm.
`;

/**
 * The unit tests that read the owner's files: the content's own (app/content: schemas, the blog, the CMS's fields,
 * last-modified dates) and the price rules' on the price book (app/lib/price, app/forms/pricing).
 */
const CONTENT_TESTS = ["app/content/", "app/lib/price.test.ts", "app/forms/pricing.test.ts"];

/** Prices at most two decimals: 0.15 + 0.05 is 0.2, not 0.20000000000000001. */
const cents = (dollars: number) => Math.round(dollars * 100) / 100;

let copy: ProjectCopy | undefined;
const contexts: BrowserContext[] = [];
test.afterAll(async () => {
  for (const context of contexts) await context.close();
  await copy?.remove();
});

async function pageOn(browser: Browser, origin: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    baseURL: origin,
    javaScriptEnabled,
    viewport: { width: 1440, height: 900 },
  });
  contexts.push(context);
  // The copy's site alone: nothing from another host.
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort("blockedbyclient"),
  );
  return context.newPage();
}

test("a 14th question, a short post and higher house-washing rates: the content's unit tests pass and the built site shows all three", async ({
  browser,
}) => {
  test.setTimeout(10 * 60_000);
  copy = copyProject("gs-content-change");

  // 1. The owner's three changes, in the files the owner edits (comments and order kept).
  copy.edit("content/faq.yaml", (text) => {
    const doc = parseDocument(text);
    (doc.get("questions") as YAMLSeq).add(doc.createNode(QUESTION));
    return doc.toString({ lineWidth: 110 });
  });
  copy.write(`content/blog/${POST_SLUG}.md`, POST);
  const houseRates = shippedBook.services["house-washing"]!.rate;
  const raised = { low: cents(houseRates.low + 0.05), high: cents(houseRates.high + 0.1) };
  copy.edit("content/price-book.yaml", (text) => {
    const doc = parseDocument(text);
    const house = (doc.get("services") as YAMLSeq<YAMLMap>).items.find((s) => s.get("slug") === "house-washing")!;
    house.setIn(["rate", "low"], raised.low);
    house.setIn(["rate", "high"], raised.high);
    return doc.toString({ lineWidth: 110 });
  });
  expect(POST.split(/\s+/).length, "the post is shorter than every shipped one").toBeLessThan(
    Math.min(...readdirSync("content/blog").map(shippedWords)),
  );

  // The copy's content as its site will read it.
  const book = loadCollection("priceBook", path.join(copy.dir, "content"));
  const { questions } = loadCollection("faq", path.join(copy.dir, "content"));
  expect(questions).toHaveLength(shippedFaq.length + 1);
  expect(book.services["house-washing"]!.rate).toEqual(raised);

  // 2. The unit tests of the content and of the prices made from it pass on the changed content, and the copy
  // builds (the other unit tests do not read content/: they run once, in `npm test`).
  const unit = await copy.runOk("npx", ["vitest", "run", ...CONTENT_TESTS]);
  expect(unit).toMatch(/Test Files\s+\d+ passed \(\d+\)/);
  await copy.runOk("npm", ["run", "build"]);

  // 3. The prerendered FAQ page has the new question, in the accordion and in its FAQPage data.
  const faqHtml = readFileSync(path.join(copy.dir, "build/client/faq/index.html"), "utf8");
  expect(faqHtml).toContain(`id="${QUESTION.id}"`);
  const site = await copy.serve();
  const page = await pageOn(browser, site.origin, false);
  await page.goto("/faq");
  const summaries = page.getByRole("main").locator("details summary");
  await expect(summaries).toHaveText(questions.map((q) => q.question));
  await expect(summaries.last()).toHaveText(QUESTION.question);
  await summaries.last().click();
  await expect(page.locator(`details#${QUESTION.id}`)).toContainText(QUESTION.answer);
  const faqData = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (b) => JSON.parse(b) as { "@type": string; mainEntity?: { name: string }[] },
  );
  expect(faqData.find((d) => d["@type"] === "FAQPage")!.mainEntity!.map((q) => q.name)).toEqual(
    questions.map((q) => q.question),
  );

  // 4. The short post is the newest card on /blog and has its own page.
  await page.goto("/blog");
  const firstCard = page.getByRole("main").getByRole("article").first();
  await expect(firstCard.getByRole("heading", { level: 3 })).toHaveText(POST_TITLE);
  await expect(firstCard).toContainText("1 min read");
  await firstCard.getByRole("link", { name: `Read More about ${POST_TITLE}` }).click();
  await expect(page).toHaveURL(`/blog/${POST_SLUG}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(POST_TITLE);
  await expect(page.getByRole("main").locator("article").first()).toContainText(POST_SENTENCE);
  await expect(page.getByRole("main").getByRole("heading", { level: 2, name: "When to do it" })).toBeVisible();

  // 5. /pricing prices a house with the new rates: on the server (a shared URL, no JavaScript) ...
  const houseCase: PriceCase = { service: "house-washing", size: 2000, stories: "2", option: "vinyl" };
  const before = expectedQuote(shippedBook, houseCase);
  const after = expectedQuote(book, houseCase);
  expect(after.range, "the raised rates change this house's range").not.toBe(before.range);
  await page.goto(after.url);
  await expect(page.getByTestId("price-range")).toHaveText(after.range);

  // ... and in the browser, from the price book built into the page's script.
  const live = await pageOn(browser, site.origin, true);
  await live.goto(after.url);
  await hydrated(live);
  await live
    .getByRole("main")
    .getByRole("textbox", { name: /Home size/ })
    .fill("3000");
  await expect(live).toHaveURL(/[?&]sqft=3000(&|$)/);
  await expect(live.getByTestId("price-range")).toHaveText(expectedQuote(book, { ...houseCase, size: 3000 }).range);
});
