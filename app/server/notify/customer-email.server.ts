/**
 * The layout every e-mail to a customer shares (the reply, the booking e-mails, the reminder, the review request):
 * paragraphs rendered as plain text and HTML, the business's signature, the sender and reply address, the
 * recipient, and the list headers of a message that carries an unsubscribe link.
 *
 * Anyone can type anyone's address into a form, so these e-mails carry nothing a stranger wrote
 * (docs/security.md "It is no relay"): a name only when it is a plain name (plainName), a list entry only when it
 * is one of the form's own choices (chosenAll).
 */
import type Mail from "nodemailer/lib/mailer";
import { business } from "../../content/business.ts";
import type { LeadRow } from "../kit/leads.server.ts";
import { oneLine } from "./labels.server.ts";
import { escapeHtml } from "./mail.server.ts";

/** A paragraph: text lines for the plain part, the same escaped for HTML. */
export type Block = {
  heading?: string;
  lines: string[];
  rows?: { label: string; value: string }[];
  link?: { label: string; href: string; button?: boolean };
};

export function render(blocks: Block[], title: string): { text: string; html: string } {
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
  const htmlParts = blocks.map((b) =>
    [
      b.heading ? `<h2 style="font-size:16px;margin:20px 0 6px">${escapeHtml(b.heading)}</h2>` : "",
      ...b.lines.map((l) => `<p style="margin:6px 0">${escapeHtml(l)}</p>`),
      b.rows?.length
        ? `<table cellspacing="0" cellpadding="0">\n${b.rows
            .map(
              ({ label, value }) =>
                `<tr><th align="left" valign="top" style="padding:3px 12px 3px 0">${escapeHtml(label)}</th><td style="padding:3px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
            )
            .join("\n")}\n</table>`
        : "",
      b.link
        ? `<p style="margin:14px 0"><a href="${escapeHtml(b.link.href)}" style="${b.link.button ? "display:inline-block;background:#0f4c81;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:bold" : "color:#0f4c81"}">${escapeHtml(b.link.label)}</a></p>`
        : "",
    ]
      .filter(Boolean)
      .join("\n"),
  );
  return {
    text: textParts.join("\n\n"),
    html: `<!doctype html>
<html><body style="font-family:Arial,sans-serif;font-size:15px;line-height:1.45;color:#111;max-width:640px">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
${htmlParts.join("\n")}
</body></html>`,
  };
}

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
