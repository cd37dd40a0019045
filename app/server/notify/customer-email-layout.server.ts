/**
 * The HTML of every e-mail to a customer (docs/decisions/078-customer-email-layout.md): React Email's components
 * (the tables, the Outlook button padding, the meta tags mail programs need) rendered on the server with React's
 * renderToStaticMarkup, which escapes every text and attribute. The business's header (its icon as a PNG at the
 * site's address, its name), the title, the blocks, one button, the phone as a call link, and the footer line to
 * the customer's own page. Colours are the site's theme (app/app.css); dark mode: the color-scheme meta, a
 * stylesheet for the programs that honour prefers-color-scheme (Apple Mail, Outlook.com's [data-ogsc]), and
 * colours that stay legible when a program inverts them itself (Gmail, Outlook).
 *
 * Written with createElement rather than JSX so that any script run by Node alone can import it.
 */
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { createElement as h, Fragment, type CSSProperties, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { business } from "../../content/business.ts";
import { TOUCH_ICON } from "../../lib/og.ts";

/** The site's theme (app/app.css @theme): brand-50, -600, -700, -900, accent-400, slate-800. */
export const EMAIL_COLORS = {
  page: "#eef6fb",
  card: "#ffffff",
  band: "#094c73",
  button: "#0b5f8f",
  link: "#0b5f8f",
  heading: "#052a40",
  text: "#1e293b",
  accent: "#f6b23c",
} as const;

export type LayoutBlock = {
  heading?: string;
  lines: string[];
  rows?: { label: string; value: string }[];
  link?: { label: string; href: string; button?: boolean };
};

/** The footer line's words: the same in the plain-text part. */
export const ACCOUNT_LINE = "All your requests, quotes and invoices:";
export const ACCOUNT_LABEL = "Open your page";

const FONT = "Arial, Helvetica, sans-serif";
const text: CSSProperties = { fontFamily: FONT, fontSize: "16px", lineHeight: "24px", color: EMAIL_COLORS.text };
const paragraph: CSSProperties = { ...text, margin: "8px 0" };
const linkStyle: CSSProperties = { color: EMAIL_COLORS.link, textDecoration: "underline" };
const buttonStyle: CSSProperties = {
  backgroundColor: EMAIL_COLORS.button,
  color: "#ffffff",
  fontFamily: FONT,
  fontSize: "16px",
  fontWeight: "bold",
  lineHeight: "20px",
  borderRadius: "6px",
  padding: "14px 22px",
  textDecoration: "none",
  border: `2px solid ${EMAIL_COLORS.button}`,
};

/**
 * Dark mode where the program honours a stylesheet: Apple Mail and iOS Mail (prefers-color-scheme), Outlook.com
 * (it marks what it darkens with [data-ogsc]/[data-ogsb]). Gmail strips none of the inline colours but ignores
 * this; it inverts light backgrounds itself, and the button and band are dark enough to be left as they are.
 */
const DARK_CSS = `
:root { color-scheme: light dark; }
@media (prefers-color-scheme: dark) {
  .gs-page, .gs-page > table > tbody > tr > td { background-color: #0b1620 !important; }
  .gs-card { background-color: #111c26 !important; }
  .gs-text, .gs-text th, .gs-text td { color: #e2e8f0 !important; }
  .gs-heading { color: #ffffff !important; }
  .gs-link { color: #a9d0ea !important; }
}
[data-ogsc] .gs-text, [data-ogsc] .gs-text th, [data-ogsc] .gs-text td { color: #e2e8f0 !important; }
[data-ogsc] .gs-heading { color: #ffffff !important; }
[data-ogsc] .gs-link { color: #a9d0ea !important; }
[data-ogsb] .gs-page, [data-ogsb] .gs-page > table > tbody > tr > td { background-color: #0b1620 !important; }
[data-ogsb] .gs-card { background-color: #111c26 !important; }
`;

/** A line with the business's phone number written as a call link (the only link a line may hold). */
function lineWithPhone(line: string): ReactNode {
  const parts = line.split(business.phone.display);
  if (parts.length === 1) return line;
  return parts.flatMap((part, i) =>
    i === 0
      ? [part]
      : [
          h(
            Link,
            { key: `tel-${i}`, href: business.phone.href, className: "gs-link", style: linkStyle },
            business.phone.display,
          ),
          part,
        ],
  );
}

/** A value over several lines, each its own line (no white-space: pre-wrap, which some programs drop). */
const multiline = (value: string): ReactNode =>
  value
    .split("\n")
    .flatMap((part, i) => (i === 0 ? [lineWithPhone(part)] : [h("br", { key: i }), lineWithPhone(part)]));

function rowsTable(rows: NonNullable<LayoutBlock["rows"]>): ReactNode {
  const cell: CSSProperties = { ...text, padding: "6px 0", verticalAlign: "top", textAlign: "left" };
  return h(
    "table",
    {
      role: "presentation",
      cellPadding: 0,
      cellSpacing: 0,
      border: 0,
      width: "100%",
      className: "gs-text",
      style: { borderCollapse: "collapse", margin: "8px 0" },
    },
    h(
      "tbody",
      null,
      rows.map(({ label, value }, i) =>
        h(
          "tr",
          { key: i },
          h("th", { style: { ...cell, fontWeight: "bold", paddingRight: "12px", width: "38%" } }, label),
          h("td", { style: cell }, multiline(value)),
        ),
      ),
    ),
  );
}

const button = (label: string, href: string) =>
  h(
    Section,
    { style: { margin: "20px 0" } },
    h(Button, { href, style: buttonStyle, target: "_blank", className: "gs-button" }, label),
  );

function blockElement(block: LayoutBlock, key: number): ReactNode {
  return h(
    Fragment,
    { key },
    block.heading
      ? h(
          Heading,
          {
            as: "h2",
            className: "gs-heading",
            style: {
              fontFamily: FONT,
              fontSize: "18px",
              lineHeight: "24px",
              color: EMAIL_COLORS.heading,
              margin: "24px 0 6px",
            },
          },
          block.heading,
        )
      : null,
    block.lines.map((line, i) => h(Text, { key: i, className: "gs-text", style: paragraph }, lineWithPhone(line))),
    block.rows?.length ? rowsTable(block.rows) : null,
    block.link
      ? block.link.button
        ? button(block.link.label, block.link.href)
        : h(
            Text,
            { className: "gs-text", style: { ...paragraph, margin: "14px 0" } },
            h(Link, { href: block.link.href, className: "gs-link", style: linkStyle }, block.link.label),
          )
      : null,
  );
}

/**
 * The e-mail's HTML. `account` is the absolute link to the customer's own page: its origin gives the icon's
 * address. When no block holds a button, the account link is the e-mail's one button.
 */
export function layoutHtml(blocks: LayoutBlock[], title: string, account: string): string {
  const origin = new URL(account).origin;
  const buttons = blocks.filter((b) => b.link?.button).length;
  if (buttons > 1) throw new Error("a customer e-mail has one button");
  const element = h(
    Html,
    { lang: "en", dir: "ltr" },
    h(
      Head,
      null,
      h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
      h("meta", { name: "color-scheme", content: "light dark" }),
      h("meta", { name: "supported-color-schemes", content: "light dark" }),
      h("title", null, title),
      h("style", { dangerouslySetInnerHTML: { __html: DARK_CSS } }),
    ),
    h(
      Body,
      { className: "gs-page", style: { backgroundColor: EMAIL_COLORS.page, margin: 0, padding: "16px 0" } },
      h(
        Container,
        {
          className: "gs-card",
          style: { backgroundColor: EMAIL_COLORS.card, maxWidth: "600px", width: "100%", borderRadius: "8px" },
        },
        h(
          Section,
          {
            style: {
              backgroundColor: EMAIL_COLORS.band,
              borderRadius: "8px 8px 0 0",
              padding: "14px 20px",
              borderBottom: `4px solid ${EMAIL_COLORS.accent}`,
            },
          },
          h(
            "table",
            { role: "presentation", cellPadding: 0, cellSpacing: 0, border: 0 },
            h(
              "tbody",
              null,
              h(
                "tr",
                null,
                h(
                  "td",
                  { style: { paddingRight: "12px", verticalAlign: "middle" } },
                  h(Img, {
                    src: `${origin}${TOUCH_ICON.path}`,
                    width: 44,
                    height: 44,
                    alt: "",
                    // Not a page: React would otherwise add a <link rel="preload"> for it to the head.
                    loading: "lazy",
                    style: { borderRadius: "8px", display: "block" },
                  }),
                ),
                h(
                  "td",
                  {
                    style: {
                      fontFamily: FONT,
                      fontSize: "18px",
                      lineHeight: "22px",
                      fontWeight: "bold",
                      color: "#ffffff",
                      verticalAlign: "middle",
                    },
                  },
                  business.name,
                ),
              ),
            ),
          ),
        ),
        h(
          Section,
          { style: { padding: "8px 20px 20px" } },
          h(
            Heading,
            {
              as: "h1",
              className: "gs-heading",
              style: {
                fontFamily: FONT,
                fontSize: "22px",
                lineHeight: "28px",
                color: EMAIL_COLORS.heading,
                margin: "16px 0 8px",
              },
            },
            title,
          ),
          blocks.map(blockElement),
          h(Hr, { style: { borderColor: "#d5e8f5", margin: "20px 0 12px" } }),
          buttons === 0
            ? h(
                Fragment,
                null,
                h(Text, { className: "gs-text", style: paragraph }, ACCOUNT_LINE),
                button(ACCOUNT_LABEL, account),
              )
            : h(
                Text,
                { className: "gs-text", style: paragraph },
                `${ACCOUNT_LINE} `,
                h(Link, { href: account, className: "gs-link", style: linkStyle }, ACCOUNT_LABEL),
              ),
        ),
      ),
    ),
  );
  return `<!DOCTYPE html>${renderToStaticMarkup(element)}`;
}
