/**
 * CSV per RFC 4180 (CRLF after every record; a field holding a comma, quote, CR or LF is quoted, quotes doubled)
 * that is safe to open in a spreadsheet: a cell starting with = + - @ tab or CR gets a leading single quote,
 * so it is shown as text instead of being run as a formula.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null | undefined>>): string {
  return rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}
