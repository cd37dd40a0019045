/** Markdown to HTML at build time, for blog posts and the legal pages. Content is ours, not visitors'. */
import { Marked } from "marked";

export { fillPlaceholders } from "./placeholders.ts";

const marked = new Marked({ gfm: true, async: false });

export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown) as string;
}

/** Splits a leading "# Title" line off a document. */
export function splitTitle(markdown: string): { title: string; body: string } {
  const match = /^#\s+(.+)\n/.exec(markdown.trimStart());
  if (!match?.[1]) return { title: "", body: markdown };
  return { title: match[1].trim(), body: markdown.trimStart().slice(match[0].length) };
}
