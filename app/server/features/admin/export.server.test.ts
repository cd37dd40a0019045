/**
 * The exports as their readers read them: python's csv.DictReader for the CSV, openpyxl for the workbook's
 * cell types, and LibreOffice (headless) for both. Each test skips, saying why, when its reader is missing
 * (`npm test` installs Debian's libreoffice-calc-nogui and python3-openpyxl).
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  libreOffice,
  openpyxlPython,
  python,
  readXlsx,
  runPython,
  soffice,
} from "../../../../tests/support/spreadsheets.ts";
import { createTestStorage, sampleLead, type TestStorage } from "../../../../tests/support/storage.ts";
import { leadsCsv, leadsTable } from "./export.server.ts";
import { recordLead } from "../leads/store.server.ts";
import { listLeads, type ListedLead } from "./listing.server.ts";
import { leadsXlsx } from "./xlsx.server.ts";

const received = new Date("2030-07-04T15:05:09Z"); // 09:05:09 in Boise (MDT, UTC−6)
const boise = { text: "2030-07-04 09:05:09" };
const message = '=HYPERLINK("http://evil.test","Click") — crème brûlée 🙂';

describe("the exports as spreadsheet programs and scripts read them", () => {
  let storage: TestStorage;
  let dir: string;
  let leads: ListedLead[];
  let csvFile: string;
  let xlsxFile: string;

  beforeAll(async () => {
    storage = await createTestStorage("sqlite");
    const database = await storage.open();
    const base = sampleLead();
    await recordLead(
      database,
      sampleLead({
        fields: {
          ...base.fields,
          firstName: "Zoë",
          lastName: "Ångström",
          email: "zoe@example.com",
          phone: "+12085550134",
          zipcode: "02134",
          message,
          // The instant estimate of a request sent from /pricing, stored as whole dollars.
          priceLow: "1250",
          priceHigh: "2400",
        },
        contact: { name: "Zoë Ångström", email: "zoe@example.com", phone: "+12085550134", zip: "02134" },
      }),
      { webhook: false, now: received },
    );
    leads = await listLeads(database, {});
    dir = await mkdtemp(path.join(tmpdir(), "sheets-"));
    csvFile = path.join(dir, "requests.csv");
    xlsxFile = path.join(dir, "workbook.xlsx");
    await writeFile(csvFile, leadsCsv(leads));
    await writeFile(xlsxFile, await leadsXlsx(leads));
  });
  afterAll(async () => {
    await storage.cleanup();
    await rm(dir, { recursive: true, force: true });
  });

  it("names every column once", () => {
    const { header } = leadsTable(leads);
    expect(new Set(header).size).toBe(header.length);
    expect(header).toEqual(expect.arrayContaining(["First name", "Last name", "E-mail", "Phone", "ZIP code"]));
  });

  it.skipIf(!python)(
    "python's csv.DictReader keeps every column and reads the values as written (needs python3)",
    () => {
      const { columns, rows } = runPython<{ columns: string[]; rows: Record<string, string>[] }>(
        python!,
        `
import csv, json, sys
with open(sys.argv[1], newline="", encoding="utf-8-sig") as f:
    reader = csv.DictReader(f)
    rows = list(reader)
    print(json.dumps({"columns": reader.fieldnames, "rows": rows}))
`,
        csvFile,
      );
      // A repeated column name keeps only its last column in each row: nothing may be lost.
      expect(Object.keys(rows[0]!)).toHaveLength(columns.length);
      expect(columns).toEqual(leadsTable(leads).header);
      expect(rows[0]).toMatchObject({
        "Received (Boise time)": boise.text,
        "First name": "Zoë",
        "Last name": "Ångström",
        "E-mail": "zoe@example.com",
        Phone: "(208) 555-0134",
        "ZIP code": "02134",
        "Project details": `'${message}`,
        "Estimate low ($)": "1250",
        "Estimate high ($)": "2400",
      });
    },
  );

  it.skipIf(!openpyxlPython)(
    "openpyxl reads the workbook's types: text for ZIP and phone, a date for the time (needs python3-openpyxl)",
    () => {
      const [header, row] = readXlsx(xlsxFile);
      const names = header!.map((c) => c.v);
      expect(names).toEqual(leadsTable(leads).header);
      const at = (name: string) => row![names.indexOf(name)]!;
      expect(at("ZIP code")).toEqual({ v: "02134", t: "s", f: "@" });
      expect(at("Phone")).toEqual({ v: "(208) 555-0134", t: "s", f: "@" });
      expect(at("First name")).toMatchObject({ v: "Zoë", t: "s" });
      // A formula's text is text: no quote in front, and no formula cell (openpyxl's type "f").
      expect(at("Project details")).toEqual({ v: message, t: "s", f: "@" });
      expect(at("Received (Boise time)")).toMatchObject({ v: boise.text, t: "datetime", f: "yyyy-mm-dd hh:mm" });
      // The estimate's dollars are numbers a sheet can add up, shown as dollars.
      expect(at("Estimate low ($)")).toEqual({ v: 1250, t: "n", f: '"$"#,##0' });
      expect(at("Estimate high ($)")).toEqual({ v: 2400, t: "n", f: '"$"#,##0' });
      // Nothing to show (no accepted option yet): a blank cell, not an empty text.
      expect(at("Accepted option")).toMatchObject({ v: null });
      expect(row!.every((c) => c.t !== "f")).toBe(true);
    },
  );

  it.skipIf(!soffice || !openpyxlPython)(
    "LibreOffice opens both: accents, ZIP 02134 as text, phones without a quote, the time as a date, no formula (needs libreoffice-calc-nogui and python3-openpyxl)",
    async () => {
      // Its defaults (what `soffice --convert-to` does without options) for the CSV and the workbook, in one start.
      const plain = path.join(dir, "libreoffice-defaults");
      libreOffice([csvFile, xlsxFile], plain);
      // The CSV as LibreOffice's import dialog reads it: UTF-8 (preselected from the byte-order mark),
      // "Format quoted field as text" and "Detect special numbers" ticked (the README says so).
      const dialog = path.join(dir, "libreoffice-dialog");
      libreOffice([csvFile], dialog, "44,34,76,1,,1033,true,true");

      // With no options at all LibreOffice reads a CSV as Western text and guesses numbers: the one thing
      // the file decides is that no cell is a formula and no phone shows a quote.
      const [header, row] = readXlsx(path.join(plain, "requests.xlsx"));
      expect(new Set(header!.map((c) => c.v)).size).toBe(header!.length);
      expect(row!.every((c) => c.t !== "f")).toBe(true);
      expect(row!.filter((c) => String(c.v).startsWith("'")).map((c) => String(c.v).slice(1, 2))).toEqual(["="]);
      expect(row!.map((c) => c.v)).toContain("(208) 555-0134");
      const expectFaithful = (file: string, label: string) => {
        const [header, row] = readXlsx(file);
        const names = header!.map((c) => c.v);
        expect(names, label).toEqual(leadsTable(leads).header);
        const at = (name: string) => row![names.indexOf(name)]!;
        expect(at("First name").v, label).toBe("Zoë");
        expect(at("Last name").v, label).toBe("Ångström");
        expect(at("ZIP code"), label).toMatchObject({ v: "02134", t: "s" });
        expect(at("Phone"), label).toMatchObject({ v: "(208) 555-0134", t: "s" });
        expect(at("Received (Boise time)"), label).toMatchObject({ v: boise.text, t: "datetime" });
        expect(at("Estimate low ($)"), label).toMatchObject({ v: 1250, t: "n" });
        expect(
          row!.every((c) => c.t !== "f"),
          label,
        ).toBe(true);
        return at;
      };
      expect(expectFaithful(path.join(plain, "workbook.xlsx"), "workbook")("Project details").v).toBe(message);
      expect(expectFaithful(path.join(dialog, "requests.xlsx"), "CSV, import dialog")("Project details").v).toBe(
        `'${message}`,
      );

      expect((await readFile(csvFile)).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    },
  );
});
