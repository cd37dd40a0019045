import { readdirSync, readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { parse as parseYaml } from "yaml";
import { blogCategories } from "../../app/content/blog-schema.ts";
import { limits } from "../../app/lib/limits.ts";
import { slugify } from "../../app/lib/paths.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { business } from "../../app/content/business.ts";

const ORIGIN = "https://www.gemstateexteriorcleaning.com";

interface ExpectedPost {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  date: string;
  updated?: string;
  category: string;
  /** The Markdown below the front matter. */
  body: string;
}

/** The posts as the Markdown files say, newest first: what the pages must show. */
const expected: ExpectedPost[] = readdirSync("content/blog")
  .filter((f) => f.endsWith(".md"))
  .map((f) => {
    const [, yaml = "", body = ""] =
      /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(readFileSync(`content/blog/${f}`, "utf8").replace(/\r\n/g, "\n")) ?? [];
    const fm = parseYaml(yaml) as Record<string, unknown>;
    const iso = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : (v as string | undefined));
    return { ...(fm as unknown as ExpectedPost), date: iso(fm.date)!, updated: iso(fm.updated), body };
  })
  .sort((a, b) => b.date.localeCompare(a.date));

const longDate = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));

const cards = (page: Page) => page.getByRole("main").getByRole("article");
const cardTitles = (page: Page) => cards(page).getByRole("heading", { level: 3 });
const filters = (page: Page) => page.getByRole("navigation", { name: "Blog categories" });

async function expectListed(page: Page, posts: ExpectedPost[]) {
  await expect(cardTitles(page)).toHaveText(posts.map((p) => p.title));
}

async function expectActiveFilter(page: Page, name: string) {
  await expect(filters(page).locator('[aria-current="page"]')).toHaveText([name]);
}

const uniqueEmail = () => `reader-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;

/** The list shows the newest six; every post has its page, its category filter and its feed item. */
const latest = expected.slice(0, limits.blogPosts);

test("the content fills the six cards and every category", () => {
  expect(expected.length).toBeGreaterThanOrEqual(limits.blogPosts);
  for (const category of blogCategories)
    expect(
      expected.some((p) => p.category === category),
      category,
    ).toBe(true);
});

test.describe("blog list", () => {
  test("shows the six newest posts as cards with category, read time, title, excerpt, author, date and Read More", async ({
    page,
  }) => {
    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(cards(page)).toHaveCount(latest.length);
    await expectListed(page, latest);
    for (const [i, post] of latest.entries()) {
      const card = cards(page).nth(i);
      await expect(card).toContainText(post.category);
      await expect(card).toContainText(/\d+ min read/);
      await expect(card).toContainText(post.excerpt);
      await expect(card).toContainText(post.author);
      const time = card.locator("time");
      await expect(time).toHaveAttribute("dateTime", post.date);
      await expect(time).toHaveText(longDate(post.date));
      const readMore = card.getByRole("link", { name: /^Read More/ });
      await expect(readMore).toHaveAccessibleName(`Read More about ${post.title}`);
      await expect(readMore).toHaveAttribute("href", `/blog/${post.slug}`);
    }
  });

  test("every Read More resolves to its post, whose h1 is the card's title", async ({ page }) => {
    await page.goto("/blog");
    const links = await cards(page)
      .getByRole("link", { name: /^Read More/ })
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
    const titles = await cardTitles(page).allTextContents();
    expect(links).toHaveLength(latest.length);
    for (const [i, href] of links.entries()) {
      const response = await page.goto(href);
      expect(response?.status(), href).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(titles[i]!);
    }
  });

  test("Read More navigates in the page after hydration", async ({ page }) => {
    await page.goto("/blog");
    await hydrated(page);
    const post = latest[2]!;
    await cards(page)
      .getByRole("link", { name: `Read More about ${post.title}` })
      .click();
    await expect(page).toHaveURL(`/blog/${post.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
  });

  test("links the RSS feed in its head and keeps /blog as the canonical URL when filtered", async ({ page }) => {
    await page.goto("/blog?category=safety");
    const feed = page.locator('head link[rel="alternate"][type="application/rss+xml"]');
    await expect(feed).toHaveCount(1);
    await expect(feed).toHaveAttribute("href", "/blog/rss.xml");
    await expect(feed).toHaveAttribute("title", /Blog/);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${ORIGIN}/blog`);
  });

  test("an unknown category shows the empty state and a way back to all posts", async ({ page }) => {
    const response = await page.goto("/blog?category=gardening");
    expect(response?.status()).toBe(200);
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByText("No posts in this category yet.")).toBeVisible();
    await expect(filters(page).locator('[aria-current="page"]')).toHaveCount(0);
    await page.getByRole("link", { name: "See all posts" }).click();
    await expect(page).toHaveURL("/blog");
    await expect(cards(page)).toHaveCount(latest.length);
  });

  // axe on both filtered lists: the walk of every-page.spec.ts.
});

test.describe("category filter without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("each filter link shows exactly the posts of its category", async ({ page }) => {
    await page.goto("/blog");
    await expect(filters(page).getByRole("link")).toHaveText(["All", ...blogCategories]);
    await expectActiveFilter(page, "All");
    for (const category of blogCategories) {
      await filters(page).getByRole("link", { name: category, exact: true }).click();
      await expect(page).toHaveURL(`/blog?category=${slugify(category)}`);
      await expectListed(
        page,
        expected.filter((p) => p.category === category),
      );
      await expectActiveFilter(page, category);
    }
    await filters(page).getByRole("link", { name: "All", exact: true }).click();
    await expect(page).toHaveURL("/blog");
    await expectListed(page, latest);
    await expectActiveFilter(page, "All");
  });
});

test.describe("category filter with JavaScript", () => {
  test("filters in the page, puts the choice in the URL and moves aria-current", async ({ page }) => {
    await page.goto("/blog");
    await hydrated(page);
    // A full page load would lose this marker: filtering must happen without one.
    await page.evaluate(() => Object.assign(window, { blogMarker: true }));
    for (const category of blogCategories) {
      await filters(page).getByRole("link", { name: category, exact: true }).click();
      await expect(page).toHaveURL(`/blog?category=${slugify(category)}`);
      await expectListed(
        page,
        expected.filter((p) => p.category === category),
      );
      await expectActiveFilter(page, category);
    }
    await filters(page).getByRole("link", { name: "All", exact: true }).click();
    await expect(page).toHaveURL("/blog");
    await expectListed(page, latest);
    await expectActiveFilter(page, "All");
    expect(await page.evaluate(() => (window as unknown as { blogMarker?: boolean }).blogMarker)).toBe(true);
  });

  test("a shared filtered URL loads filtered, and the post's category link filters after client navigation", async ({
    page,
    consoleMessages,
  }) => {
    await page.goto("/blog?category=education");
    await hydrated(page);
    const education = expected.filter((p) => p.category === "Education");
    await expectListed(page, education);
    await expectActiveFilter(page, "Education");
    // The server-rendered filtered list and the hydrated one agree.
    expect(consoleMessages.filter((m) => m.startsWith("error"))).toEqual([]);

    // From a post, the category link navigates in the page to the filtered list.
    const post = expected.find((p) => p.category === "Commercial")!;
    await page.goto(`/blog/${post.slug}`);
    await hydrated(page);
    await page.getByRole("main").getByRole("link", { name: "Commercial", exact: true }).click();
    await expect(page).toHaveURL("/blog?category=commercial");
    await expectListed(page, [post]);
    await expectActiveFilter(page, "Commercial");
  });
});

test.describe("post pages", () => {
  for (const post of expected) {
    test(`/blog/${post.slug} shows the whole article with its details, related posts, a call to action and BlogPosting data`, async ({
      page,
    }) => {
      const response = await page.goto(`/blog/${post.slug}`);
      expect(response?.status()).toBe(200);
      const main = page.getByRole("main");

      await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem")).toHaveText([
        "Home",
        "Blog",
        post.title,
      ]);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
      const article = main.locator("article").first();
      await expect(article).toContainText(post.author);
      await expect(article).toContainText(post.category);
      await expect(article).toContainText(/\d+ min read/);
      await expect(article.locator(`time[datetime="${post.date}"]`).first()).toHaveText(longDate(post.date));
      if (post.updated)
        await expect(article.locator(`time[datetime="${post.updated}"]`)).toHaveText(longDate(post.updated));
      // The whole article, not an excerpt: every section heading of the Markdown, and (nearly) all its words
      // (the Markdown counts a few link and list marks as words).
      const body = article.locator(".prose-site");
      await expect(body.locator("h2")).toHaveText([...post.body.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim()));
      const wordsOf = (text: string) => text.split(/\s+/).filter((w) => /\w/.test(w)).length;
      expect(wordsOf(await body.innerText())).toBeGreaterThanOrEqual(Math.floor(wordsOf(post.body) * 0.95));

      // Two related posts: same category first, else the newest others.
      const others = expected.filter((p) => p.slug !== post.slug);
      const related = [
        ...others.filter((p) => p.category === post.category),
        ...others.filter((p) => p.category !== post.category),
      ].slice(0, 2);
      const keepReading = page.getByRole("region", { name: "Keep reading" });
      await expect(keepReading.getByRole("heading", { level: 3 })).toHaveText(related.map((p) => p.title));
      for (const r of related)
        await expect(keepReading.getByRole("link", { name: `Read More about ${r.title}` })).toHaveAttribute(
          "href",
          `/blog/${r.slug}`,
        );

      const cta = page.getByRole("region", { name: "Rather have a pro handle it?" });
      await expect(cta.getByRole("link", { name: /free estimate/i })).toHaveAttribute("href", "/contact");
      await expect(cta.getByRole("link", { name: business.phone.display })).toHaveAttribute(
        "href",
        business.phone.href,
      );

      await expect(page.locator('head meta[property="og:type"]')).toHaveAttribute("content", "article");
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      const posting = blocks.map((b) => JSON.parse(b) as Record<string, any>).find((d) => d["@type"] === "BlogPosting");
      expect(posting, "a BlogPosting block").toBeTruthy();
      expect(posting!.headline).toBe(await page.getByRole("heading", { level: 1 }).textContent());
      expect(posting!.description).toBe(post.excerpt);
      expect(posting!.datePublished).toBe(post.date);
      expect(posting!.dateModified).toBe(post.updated ?? post.date);
      expect(posting!.author).toMatchObject({ "@type": "Person", name: post.author });
      expect(posting!.publisher).toMatchObject({ "@type": "Organization", name: "Gem State Exterior Cleaning" });
      expect(posting!.url).toBe(`${ORIGIN}/blog/${post.slug}`);
      expect(posting!.mainEntityOfPage).toMatchObject({ "@id": `${ORIGIN}/blog/${post.slug}` });
      expect(posting!.image).toBe(`${ORIGIN}/og/blog--${post.slug}.png`);
    });
  }
});

test.describe("RSS feed", () => {
  test.skip(({ isMobile }) => isMobile, "the feed does not depend on the viewport");

  test("/blog/rss.xml is an RSS 2.0 feed of every post with absolute links", async ({ page, request }) => {
    const response = await request.get("/blog/rss.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/xml/);
    const xml = await response.text();
    await page.goto("/blog");
    const feed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      const channel = doc.querySelector("rss > channel");
      return {
        parseError: doc.querySelector("parsererror")?.textContent ?? null,
        root: doc.documentElement.nodeName,
        version: doc.documentElement.getAttribute("version"),
        title: channel?.querySelector(":scope > title")?.textContent ?? null,
        link: channel?.querySelector(":scope > link")?.textContent ?? null,
        description: channel?.querySelector(":scope > description")?.textContent ?? null,
        items: [...doc.querySelectorAll("rss > channel > item")].map((item) => ({
          title: item.querySelector("title")?.textContent ?? "",
          link: item.querySelector("link")?.textContent ?? "",
          guid: item.querySelector("guid")?.textContent ?? "",
          pubDate: item.querySelector("pubDate")?.textContent ?? "",
          description: item.querySelector("description")?.textContent ?? "",
        })),
      };
    }, xml);
    expect(feed.parseError).toBeNull();
    expect(feed.root).toBe("rss");
    expect(feed.version).toBe("2.0");
    expect(feed.title).toMatch(/Blog/);
    expect(feed.link).toBe(`${ORIGIN}/blog`);
    expect(feed.description).toBeTruthy();
    expect(feed.items).toHaveLength(expected.length);
    expect(feed.items.map((i) => i.title).sort()).toEqual(expected.map((p) => p.title).sort());
    for (const item of feed.items) {
      expect(item.link).toMatch(/^https:\/\/[^/]+\/blog\/[a-z0-9-]+$/);
      expect(item.guid).toBe(item.link);
      expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
      expect(item.description).toBeTruthy();
      expect((await request.get(new URL(item.link).pathname)).status(), item.link).toBe(200);
    }
  });
});

test.describe("newsletter sign-up", () => {
  const box = (page: Page) => page.getByRole("region", { name: /seasonal tips by e-mail/i });

  test("signs up a new address, and answers the same address signing up again exactly alike (no list enumeration)", async ({
    page,
  }) => {
    const email = uniqueEmail();
    for (const answer of ["Please check your inbox", "Please check your inbox"]) {
      await page.goto("/blog");
      await hydrated(page);
      await box(page).getByRole("textbox", { name: "Email address" }).fill(email);
      await box(page).getByRole("button", { name: "Subscribe" }).click();
      await expect(box(page).getByRole("status")).toContainText(answer);
      await expect(page).toHaveURL("/blog");
    }
  });

  test("asks for a valid address before sending", async ({ page }) => {
    await page.goto("/blog");
    await hydrated(page);
    await box(page).getByRole("textbox", { name: "Email address" }).fill("not-an-address");
    await box(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(box(page).getByRole("alert")).toBeVisible();
    await expect(box(page).getByRole("status")).toHaveCount(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form posts to /newsletter, which redirects to a page asking to confirm by e-mail", async ({ page }) => {
      const email = uniqueEmail();
      await page.goto("/blog");
      await box(page).getByRole("textbox", { name: "Email address" }).fill(email);
      await box(page).getByRole("button", { name: "Subscribe" }).click();
      await expect(page).toHaveURL(/\/request-received\//);
      await expect(page.getByRole("status")).toContainText("Please check your inbox");
      await expect(page.getByRole("region", { name: "What we received" })).toContainText(email);
    });
  });
});
