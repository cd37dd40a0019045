/**
 * What every e-mail to a customer shares (the reply, the booking e-mails, the reminders, the review request, the
 * quote, the accepted copy, the invoice and its reminders, the receipt): paragraphs rendered as plain text and as
 * the business's HTML layout (customer-email-layout.server.ts), the footer link to the customer's own page
 * (/account), the business's signature, the sender and reply address, the recipient, and the list headers of a
 * message that carries an unsubscribe link.
 *
 * Anyone can type anyone's address into a form, so these e-mails carry nothing a stranger wrote
 * (docs/security.md "It is no relay"): a name only when it is a plain name (plainName), a list entry only when it
 * is one of the form's own choices (chosenAll).
 */
import type Mail from "nodemailer/lib/mailer";
import { business } from "../../content/business.ts";
import type { LeadRow } from "../kit/leads.server.ts";
import type { Database } from "../kit/db/database.server.ts";
import type { Env } from "../kit/env.server.ts";
import { accountPath, linkSecret } from "../kit/signed-links.server.ts";
import { ACCOUNT_LINE, layoutHtml, type LayoutBlock } from "./customer-email-layout.server.ts";
import { oneLine } from "./labels.server.ts";

/** A paragraph: text lines for the plain part, the same escaped in the HTML (customer-email-layout.server.ts). */
export type Block = LayoutBlock;

/**
 * The e-mail's plain-text part and HTML. `account` is the absolute link to the customer's own page
 * (accountUrl): every customer e-mail ends with it, and its origin is where the HTML's icon is.
 */
export function render(blocks: Block[], title: string, account: string): { text: string; html: string } {
  const textParts = blocks.map((b) =>
    [
      b.heading ? `${b.heading}\n${"-".repeat(b.heading.length)}` : "",
      ...b.lines,
      ...(b.rows ?? []).map(({ label, value }) =>
        value.includes("\n") ? `${label}:\n  ${value.split("\n").join("\n  ")}` : `${label}: ${value}`,
      ),
      b.link ? `${b.link.label}:\n${b.link.href}` : "",
    ]
      .filter(Boolean)
      .join("\n"),
  );
  textParts.push(`${ACCOUNT_LINE}\n${account}`);
  return { text: textParts.join("\n\n"), html: layoutHtml(blocks, title, account) };
}

/** The absolute link to the customer's own page that an e-mail about request `leadId` carries (a week: signed-links). */
export const accountLink = (siteUrl: string, leadId: string, secret: string, now: Date): string =>
  `${new URL(siteUrl).origin}${accountPath("email", leadId, secret, now)}`;

/** accountLink, with the site's key read as every link's is. */
export const accountUrl = async (
  database: Database,
  env: Pick<Env, "SITE_URL" | "LINK_SECRET">,
  leadId: string,
  now: Date,
): Promise<string> => accountLink(env.SITE_URL, leadId, await linkSecret(database, env), now);

export const signature = (): Block => ({
  lines: [
    business.name,
    business.dba,
    `${business.phone.display} · ${business.email}`,
    business.origin.replace(/^https?:\/\//, ""),
  ],
});

/** The longest name the reply greets with; a longer "name" is greeted without it. */
const MAX_NAME = 30;

/** A name as the visitor typed it, when it is only letters (and single spaces, hyphens or apostrophes between them); else "". */
export function plainName(value: unknown): string {
  const name = typeof value === "string" ? value.normalize("NFC").trim() : "";
  return name.length <= MAX_NAME && /^\p{L}+(?:[ '’-]\p{L}+)*$/u.test(name) ? name : "";
}

type Option = { readonly value: string; readonly label: string };
/** The label of a stored choice when it is one of the list's (stored as its value or its label); else "". */
export const chosen = (options: readonly Option[], value: unknown): string =>
  typeof value === "string" ? (options.find((o) => o.value === value || o.label === value)?.label ?? "") : "";
export const chosenAll = (options: readonly Option[], value: unknown): string =>
  Array.isArray(value)
    ? value
        .map((v) => chosen(options, v))
        .filter(Boolean)
        .join(", ")
    : "";

export const looksLikeAddress = (value: string) => /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+$/.test(value);

/**
 * Where an e-mail to the visitor goes: their address (BAD_RECIPIENT when it is not one) and, as the display
 * name, their first and last name only when both are plain names (the name is the visitor's own words too).
 */
export function customerRecipient(lead: Pick<LeadRow, "contact" | "fields">): {
  to: NonNullable<Mail.Options["to"]>;
  name: string;
  address: string;
} {
  const address = oneLine(lead.contact.email);
  if (!looksLikeAddress(address)) throw Object.assign(new Error("not an e-mail address"), { code: "BAD_RECIPIENT" });
  const names = [plainName(lead.fields.firstName), plainName(lead.fields.lastName)];
  const name = names.every(Boolean) ? names.join(" ") : "";
  return { to: name ? { name, address } : address, name, address };
}

/** The sender, reply address and Message-ID (derived from the job, so a resend after a crash is recognisable) of every e-mail to a customer; `tag` says what it is. */
export const fromBusiness = (mailFrom: string, tag: string, jobId: string) => ({
  from: { name: business.name, address: mailFrom },
  replyTo: { name: business.name, address: business.email },
  messageId: `<${tag}-${jobId}@${mailFrom.split("@").pop()}>`,
});

/**
 * The headers every e-mail to a subscriber carries (RFC 2369 and RFC 8058): mail programs show an
 * Unsubscribe button that POSTs `List-Unsubscribe=One-Click` to the https link. RFC 8058 allows one-click
 * only over https: with an http link (SITE_URL in development) the
 * e-mail carries List-Unsubscribe alone, and still goes out.
 */
export function listUnsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  const list = { "List-Unsubscribe": `<${unsubscribeUrl}>` };
  return /^https:\/\//.test(unsubscribeUrl) ? { ...list, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : list;
}
