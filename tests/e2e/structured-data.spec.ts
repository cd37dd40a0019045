/**
 * The structured data of every prerendered page (build/client/<path>/index.html), as search engines read it:
 * Adobe's validator (Google's rich-result rules and the schema.org vocabulary, offline:
 * tests/support/structured-data.ts) finds no error, no property schema.org does not know, and no missing
 * recommended field but those left out on purpose below. And what the owner must be able to trust: a rating
 * only once confirmed, a sitemap whose <lastmod> is each page's own, a blog publisher with a real logo.
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { business } from "../../app/content/business.ts";
import { prerenderedPages } from "../../app/lib/build-files.server.ts";
import { jsonLdBlocks, structuredDataIssues, type Issue } from "../support/structured-data.ts";
import { expect, test } from "./fixtures.ts";

const BUILD = "build/client";
const ORIGIN = "https://www.gemstateexteriorcleaning.com";

/** Every prerendered page: its path and its HTML as served. */
const prerendered = (): { where: string; html: string }[] =>
  prerenderedPages(BUILD).map((page) => ({ where: page.route, html: readFileSync(page.file, "utf8") }));

/**
 * Recommended fields left out on purpose (the validator warns about each): "type.field" and why.
 */
const LEFT_OUT: Record<string, string> = {
  // A job is done at its address (jobLocation): no remote-only postings, so no applicant location requirement.
  "JobPosting.applicantLocationRequirements": "jobs are on site in the Treasure Valley",
  "JobPosting.jobLocationType": "set only for remote (TELECOMMUTE) jobs",
  // The listing's file name is its id on the site; Google's identifier is an employer's own job number.
  "JobPosting.identifier": "the business has no job numbers",
};

const describeIssue = (where: string, issue: Issue) =>
  `${where}: ${issue.severity} ${issue.rootType} ${JSON.stringify(issue.path?.map((p) => p.property ?? p.type))}: ${issue.issueMessage}`;

test.skip(({ isMobile }) => isMobile, "the files are the same at every width");

test("every prerendered page's JSON-LD: no error, no property outside schema.org, no recommended field missing but those left out on purpose", async () => {
  const pages = prerendered();
  expect(pages.length, "prerendered pages in build/client (run `npm run build` first)").toBeGreaterThan(30);
  const problems: string[] = [];
  let blocks = 0;
  for (const page of pages) {
    blocks += jsonLdBlocks(page.html).length;
    for (const issue of await structuredDataIssues(page.html)) {
      const field = /Missing field "([^"]+)" \(optional\)/.exec(issue.issueMessage)?.[1];
      const type = issue.path?.at(-1)?.type ?? issue.rootType;
      if (issue.severity === "WARNING" && field && `${type}.${field}` in LEFT_OUT) continue;
      problems.push(describeIssue(page.where, issue));
    }
  }
  expect(blocks, "JSON-LD blocks checked").toBeGreaterThan(30);
  expect(problems).toEqual([]);
});

test("a rating only once the owner confirmed it matches the Google Business Profile, with its scale", () => {
  const ratings = prerendered().flatMap((page) =>
    jsonLdBlocks(page.html).flatMap((block) =>
      block.aggregateRating ? [{ where: page.where, rating: block.aggregateRating }] : [],
    ),
  );
  if (!business.rating.confirmed) expect(ratings).toEqual([]);
  else {
    expect(ratings.length).toBeGreaterThan(0);
    for (const { rating } of ratings)
      expect(rating).toEqual({
        "@type": "AggregateRating",
        ratingValue: business.rating.value,
        reviewCount: business.rating.count,
        bestRating: 5,
        worstRating: 1,
      });
  }
});

test("the sitemap gives every page its <lastmod>: a post's own date, no date after the build", () => {
  const sitemapFile = path.join(BUILD, "sitemap.xml");
  const sitemap = readFileSync(sitemapFile, "utf8");
  const built = statSync(sitemapFile).mtime.getTime();
  const urls = [...sitemap.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => ({
    loc: /<loc>([^<]+)<\/loc>/.exec(m[1]!)?.[1] ?? "",
    lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(m[1]!)?.[1],
  }));
  expect(urls.length).toBeGreaterThan(30);
  const w3cDate = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2}))?$/;
  for (const { loc, lastmod } of urls) {
    expect(lastmod, `${loc}: lastmod`).toMatch(w3cDate);
    expect(Date.parse(lastmod!), `${loc}: not after the build`).toBeLessThanOrEqual(built);
  }
  // A post's lastmod is the date its BlogPosting says it was last changed.
  const posts = prerendered().filter((page) => /^\/blog\/[^/]+$/.test(page.where));
  expect(posts.length).toBeGreaterThan(0);
  for (const post of posts) {
    const posting = jsonLdBlocks(post.html).find((block) => block["@type"] === "BlogPosting")!;
    expect(urls.find((u) => u.loc === `${ORIGIN}${post.where}`)?.lastmod, post.where).toBe(posting.dateModified);
  }
});

test("each blog post's publisher has a logo: an image of the build, at an absolute address", () => {
  const posts = prerendered().filter((page) => /^\/blog\/[^/]+$/.test(page.where));
  expect(posts.length).toBeGreaterThan(0);
  for (const post of posts) {
    const posting = jsonLdBlocks(post.html).find((block) => block["@type"] === "BlogPosting") as {
      publisher: { "@type": string; name: string; logo?: { "@type": string; url: string } };
    };
    expect(posting.publisher).toMatchObject({ "@type": "Organization", name: business.name });
    expect(posting.publisher.logo, post.where).toMatchObject({ "@type": "ImageObject" });
    const url = new URL(posting.publisher.logo!.url);
    expect(url.origin).toBe(ORIGIN);
    const image = readFileSync(path.join(BUILD, url.pathname));
    expect(image.subarray(0, 8).toString("hex"), `${url.pathname} is a PNG`).toBe("89504e470d0a1a0a");
  }
});
