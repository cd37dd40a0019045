/**
 * The layout the customer's PDFs share (the accepted quote's copy, the invoice): pdfkit with its standard fonts (no
 * font files, no browser), US Letter, text a reader can select and `pdftotext` extracts; the business's name and
 * contacts on top, labelled facts, and rows of a text with its amount at the right edge.
 */
import PDFDocument from "pdfkit";
import { business } from "../../content/business.ts";

/** The characters the standard PDF fonts draw (WinAnsi: Latin-1 and typographic punctuation). */
const DRAWABLE = /[^\n\x20-\x7E\xA0-\xFF‘’‚“”„–—•…€™]/gu;
/** Text as the standard fonts can draw it: any other character (a name in another script) is shown as "?". */
export const drawable = (text: string) => text.normalize("NFC").replace(DRAWABLE, "?");

/** A new PDF with the business's heading and `title`; `done` resolves with its bytes once `doc.end()` is called. */
export function customerPdf(info: { Title: string; Subject?: string }, title: string) {
  const doc = new PDFDocument({ size: "LETTER", margin: 54, info: { ...info, Author: business.name } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const amountWidth = 110;
  /** A row of text with an amount at the right edge. */
  const row = (label: string, amount: string, font = "Helvetica") => {
    const y = doc.y;
    doc.font(font).text(label, left, y, { width: width - amountWidth - 12 });
    const below = doc.y;
    doc.text(amount, left + width - amountWidth, y, { width: amountWidth, align: "right" });
    doc.y = Math.max(below, doc.y) + 4;
  };
  /** "Label: value" lines. */
  const facts = (pairs: [string, string][]) => {
    for (const [label, value] of pairs) {
      doc.font("Helvetica-Bold").text(`${label}: `, left, doc.y, { continued: true });
      doc.font("Helvetica").text(value);
    }
  };
  /** A line across the page. */
  const rule = () => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .stroke();
    doc.moveDown(0.3);
  };
  doc.font("Helvetica-Bold").fontSize(18).text(business.name, left);
  doc.font("Helvetica").fontSize(10).text(`${business.phone.display} · ${business.email}`);
  doc.moveDown(1.2);
  doc.font("Helvetica-Bold").fontSize(16).text(title);
  doc.moveDown(0.5);
  doc.fontSize(11);
  return { doc, done, left, width, row, facts, rule };
}
