import privacy from "../../content/legal/privacy-policy.md?raw";
import terms from "../../content/legal/terms-of-service.md?raw";
import { fillPlaceholders, renderMarkdown, splitTitle } from "./markdown.server.ts";

const documents = { privacy, terms };

export function legalDocument(name: keyof typeof documents) {
  const { title, body } = splitTitle(fillPlaceholders(documents[name]));
  return { title, html: renderMarkdown(body) };
}
