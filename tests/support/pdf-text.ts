/**
 * The text of a PDF as a reader extracts it: poppler's `pdftotext` (poppler-utils), run on a temporary copy.
 * Lines joined by single spaces, so a phrase wrapped across lines is still found.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), "pdf-text-"));
  try {
    const file = path.join(dir, "copy.pdf");
    writeFileSync(file, pdf);
    const text = execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
    return text.replace(/\s+/g, " ").trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
