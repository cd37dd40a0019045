import { visible } from "../../../lib/text.ts";

/**
 * CSV per RFC 4180 (CRLF after every record, quotes doubled): every text cell is quoted (an import that
 * takes quoted cells as text, like LibreOffice's "Format quoted field as text", keeps a ZIP code's leading
 * zero); the file starts with a UTF-8 byte-order mark, so Excel, Google Sheets and LibreOffice's import
 * dialog read accents and dashes as UTF-8 rather than as the system's code page (python reads it with
 * encoding="utf-8-sig"); and a cell starting with = + - @ tab or a line break gets a leading single quote, so it is
 * shown as text instead of being run as a formula. Nothing else gets one: write values that start that way
 * only when they must (a phone number in its display form, not +1…). A hidden character (a control, a direction
 * override: app/lib/text.ts) is written as "�" and a CR as a line feed, so a cell never carries a NUL or reads in
 * another order than it is stored.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? "" : visible(String(value));
  if (/^[=+\-@\t\r\n]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** The byte-order mark a CSV file starts with (U+FEFF, EF BB BF in UTF-8). */
export const BOM = "\uFEFF";

/**
 * A cell written as it is, unquoted: only a date, a time or a number: digits, - / : . and spaces, not first a -,
 * or a negative amount (-12.50: a minus, digits and one point, nothing a spreadsheet could run).
 */
export interface RawCell {
  raw: string;
}
type Cell = string | number | boolean | null | undefined | RawCell;

const writeCell = (cell: Cell): string =>
  typeof cell === "object" && cell !== null
    ? /^\d[\d:. /-]*$/.test(cell.raw) || /^-\d+(\.\d+)?$/.test(cell.raw)
      ? cell.raw
      : csvCell(cell.raw)
    : csvCell(cell);

/** The rows as CSV, with the byte-order mark unless `bom` is false (for an import that reads UTF-8 anyway). */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<Cell>>, { bom = true } = {}): string {
  return (bom ? BOM : "") + rows.map((row) => `${row.map(writeCell).join(",")}\r\n`).join("");
}
