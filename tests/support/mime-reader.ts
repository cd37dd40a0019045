/**
 * A small RFC 5322 / MIME reader for tests (mailparser cannot be installed here): headers, multipart
 * parts and transfer decoding of what an SMTP server received.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface Part {
  headers: [string, string][];
  body: string;
}
export function parsePart(raw: string): Part {
  const split = raw.indexOf("\r\n\r\n");
  const head = (split === -1 ? raw : raw.slice(0, split)).replace(/\r\n[ \t]+/g, " ");
  const headers = head.split("\r\n").map((line): [string, string] => {
    const colon = line.indexOf(":");
    return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
  });
  return { headers, body: split === -1 ? "" : raw.slice(split + 4) };
}
export const headerValues = (part: Part, name: string) =>
  part.headers.filter(([key]) => key === name).map(([, value]) => value);
export const headerValue = (part: Part, name: string) => headerValues(part, name)[0] ?? "";
export function leaves(part: Part): Part[] {
  const boundary = /boundary="?([^";]+)"?/.exec(headerValue(part, "content-type"))?.[1];
  if (!boundary) return [part];
  const chunks = part.body.split(`--${boundary}`).slice(1, -1);
  return chunks.flatMap((chunk) => leaves(parsePart(chunk.replace(/^\r\n/, ""))));
}
export function decode(part: Part): string {
  const encoding = headerValue(part, "content-transfer-encoding").toLowerCase();
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = part.body
      .replace(/=\r\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return part.body;
}
/** The bytes of a part (an attachment: a PDF), transfer-decoded. */
export function decodeBytes(part: Part): Buffer {
  const encoding = headerValue(part, "content-transfer-encoding").toLowerCase();
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64");
  return Buffer.from(part.body, "latin1");
}

/** The messages a test server wrote to `dataDir`/mail (MAIL_TRANSPORT=files), parsed; none before the first. */
export function writtenMails(dataDir: string): Part[] {
  const dir = path.join(dataDir, "mail");
  let names: string[];
  try {
    names = readdirSync(dir).filter((f) => f.endsWith(".eml"));
  } catch {
    return [];
  }
  return names.map((f) => parsePart(readFileSync(path.join(dir, f), "utf8").replace(/\r?\n/g, "\r\n")));
}
