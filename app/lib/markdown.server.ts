/** Markdown to HTML at build time, for blog posts and the legal pages. Content is ours, not visitors'. */
import { Marked } from "marked";
import { business } from "../content/business.ts";

const marked = new Marked({ gfm: true, async: false });

/** Replaces {{phone}}, {{email}}, {{name}}, {{legalName}} so the legal text never copies a constant. */
export function fillPlaceholders(markdown: string) {
  const values: Record<string, string> = {
    phone: business.phone.display,
    email: business.email,
    name: business.name,
    legalName: business.legalName,
    replyWithinHours: String(business.replyWithinHours),
  };
  return markdown.replace(/\{\{(\w+)\}\}/g, (match, key: string) => values[key] ?? match);
}

export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown) as string;
}

/** Splits a leading "# Title" line off a document. */
export function splitTitle(markdown: string): { title: string; body: string } {
  const match = /^#\s+(.+)\n/.exec(markdown.trimStart());
  if (!match?.[1]) return { title: "", body: markdown };
  return { title: match[1].trim(), body: markdown.trimStart().slice(match[0].length) };
}
