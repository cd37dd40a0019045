import { visible } from "../../lib/text.ts";

/**
 * CSV per RFC 4180 (CRLF after every record, quotes doubled) for spreadsheet programs: every cell is quoted,
 * so none is read as a number or a date (a ZIP code keeps its leading zero, a phone number its form); the
 * file starts with a UTF-8 byte-order mark, so Excel reads accents and dashes as UTF-8 rather than as the
 * system's code page; and a cell starting with = + - @ tab or a line break gets a leading single quote, so it is shown
 * as text instead of being run as a formula. A hidden character (a control, a direction override: app/lib/text.ts)
 * is written as "�" and a CR as a line feed, so a cell never carries a NUL or reads in another order than it is stored.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? "" : visible(String(value));
  if (/^[=+\-@\t\r\n]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** The byte-order mark a CSV file starts with (U+FEFF, EF BB BF in UTF-8). */
export const BOM = "\uFEFF";

export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null | undefined>>): string {
  return BOM + rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}
