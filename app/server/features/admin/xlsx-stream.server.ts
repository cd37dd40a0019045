/**
 * A one-sheet .xlsx workbook written as a stream: the sheet's rows are turned into XML and deflated as they come
 * (a batch of rows at a time), so an export of 20,000 requests holds one batch, never the whole sheet. Every
 * workbook the site makes is written here: the requests (./xlsx.server.ts) and the books (./books-export.server.ts).
 * Text cells with the Text format "@" as inline strings (no shared-string table to keep; an empty text is a blank
 * cell, not written), Boise's wall clock as a date cell, a calendar day as a date, dollar amounts as numbers; a
 * bold, frozen header row and the columns' widths (docs/decisions/052-export-cost.md). The ZIP container is written
 * here (node:zlib's raw deflate and crc32, a data descriptor after each part, the central directory at the end).
 */
import { Readable } from "node:stream";
import { constants, crc32, createDeflateRaw } from "node:zlib";
import { visible } from "../../../lib/text.ts";
import type { SheetCell } from "./export.server.ts";

/** Style indexes of styles.xml's cellXfs. */
const STYLE = { text: 1, header: 2, dateTime: 3, dollars: 4, cents: 5, day: 6 } as const;

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escapeXml = (text: string) => text.replace(/[&<>"]/g, (c) => ENTITIES[c]!);

/** Text as XML may hold it: a hidden character (controls among them) shown as "�" (app/lib/text.ts), as are the two non-characters XML forbids. */
const xmlText = (text: string) => escapeXml(visible(text).replace(/[\uFFFE\uFFFF]/g, "\uFFFD"));

/** "A", "Z", "AA": a column's letters (0 = A). */
function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A calendar day (YYYY-MM-DD) as the serial number of its midnight. */
const daySerial = (day: string) => {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date) / 86_400_000 + 25_569;
};

/** An instant as the serial number a workbook's date cell holds, on Boise's wall clock (`wallClock`). */
const serial = (date: Date) => date.getTime() / 86_400_000 + 25_569;

/** A text cell's <t>: whitespace XML would collapse (at either end, a tab, a line break, two spaces) is kept. */
const textXml = (text: string) =>
  /^\s|\s$|[\t\n]| {2}/.test(text) ? `<t xml:space="preserve">${xmlText(text)}</t>` : `<t>${xmlText(text)}</t>`;

/** A cell at `ref`, or nothing for an empty text (a blank cell: a sheet of 20,000 rows has many). */
function cellXml(cell: SheetCell, ref: string, wallClock: (date: Date) => Date): string {
  if (cell instanceof Date) return `<c r="${ref}" s="${STYLE.dateTime}"><v>${serial(wallClock(cell))}</v></c>`;
  if (typeof cell === "string")
    return cell === "" ? "" : `<c r="${ref}" s="${STYLE.text}" t="inlineStr"><is>${textXml(cell)}</is></c>`;
  if ("cents" in cell) return `<c r="${ref}" s="${STYLE.cents}"><v>${cell.cents / 100}</v></c>`;
  if ("day" in cell) return `<c r="${ref}" s="${STYLE.day}"><v>${daySerial(cell.day)}</v></c>`;
  return `<c r="${ref}" s="${STYLE.dollars}"><v>${cell.dollars}</v></c>`;
}

const rowXml = (cells: string[], n: number) => `<row r="${n}">${cells.join("")}</row>`;

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PACKAGE_RELS = "http://schemas.openxmlformats.org/package/2006/relationships";
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const STYLES = `${HEAD}<styleSheet xmlns="${MAIN}"><numFmts count="4"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm"/><numFmt numFmtId="165" formatCode="&quot;$&quot;#,##0"/><numFmt numFmtId="166" formatCode="&quot;$&quot;#,##0.00"/><numFmt numFmtId="167" formatCode="yyyy-mm-dd"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="7"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="49" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="167" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** The parts of a workbook of one sheet named `name`, beside the sheet itself. */
const fixedParts = (name: string): [string, string][] => [
  [
    "[Content_Types].xml",
    `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  ],
  [
    "_rels/.rels",
    `${HEAD}<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    "xl/workbook.xml",
    `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets><sheet name="${xmlText(name)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    "xl/_rels/workbook.xml.rels",
    `${HEAD}<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${RELS}/styles" Target="styles.xml"/></Relationships>`,
  ],
  ["xl/styles.xml", STYLES],
];

export interface StreamedSheet {
  name: string;
  header: string[];
  /** Each column's width in characters. */
  widths: number[];
  /** The rows, a batch at a time. */
  batches: AsyncIterable<SheetCell[][]>;
  /** An instant as the wall clock the sheet shows (the workbook's dates have no time zone). */
  wallClock: (date: Date) => Date;
}

/** The worksheet's XML, a batch of rows at a time. */
async function* sheetXml({ header, widths, batches, wallClock }: StreamedSheet): AsyncGenerator<string> {
  const cols = widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join("");
  const names = header.map((_, i) => columnName(i));
  yield `${HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${RELS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${cols}</cols><sheetData>`;
  yield rowXml(
    header.map(
      (label, i) => `<c r="${names[i]}1" s="${STYLE.header}" t="inlineStr"><is><t>${xmlText(label)}</t></is></c>`,
    ),
    1,
  );
  let n = 1;
  for await (const batch of batches) {
    let xml = "";
    for (const row of batch) {
      n++;
      xml += `<row r="${n}">`;
      for (let i = 0; i < row.length; i++) xml += cellXml(row[i]!, `${names[i] ?? columnName(i)}${n}`, wallClock);
      xml += "</row>";
    }
    yield xml;
  }
  yield "</sheetData></worksheet>";
}

/** Little-endian fields of a ZIP header. */
function header(fields: [number, 2 | 4][], name?: Buffer): Buffer {
  const size = fields.reduce((sum, [, bytes]) => sum + bytes, 0);
  const buffer = Buffer.alloc(size + (name?.length ?? 0));
  let at = 0;
  for (const [value, bytes] of fields)
    at = bytes === 2 ? buffer.writeUInt16LE(value, at) : buffer.writeUInt32LE(value, at);
  name?.copy(buffer, at);
  return buffer;
}

/** Flags: a data descriptor follows the data (bit 3), the name is UTF-8 (bit 11). Times: 1980-01-01 00:00. */
const FLAGS = 0x0808;
const DOS_DATE = 33;

/** A ZIP file of `parts` (name, text as it comes), each deflated as it streams. */
async function* zip(parts: [string, string | AsyncIterable<string>][]): AsyncGenerator<Uint8Array> {
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of parts) {
    const nameBytes = Buffer.from(name, "utf8");
    const local = header(
      [
        [0x04034b50, 4],
        [20, 2],
        [FLAGS, 2],
        [8, 2],
        [0, 2],
        [DOS_DATE, 2],
        [0, 4],
        [0, 4],
        [0, 4],
        [nameBytes.length, 2],
        [0, 2],
      ],
      nameBytes,
    );
    yield local;
    let crc = 0;
    let size = 0;
    const source = Readable.from(
      (async function* () {
        for await (const text of typeof content === "string" ? [content] : content) {
          const bytes = Buffer.from(text, "utf8");
          crc = crc32(bytes, crc);
          size += bytes.length;
          yield bytes;
        }
      })(),
    );
    const deflate = createDeflateRaw({ level: constants.Z_BEST_SPEED });
    source.on("error", (error) => deflate.destroy(error));
    source.pipe(deflate);
    let compressed = 0;
    for await (const chunk of deflate as AsyncIterable<Buffer>) {
      compressed += chunk.length;
      yield chunk;
    }
    yield header([
      [0x08074b50, 4],
      [crc, 4],
      [compressed, 4],
      [size, 4],
    ]);
    central.push(
      header(
        [
          [0x02014b50, 4],
          [20, 2],
          [20, 2],
          [FLAGS, 2],
          [8, 2],
          [0, 2],
          [DOS_DATE, 2],
          [crc, 4],
          [compressed, 4],
          [size, 4],
          [nameBytes.length, 2],
          [0, 2],
          [0, 2],
          [0, 2],
          [0, 2],
          [0, 4],
          [offset, 4],
        ],
        nameBytes,
      ),
    );
    offset += local.length + compressed + 16;
  }
  const directory = Buffer.concat(central);
  yield directory;
  yield header([
    [0x06054b50, 4],
    [0, 2],
    [0, 2],
    [parts.length, 2],
    [parts.length, 2],
    [directory.length, 4],
    [offset, 4],
    [0, 2],
  ]);
}

/** The workbook of `sheet`, as bytes that come while its rows are read. */
export const xlsxStream = (sheet: StreamedSheet): AsyncGenerator<Uint8Array> =>
  zip([...fixedParts(sheet.name), ["xl/worksheets/sheet1.xml", sheetXml(sheet)]]);

/** `rows` a batch at a time (a sheet of rows already read: each batch's XML is made and deflated before the next). */
export async function* inBatches<T>(rows: readonly T[], size = 500): AsyncGenerator<T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

/** A response body that asks for the next chunk only when the client has taken the last one. */
export function bodyOf(chunks: AsyncGenerator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async pull(controller) {
      const { value, done } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/** The whole stream in one buffer (the command line's file and the tests). */
export async function collect(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}
