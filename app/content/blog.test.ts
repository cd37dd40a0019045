import { describe, expect, it } from "vitest";
import { limits } from "../lib/limits.ts";
import { slugify } from "../lib/paths.ts";
import { blogCategories } from "./blog-schema.ts";
import { parsePost, posts, summary } from "./blog.server.ts";

const frontmatter = {
  title: "A Test Post",
  slug: "a-test-post",
  excerpt: "A short excerpt for a test post.",
  author: "Test Author",
  date: "2026-03-12",
  category: "Education",
};

/** A post file as it would sit in content/blog/, with frontmatter fields overridden or removed (undefined). */
function source(fields: Record<string, string | undefined> = {}, body = "Some words for the body.\n") {
  const lines = Object.entries({ ...frontmatter, ...fields })
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return `---\n${lines.join("\n")}\n---\n\n${body}`;
}

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

describe("the posts", () => {
  it("fill the blog's six cards, each with category, read time, title, excerpt, author and date", () => {
    expect(posts.length).toBeGreaterThanOrEqual(limits.blogPosts);
    for (const post of posts) {
      expect(post.title.trim(), post.slug).not.toBe("");
      expect(post.excerpt.trim(), post.slug).not.toBe("");
      expect(post.author.trim(), post.slug).not.toBe("");
      expect(post.date, post.slug).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(post.date)), post.slug).toBe(false);
      expect(blogCategories, post.slug).toContain(post.category);
      expect(post.readTime, post.slug).toMatch(/^\d+ min read$/);
      expect(post.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(post.categorySlug).toBe(slugify(post.category));
      if (post.updated) expect(post.updated >= post.date, `${post.slug} is updated after it was published`).toBe(true);
    }
  });

  it("give every category of the filter at least one post", () => {
    for (const category of blogCategories)
      expect(
        posts.some((p) => p.category === category),
        category,
      ).toBe(true);
  });

  it("have unique slugs and titles and are sorted newest first", () => {
    expect(new Set(posts.map((p) => p.slug)).size).toBe(posts.length);
    expect(new Set(posts.map((p) => p.title)).size).toBe(posts.length);
    const dates = posts.map((p) => p.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  // A post is as long as the owner makes it (a short tip is a post too): it has words, and its read time
  // follows from them. The rule for long articles' headings is the Markdown's, tested in parsePost below.
  it("have a body, with a read time that follows from its words", () => {
    for (const post of posts) {
      expect(post.words, post.slug).toBeGreaterThan(0);
      expect(post.readTime, post.slug).toBe(`${Math.max(1, Math.round(post.words / 225))} min read`);
    }
  });

  it("are rendered from Markdown to HTML, and summaries leave the HTML out", () => {
    for (const post of posts) {
      expect(post.html, post.slug).toMatch(/^<(p|h2|ul|ol|blockquote)[\s>]/);
      expect(post.html, post.slug).not.toMatch(/^#+ /m);
      expect(post.html, post.slug).not.toContain("---");
      expect(summary(post)).not.toHaveProperty("html");
      expect(summary(post).title).toBe(post.title);
    }
  });
});

describe("parsePost", () => {
  it("accepts a well-formed post", () => {
    const post = parsePost("../../content/blog/a-test-post.md", source());
    expect(post).toMatchObject({ ...frontmatter, categorySlug: "education", readTime: "1 min read", words: 5 });
    expect(post.html).toContain("<p>Some words for the body.</p>");
  });

  it("renders a post's ## headings as the article's h2 sections", () => {
    const post = parsePost("a-test-post.md", source({}, "Intro words.\n\n## When to do it\n\nIn May.\n"));
    expect(post.html).toMatch(/<h2[^>]*>When to do it<\/h2>/);
    expect(post.html).not.toContain("##");
  });

  it("computes the read time from the words, not from the frontmatter", () => {
    expect(parsePost("a-test-post.md", source({}, words(450))).readTime).toBe("2 min read");
    expect(parsePost("a-test-post.md", source({}, words(1000))).readTime).toBe("4 min read");
    expect(parsePost("a-test-post.md", source({}, words(20))).readTime).toBe("1 min read");
    expect(parsePost("a-test-post.md", source({ readTime: "99 min read" }, words(450))).readTime).toBe("2 min read");
  });

  it("accepts an optional updated date and YAML dates written without quotes", () => {
    const post = parsePost(
      "a-test-post.md",
      `---\ntitle: T\nslug: a-test-post\nexcerpt: E\nauthor: A\ndate: 2026-03-12\nupdated: 2026-04-01\ncategory: Safety\n---\nBody\n`,
    );
    expect(post.date).toBe("2026-03-12");
    expect(post.updated).toBe("2026-04-01");
    expect(post.categorySlug).toBe("safety");
  });

  it.each([
    ["an unknown category", { category: "Gardening" }, /category/],
    ["a missing title", { title: undefined }, /title/],
    ["an empty title", { title: "   " }, /title/],
    ["a missing excerpt", { excerpt: undefined }, /excerpt/],
    ["a missing author", { author: undefined }, /author/],
    ["a date that is not a date", { date: "March 12, 2026" }, /date/],
    ["a bad updated date", { updated: "soon" }, /updated/],
    ["a slug that is not a slug", { slug: "Not A Slug" }, /slug/],
  ])("rejects %s, naming the field", (_label, fields, field) => {
    expect(() => parsePost("a-test-post.md", source(fields))).toThrow(field);
    expect(() => parsePost("a-test-post.md", source(fields))).toThrow(/a-test-post\.md: invalid frontmatter/);
  });

  it("rejects a slug that does not match the file name", () => {
    expect(() => parsePost("../../content/blog/another-name.md", source())).toThrow(
      /slug "a-test-post" must match the file name/,
    );
  });

  it("rejects a file without frontmatter", () => {
    expect(() => parsePost("a-test-post.md", "# Just Markdown\n\nNo frontmatter here.\n")).toThrow(
      /missing frontmatter/,
    );
  });
});
