/**
 * Blog posts: Markdown files with frontmatter in content/blog/, validated by Zod and rendered to HTML
 * at build time. Read time is computed from the words.
 */
import { parse as parseYaml } from "yaml";
import { renderMarkdown } from "../lib/markdown.server.ts";
import { slugify } from "../lib/paths.ts";
import { postFrontmatter, type PostFrontmatter } from "./blog-schema.ts";

const files = import.meta.glob<string>("../../content/blog/*.md", { query: "?raw", import: "default", eager: true });

export interface Post extends PostFrontmatter {
  categorySlug: string;
  readTime: string;
  words: number;
  html: string;
}

const WORDS_PER_MINUTE = 225;

export function parsePost(fileName: string, source: string): Post {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source.replace(/\r\n/g, "\n"));
  if (!match) throw new Error(`${fileName}: missing frontmatter`);
  const parsed = postFrontmatter.safeParse(parseYaml(match[1] ?? ""));
  if (!parsed.success) {
    throw new Error(
      `${fileName}: invalid frontmatter: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
  }
  const expected = fileName.replace(/^.*\//, "").replace(/\.md$/, "");
  if (parsed.data.slug !== expected)
    throw new Error(`${fileName}: slug "${parsed.data.slug}" must match the file name`);
  const body = match[2] ?? "";
  const words = body.split(/\s+/).filter((w) => /\w/.test(w)).length;
  return {
    ...parsed.data,
    categorySlug: slugify(parsed.data.category),
    words,
    readTime: `${Math.max(1, Math.round(words / WORDS_PER_MINUTE))} min read`,
    html: renderMarkdown(body),
  };
}

/** All posts, newest first. */
export const posts: Post[] = Object.entries(files)
  .map(([file, source]) => parsePost(file, source))
  .sort((a, b) => b.date.localeCompare(a.date));

export const summary = ({ html: _html, ...post }: Post) => post;

/** "2026-03-12" → "March 12, 2026". */
export const formatPostDate = (isoDate: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));
