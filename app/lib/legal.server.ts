import privacy from "../../content/legal/privacy-policy.md?raw";
import terms from "../../content/legal/terms-of-service.md?raw";
import { lateCancellationTerms } from "./late-cancellation.ts";
import { fillPlaceholders, renderMarkdown, splitTitle } from "./markdown.server.ts";

const documents = { privacy, terms };

export function legalDocument(name: keyof typeof documents) {
  const filled = documents[name].replaceAll("{{lateCancellation}}", lateCancellationTerms());
  const { title, body } = splitTitle(fillPlaceholders(filled));
  return { title, html: renderMarkdown(body) };
}
