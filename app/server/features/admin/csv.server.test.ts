import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BOM, csvCell, toCsv } from "./csv.server.ts";
import { forbiddenIn, hostileText } from "../../../../tests/support/hidden-text.ts";

/** An RFC 4180 reader (after the byte-order mark), to check that what toCsv writes reads back. */
function parseCsv(file: string): string[][] {
  expect(file.startsWith(BOM)).toBe(true);
  const text = file.slice(BOM.length);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted || (c !== "," && !(c === "\r" && text[i + 1] === "\n"))) {
      cell += c;
    } else {
      row.push(cell);
      cell = "";
      if (c === "\r") {
        rows.push(row);
        row = [];
        i++;
      }
    }
  }
  expect(row).toEqual([]);
  return rows;
}

describe("csv", () => {
  it("quotes every cell and doubles the quotes", () => {
    expect(csvCell("plain")).toBe('"plain"');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("line 1\nline 2")).toBe('"line 1\nline 2"');
    expect(csvCell("a\rb\r\nc")).toBe('"a\nb\nc"'); // line breaks as the stored text has them
    expect(csvCell("01234")).toBe('"01234"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(42)).toBe('"42"');
  });

  it("starts with a UTF-8 byte-order mark and ends every record with CRLF", () => {
    const file = toCsv([
      ["a", "b"],
      ["c", "Zoë – 5 €"],
    ]);
    expect(file).toBe('\uFEFF"a","b"\r\n"c","Zoë – 5 €"\r\n');
    expect([...Buffer.from(file, "utf8").subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("neutralises cells a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://evil.test")')).toBe('"\'=HYPERLINK(""http://evil.test"")"');
    expect(csvCell("+12085550134")).toBe('"\'+12085550134"');
    expect(csvCell("-2+3")).toBe('"\'-2+3"');
    expect(csvCell("@SUM(A1)")).toBe('"\'@SUM(A1)"');
    expect(csvCell("\tcmd")).toBe('"\'\tcmd"');
    expect(csvCell("\rcmd")).toBe('"\'\ncmd"');
    expect(csvCell("\ncmd")).toBe('"\'\ncmd"');
    expect(csvCell("a=b")).toBe('"a=b"');
  });

  it("leaves only a date, time or number unquoted; anything else given as raw is quoted and formula-safe", () => {
    expect(toCsv([[{ raw: "2030-07-04 09:05:09" }, { raw: "=1+1" }, { raw: "-2+3" }, { raw: "1,2" }]])).toBe(
      '\uFEFF2030-07-04 09:05:09,"\'=1+1","\'-2+3","1,2"\r\n',
    );
    // A US date and a negative amount (the bookkeeping import's), and nothing more after the minus.
    expect(toCsv([[{ raw: "12/01/2026" }, { raw: "-54.25" }, { raw: "-1-1" }, { raw: "-.5" }]])).toBe(
      '\uFEFF12/01/2026,-54.25,"\'-1-1","\'-.5"\r\n',
    );
  });

  it("reads back cell for cell, with a quote before formula starts", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(
            fc.string({ unit: fc.constantFrom("a", ",", '"', "\r", "\n", "=", "+", "-", "@", "\t", " ", "é") }),
            { minLength: 1, maxLength: 5 },
          ),
          { maxLength: 5 },
        ),
        (rows) => {
          const expected = rows.map((row) =>
            row
              .map((cell) => cell.replace(/\r\n?/g, "\n"))
              .map((cell) => (/^[=+\-@\t\n]/.test(cell) ? `'${cell}` : cell)),
          );
          expect(parseCsv(toCsv(rows))).toEqual(expected);
        },
      ),
    );
  });

  it("writes no hidden character, whatever a cell holds (a NUL, a direction override: shown as �)", () => {
    expect(csvCell("Bob\u202Egnp.exe")).toBe('"Bob\uFFFDgnp.exe"');
    expect(csvCell("Nul\u0000Byte")).toBe('"Nul\uFFFDByte"');
    fc.assert(
      fc.property(fc.array(fc.array(hostileText(), { maxLength: 4 }), { maxLength: 4 }), (rows) => {
        expect(forbiddenIn(toCsv(rows).replaceAll("\r\n", "\n"), "many")).toEqual([]);
      }),
    );
  });
});
