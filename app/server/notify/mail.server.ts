/**
 * The owner's e-mail about a new lead (the visitor's reply is composed in reply.server.ts and sent the same way). composeLeadEmail is pure: every value from the visitor is reduced to
 * one line before it goes into a header and HTML-escaped before it goes into the HTML body.
 * With MAIL_TRANSPORT=files (the default without SMTP_URL outside production) the message is written to
 * DATA_DIR/mail/{jobId}.eml instead, so nothing is lost in development; purgeMailFiles removes old ones.
 */
import { mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import { business } from "../../content/business.ts";
import { visible } from "../../lib/text.ts";
import type { Env } from "../kit/env.server.ts";
import { type FieldViews, formatTime, LEAD_FIELD_VIEWS, labelFor, oneLine, ownerValue } from "./labels.server.ts";
import type { Delivery } from "./delivery.server.ts";
import { referenceOf } from "../kit/reference.server.ts";
import { spamFlag } from "../kit/spam-signal.server.ts";
import type { LeadRow, LeadKind } from "../kit/leads.server.ts";

/** SITE_URL: the origin of the links to the request's photos in the inbox. */
type MailEnv = Pick<Env, "MAIL_FROM" | "LEADS_TO"> & Partial<Pick<Env, "SITE_URL">>;

/**
 * The links to a request's photos in the owner's inbox (a signed-in owner only opens them; the e-mail carries
 * no photo), one per name in its `photosReceived` field: the photos are numbered from 1 in that order.
 */
export function photoLinks(lead: Pick<LeadRow, "id" | "fields">, siteUrl = ""): { label: string; href: string }[] {
  const names = lead.fields.photosReceived;
  if (!Array.isArray(names)) return [];
  const origin = siteUrl.replace(/\/+$/, "");
  return names.map((name, i) => ({
    label: `Photo ${i + 1}: ${line(name)}`,
    href: `${origin}/admin/requests/${encodeURIComponent(lead.id)}/photos/${i + 1}`,
  }));
}

const titles: Record<LeadKind, string> = {
  estimate: "New estimate request",
  contact: "New contact request",
  newsletter: "New newsletter sign-up",
  application: "New job application",
};

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const truncate = (value: string, max: number) => {
  const chars = Array.from(value);
  return chars.length <= max ? value : `${chars.slice(0, max - 1).join("")}…`;
};

/** A field that should be text, as one line; anything else as "". */
const line = (value: unknown): string => (typeof value === "string" ? oneLine(value) : "");

/** "New estimate request: Jane Doe, 83646 (Meridian)", one line, at most 150 characters; a flagged request starts "[Check: sent fast] ". */
export function leadSubject(lead: LeadRow): string {
  const who = line(lead.contact.name) || line(lead.contact.email);
  const city = line(lead.fields.city);
  const where = [line(lead.contact.zip), city && `(${city})`].filter(Boolean).join(" ");
  const detail = lead.kind === "application" ? line(lead.fields.position) : where;
  const outside = lead.inServiceArea === false ? " [outside service area]" : "";
  const flag = spamFlag(lead.fields);
  return truncate(
    `${flag ? `[${flag}] ` : ""}${titles[lead.kind]}: ${[who, detail].filter(Boolean).join(", ")}${outside}`,
    150,
  );
}

/** Every field with its label, then where the request came from and the consent proof. */
function leadRows(lead: LeadRow, attachment: Delivery["attachment"], views: FieldViews): [string, string][] {
  const { context, consent } = lead;
  const rows: [string, string][] = Object.entries(lead.fields).map(([key, value]) => [
    labelFor(key, views),
    ownerValue(key, value, views) || "(not given)",
  ]);
  rows.push(
    ["In service area", lead.inServiceArea === null ? "Unknown" : lead.inServiceArea ? "Yes" : "No (confirm coverage)"],
    ["Received", formatTime(lead.createdAt)],
    ["Sent from page", context.page],
    ["Landing page", context.landingPage ?? "(unknown)"],
    ["Referrer", context.referrer ?? "(none)"],
    ...Object.entries(context.utm).map(([key, value]): [string, string] => [key, value]),
  );
  if (context.gclid) rows.push(["gclid", context.gclid]);
  if (consent)
    rows.push(["Consent proof", `Given ${formatTime(consent.at)}, wording ${consent.version}:\n${consent.text}`]);
  if (attachment) rows.push(["Attachment", attachment.filename]);
  if (lead.kind === "newsletter")
    rows.push([
      "Subscription",
      "Waiting for the subscriber to confirm (double opt-in); only confirmed addresses are listed by npm run leads -- subscribers",
    ]);
  else rows.push(["Reference", referenceOf(lead.id)]);
  rows.push(["Request ID", lead.id]);
  return rows;
}

/** The owner's e-mails' body: a long unbroken value (an address, a link, a word) wraps instead of widening a phone's screen. */
export const OWNER_BODY_STYLE =
  "font-family:Arial,sans-serif;font-size:14px;color:#111;overflow-wrap:anywhere;word-break:break-word";

/**
 * The HTML of an owner's e-mail about one event of a request: its title, a table of label/value rows, optional
 * paragraphs, and the link to the request in the inbox (every value escaped here).
 */
export function ownerSummaryHtml(opts: {
  title: string;
  rows: [string, string][];
  paragraphs?: string[];
  link: string;
}): string {
  return `<!doctype html>
<html><body style="${OWNER_BODY_STYLE}">
<h1 style="font-size:18px">${escapeHtml(opts.title)}</h1>
<table cellspacing="0" cellpadding="0">
${opts.rows.map(([label, value]) => `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`).join("\n")}
</table>
${(opts.paragraphs ?? []).map((p) => `<p>${escapeHtml(p)}</p>\n`).join("")}<p><a href="${escapeHtml(opts.link)}">Open the request in the inbox</a></p>
</body></html>`;
}

const looksLikeAddress = (value: string) => /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+$/.test(value);

/**
 * The message for one delivery job, its fields as `views` shows them (the site's forms'). Its Message-ID is
 * derived from the job id, so a resend after a crash is recognisable.
 */
export function composeLeadEmail(
  { jobId, lead, attachment }: Delivery,
  env: MailEnv,
  views: FieldViews = LEAD_FIELD_VIEWS,
): Mail.Options {
  const title = titles[lead.kind];
  const rows = leadRows(lead, attachment, views);
  const photos = photoLinks(lead, env.SITE_URL);
  const photoIntro = "Photos (open them signed in to the inbox):";
  const replyAddress = oneLine(lead.contact.email);
  const replyName = line(lead.contact.name);
  const domain = env.MAIL_FROM.split("@").pop();
  const textBody = [
    title,
    "",
    ...rows.map(([label, value]) =>
      value.includes("\n") ? `${label}:\n  ${value.split("\n").join("\n  ")}` : `${label}: ${value}`,
    ),
    ...(photos.length ? ["", photoIntro, ...photos.map((p) => `  ${p.label}: ${p.href}`)] : []),
    "",
    "Reply to this e-mail to answer the sender.",
  ].join("\n");
  const htmlRows = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join("\n");
  const html = `<!doctype html>
<html><body style="${OWNER_BODY_STYLE}">
<h1 style="font-size:18px">${escapeHtml(title)}</h1>
<table cellspacing="0" cellpadding="0">
${htmlRows}
</table>
${photos.length ? `<p>${escapeHtml(photoIntro)}</p>\n<ul>\n${photos.map((p) => `<li><a href="${escapeHtml(p.href)}">${escapeHtml(p.label)}</a></li>`).join("\n")}\n</ul>\n` : ""}<p>Reply to this e-mail to answer the sender.</p>
</body></html>`;
  return {
    from: { name: `${business.name} website`, address: env.MAIL_FROM },
    to: env.LEADS_TO,
    replyTo: looksLikeAddress(replyAddress) ? { name: replyName, address: replyAddress } : undefined,
    subject: leadSubject(lead),
    messageId: `<lead-${jobId}@${domain}>`,
    headers: { "X-Lead-Id": lead.id },
    text: textBody,
    html,
    attachments: attachment
      ? [
          {
            filename: oneLine(attachment.filename) || "attachment",
            contentType: oneLine(attachment.contentType),
            content: Buffer.from(attachment.bytes),
          },
        ]
      : [],
  };
}

/** Every e-mail the site sends is written by a program (RFC 3834): mail systems then send it no vacation replies. */
function autoSubmitted(message: Mail.Options): Mail.Options {
  const headers = message.headers;
  const header = { key: "Auto-Submitted", value: "auto-generated" };
  if (Array.isArray(headers)) return { ...message, headers: [...headers, header] };
  return { ...message, headers: { ...headers, [header.key]: header.value } };
}

type Address = Mail.Options["to"];
const safeAddress = (value: Address): Address =>
  typeof value === "string"
    ? oneLine(value)
    : Array.isArray(value)
      ? (value.map(safeAddress) as Address)
      : value && { name: oneLine(value.name ?? ""), address: oneLine(value.address ?? "") };

/**
 * Every e-mail as it leaves (createMailSender), whatever composed it: the subject, the display names and
 * addresses and the other headers one line each, the bodies and attachments' names with each hidden character
 * (a control, a direction override: app/lib/text.ts) shown as "�". The calendar part is left as it is: it
 * escapes its own text (ics.server.ts) and needs its CRLF line ends.
 */
export function safeMail(message: Mail.Options): Mail.Options {
  const headers = message.headers as Record<string, string> | undefined;
  return {
    ...message,
    ...(message.from ? { from: safeAddress(message.from as Address) as Mail.Options["from"] } : {}),
    ...(message.to ? { to: safeAddress(message.to) } : {}),
    ...(message.replyTo ? { replyTo: safeAddress(message.replyTo as Address) as Mail.Options["replyTo"] } : {}),
    ...(typeof message.subject === "string" ? { subject: oneLine(message.subject) } : {}),
    ...(headers
      ? { headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, oneLine(value)])) }
      : {}),
    ...(typeof message.text === "string" ? { text: visible(message.text) } : {}),
    ...(typeof message.html === "string" ? { html: visible(message.html) } : {}),
    ...(message.attachments
      ? {
          attachments: message.attachments.map((a) =>
            typeof a.filename === "string" ? { ...a, filename: oneLine(a.filename) } : a,
          ),
        }
      : {}),
  };
}

/**
 * Sends through SMTP_URL, or without it (parseEnv clears it with MAIL_TRANSPORT=files) writes DATA_DIR/mail/{jobId}.eml. Over smtp:// the
 * connection must be upgraded with STARTTLS (requireTLS) unless the URL says otherwise (`?requireTLS=false`).
 */
export function createMailSender(
  env: Pick<Env, "SMTP_URL" | "DATA_DIR"> & MailEnv,
  compose: (delivery: Delivery) => Mail.Options | Promise<Mail.Options> = (delivery) => composeLeadEmail(delivery, env),
): (delivery: Delivery) => Promise<void> {
  if (env.SMTP_URL) {
    // Options from the URL's query string win over these (nodemailer merges the URL last).
    const transport = nodemailer.createTransport({
      url: env.SMTP_URL,
      requireTLS: true,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    return async (delivery) => {
      await transport.sendMail(autoSubmitted(safeMail(await compose(delivery))));
    };
  }
  // CRLF throughout, as on the wire (without `newline`, line breaks inside a quoted-printable body stay bare LF).
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  const dir = path.join(env.DATA_DIR, "mail");
  return async (delivery) => {
    const { message } = await transport.sendMail(autoSubmitted(safeMail(await compose(delivery))));
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, `${delivery.jobId}.eml`), message);
  };
}

/** Deletes the .eml files in DATA_DIR/mail older than `maxAgeMs` (the retention purge); returns how many. */
export async function purgeMailFiles(dataDir: string, maxAgeMs: number, now = new Date()): Promise<number> {
  const dir = path.join(dataDir, "mail");
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith(".eml")) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && now.getTime() - info.mtimeMs > maxAgeMs) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
