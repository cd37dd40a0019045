/**
 * Test support: the programs the exports' tests read files with (python's csv, openpyxl, LibreOffice headless),
 * each null when it is not installed (the tests skip, saying why).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect } from "vitest";

/** The first of these interpreters that runs `check`, or null. */
function findPython(check: string): string | null {
  for (const python of ["python3", "/usr/bin/python3"])
    if (spawnSync(python, ["-c", check], { timeout: 30_000 }).status === 0) return python;
  return null;
}
export const python = findPython("import csv, json");
export const openpyxlPython = findPython("import openpyxl");
export const soffice = spawnSync("soffice", ["--version"], { timeout: 60_000 }).status === 0 ? "soffice" : null;

/** Runs a python program on `args`, returning what it printed as JSON. */
export function runPython<T>(interpreter: string, program: string, ...args: string[]): T {
  const result = spawnSync(interpreter, ["-W", "ignore::UserWarning", "-c", program, ...args], {
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(result.stderr).toBe("");
  return JSON.parse(result.stdout) as T;
}

/** Every cell of the first sheet of an .xlsx as openpyxl reads it: value (dates as ISO text), its type, number format. */
export const readXlsx = (file: string) =>
  runPython<{ v: string | number | null; t: string; f: string }[][]>(
    openpyxlPython!,
    `
import json, sys, datetime, openpyxl
sheet = openpyxl.load_workbook(sys.argv[1]).worksheets[0]
def cell(c):
    v = c.value.isoformat(sep=" ") if isinstance(c.value, datetime.datetime) else c.value
    return {"v": v, "t": "datetime" if isinstance(c.value, datetime.datetime) else c.data_type, "f": c.number_format}
print(json.dumps([[cell(c) for c in row] for row in sheet.iter_rows()]))
`,
    file,
  );

/** Converts every input with LibreOffice in one start (it starts slowly), with these CSV import options or its defaults. */
export function libreOffice(inputs: string[], outDir: string, csvOptions?: string) {
  const result = spawnSync(
    soffice!,
    [
      `-env:UserInstallation=file://${path.join(outDir, "profile")}`,
      "--headless",
      ...(csvOptions ? [`--infilter=CSV:${csvOptions}`] : []),
      "--convert-to",
      "xlsx",
      "--outdir",
      outDir,
      ...inputs,
    ],
    { encoding: "utf8", timeout: 120_000 },
  );
  expect(result.status, result.stderr).toBe(0);
}
