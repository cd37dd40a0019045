/**
 * A multipart body read as it streams in, for the forms that take photos (docs/decisions/030-request-photos.md):
 * a visitor who chose too many photos, or one too large, still has their request stored. Every text field is
 * kept wherever it sits in the body (before, between or after the files); the first `maxFiles` files of the
 * file field of at most `maxFileBytes` are kept (in memory, or written to the request's spool as they arrive:
 * ./spool.server.ts); the bytes of every other file are read and dropped
 * as they arrive, never held, and the file is reported as skipped with why. The body as a whole is bounded
 * (`maxBytes`, 413), its text (TEXT_FORM_LIMIT, 413), its fields (MAX_FORM_ENTRIES, 400) and its files
 * (MAX_FILE_PARTS, 400): a hostile body stops there, and the slow-body floor and the photo slots
 * (./body-limits.server.ts) bound how long it is read. A body takes its photo slot when its first file with
 * content begins (`UploadPlace.takeSlot`): a text-only body, or one whose file input was left empty, takes none.
 */
import { BUSY, TEXT_FORM_LIMIT } from "./body-limits.server.ts";
import { eachChunk, HttpError, MAX_FORM_ENTRIES } from "./form-body.server.ts";
import type { RequestSpool, SpoolFile } from "./spool.server.ts";

/** More file parts than this in one body is no visitor's choice of photos. */
export const MAX_FILE_PARTS = 500;
/** One part's headers (its name, file name and type): a few hundred bytes from a browser. */
const MAX_PART_HEADERS = 8 * 1024;
/** Bytes before the first boundary (browsers send none). */
const MAX_PREAMBLE = 1024;

export interface FileRules {
  /** The field whose files are kept (others' files are dropped like the names a form does not have). */
  field: string;
  maxFiles: number;
  maxFileBytes: number;
  /** The largest body read at all; beyond it, 413. */
  maxBytes: number;
  /** The sentence of that 413. */
  tooLarge: string;
}

/** Where a request's files go, from the server (app/server/app.server.ts): without it, memory and no slot. */
export interface UploadPlace {
  /** Takes one of the photo slots for this body (false: none free, the body is answered 503); once a body. */
  takeSlot?: () => boolean;
  /** The kept files are written here as they arrive, not held in memory. */
  spool?: RequestSpool;
}

/** A file of the file field that was not kept: its name, why, and its place among the field's files (from 0). */
export interface SkippedFile {
  at: number;
  filename: string;
  reason: "size" | "count";
}

const UNREADABLE = "This form could not be read. Please try again.";
const TOO_LARGE = "This form is too large to send.";
const notOurs = (what: string) => `This form has too many ${what}. Please send the form from our page, or call us.`;

/** The boundary of a multipart Content-Type, or null. */
function boundaryOf(type: string): string | null {
  const found = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s"]{1,70}))/i.exec(type);
  return found ? (found[1] ?? found[2]!) : null;
}

/** A parameter of Content-Disposition (`name="a"`, `filename*=UTF-8''a%20b.jpg`), or null. */
function parameter(disposition: string, key: string): string | null {
  const extended = new RegExp(`;\\s*${key}\\*\\s*=\\s*(?:utf-8|UTF-8)''([^;]*)`).exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      return null;
    }
  }
  const quoted = new RegExp(`;\\s*${key}\\s*=\\s*"([^"]*)"`, "i").exec(disposition);
  // Browsers write `"`, CR and LF in a name as %22, %0D and %0A (the HTML standard's multipart encoding).
  if (quoted) return quoted[1]!.replace(/%(22|0D|0A)/gi, (_, code: string) => String.fromCharCode(parseInt(code, 16)));
  const bare = new RegExp(`;\\s*${key}\\s*=\\s*([^;\\s]+)`, "i").exec(disposition);
  return bare ? bare[1]! : null;
}

type Bytes = Buffer<ArrayBuffer>;
type Part =
  | { kind: "text"; name: string; chunks: Bytes[] }
  | {
      kind: "file";
      name: string;
      filename: string;
      type: string;
      bytes: number;
      chunks: Bytes[] | null;
      over: boolean;
      /** Where a kept file is being written when the body has a spool (made at its first byte). */
      spooled: Promise<SpoolFile> | null;
    }
  | { kind: "dropped"; file: boolean };

const utf8 = new TextDecoder();

/** The parser's state over the body's bytes; `write` each chunk, then `end`. */
class MultipartReader {
  readonly formData = new FormData();
  readonly skipped: SkippedFile[] = [];
  private readonly delimiter: Buffer;
  // The body is read as if it began with CRLF, so that the first boundary is found like every other one.
  private buffer: Bytes = Buffer.from("\r\n");
  private state: "preamble" | "after-boundary" | "headers" | "content" | "done" = "preamble";
  private part: Part = { kind: "dropped", file: false };
  private textBytes = 0;
  private entries = 0;
  private fileParts = 0;
  private filesSeen = 0;
  private filesKept = 0;
  private readonly rules: FileRules;
  private readonly place: UploadPlace;
  private slotHeld = false;
  /** The spool's writes, in the order of the body; awaited after each piece (`settled`). */
  private work: Promise<void> = Promise.resolve();

  constructor(boundary: string, rules: FileRules, place: UploadPlace) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
    this.rules = rules;
    this.place = place;
  }

  /** Once the spool has written everything taken so far (an error of its writes, such as a full spool, is thrown here). */
  settled(): Promise<void> {
    return this.work;
  }

  private later(step: () => Promise<void> | void) {
    this.work = this.work.then(step);
  }

  write(chunk: Uint8Array) {
    if (this.state === "done") return; // the epilogue is ignored
    const bytes = Buffer.from(chunk.buffer as ArrayBuffer, chunk.byteOffset, chunk.byteLength);
    this.buffer = this.buffer.length > 0 ? Buffer.concat([this.buffer, bytes]) : bytes;
    while (this.step());
  }

  end() {
    if (this.state !== "done") throw new HttpError(400, UNREADABLE);
  }

  /** One step of the state machine; false when it needs more bytes. */
  private step(): boolean {
    switch (this.state) {
      case "preamble": {
        const at = this.buffer.indexOf(this.delimiter);
        if (at === -1) {
          if (this.buffer.length > MAX_PREAMBLE + this.delimiter.length) throw new HttpError(400, UNREADABLE);
          return false;
        }
        this.buffer = this.buffer.subarray(at + this.delimiter.length);
        this.state = "after-boundary";
        return true;
      }
      case "after-boundary": {
        // `--` ends the body; otherwise (optional spaces) CRLF and the next part's headers.
        if (this.buffer.length < 2) return false;
        if (this.buffer[0] === 0x2d && this.buffer[1] === 0x2d) {
          this.state = "done";
          return false;
        }
        const eol = this.buffer.indexOf("\r\n");
        if (eol === -1) {
          if (this.buffer.length > 64) throw new HttpError(400, UNREADABLE);
          return false;
        }
        if (this.buffer.subarray(0, eol).toString("latin1").trim() !== "") throw new HttpError(400, UNREADABLE);
        // The CRLF is left in front of the headers, so that a part without headers ends them at once.
        this.buffer = this.buffer.subarray(eol);
        this.state = "headers";
        return true;
      }
      case "headers": {
        const end = this.buffer.indexOf("\r\n\r\n");
        if (end === -1) {
          if (this.buffer.length > MAX_PART_HEADERS) throw new HttpError(400, UNREADABLE);
          return false;
        }
        if (end > MAX_PART_HEADERS) throw new HttpError(400, UNREADABLE);
        this.begin(utf8.decode(this.buffer.subarray(2, end + 2)));
        this.buffer = this.buffer.subarray(end + 4);
        this.state = "content";
        return true;
      }
      case "content": {
        const at = this.buffer.indexOf(this.delimiter);
        if (at === -1) {
          // Everything but a tail that may be the start of the next boundary.
          const safe = this.buffer.length - (this.delimiter.length - 1);
          if (safe > 0) {
            this.take(this.buffer.subarray(0, safe));
            this.buffer = this.buffer.subarray(safe);
          }
          return false;
        }
        this.take(this.buffer.subarray(0, at));
        this.finish();
        this.buffer = this.buffer.subarray(at + this.delimiter.length);
        this.state = "after-boundary";
        return true;
      }
      case "done":
        return false;
    }
  }

  /** A part starts: what it is, from its headers. */
  private begin(headers: string) {
    let disposition = "";
    let type = "";
    for (const line of headers.split("\r\n")) {
      const colon = line.indexOf(":");
      const key = line.slice(0, colon).trim().toLowerCase();
      if (key === "content-disposition") disposition = line.slice(colon + 1);
      else if (key === "content-type") type = line.slice(colon + 1).trim();
    }
    const name = /^\s*form-data\b/i.test(disposition) ? parameter(disposition, "name") : null;
    const filename = name === null ? null : parameter(disposition, "filename");
    if (name === null) this.part = { kind: "dropped", file: false };
    else if (filename === null) {
      if (++this.entries > MAX_FORM_ENTRIES) throw new HttpError(400, notOurs("fields"));
      this.part = { kind: "text", name, chunks: [] };
    } else {
      if (++this.fileParts > MAX_FILE_PARTS) throw new HttpError(400, notOurs("files"));
      const kept = name === this.rules.field && this.filesKept < this.rules.maxFiles;
      this.part =
        name === this.rules.field
          ? { kind: "file", name, filename, type, bytes: 0, chunks: kept ? [] : null, over: false, spooled: null }
          : { kind: "dropped", file: true };
    }
  }

  /** Some of the part's content: kept, or counted and dropped. */
  private take(bytes: Bytes) {
    if (bytes.length === 0) return;
    const part = this.part;
    if (part.kind !== "text" && (part.kind === "file" || part.file) && !this.slotHeld) {
      if (this.place.takeSlot && !this.place.takeSlot()) throw new HttpError(503, BUSY);
      this.slotHeld = true;
    }
    if (part.kind === "text") {
      this.textBytes += bytes.length;
      if (this.textBytes > TEXT_FORM_LIMIT) throw new HttpError(413, TOO_LARGE);
      part.chunks.push(bytes);
    } else if (part.kind === "file") {
      part.bytes += bytes.length;
      if (part.bytes > this.rules.maxFileBytes && part.chunks) {
        part.chunks = null;
        part.over = true;
        const spooled = part.spooled;
        if (spooled) this.later(async () => (await spooled).discard());
      }
      const spool = this.place.spool;
      if (!part.chunks) return;
      if (!spool) return void part.chunks.push(bytes);
      const spooled = (part.spooled ??= this.work.then(() => spool.create()));
      this.later(async () => (await spooled).write(bytes));
    }
  }

  /** The part has ended: its field, its file, or its place among the skipped files. */
  private finish() {
    const part = this.part;
    // Appended in the body's order, after the spool's writes before them.
    if (part.kind === "text") {
      const value = utf8.decode(Buffer.concat(part.chunks));
      this.later(() => this.formData.append(part.name, value));
    } else if (part.kind === "file" && part.bytes > 0) {
      const at = this.filesSeen++;
      if (part.chunks) {
        this.filesKept++;
        if (++this.entries > MAX_FORM_ENTRIES) throw new HttpError(400, notOurs("fields"));
        const { name, filename, type, chunks, spooled } = part;
        this.later(async () =>
          this.formData.append(
            name,
            spooled ? await (await spooled).close(filename, type) : new File(chunks, filename, { type }),
          ),
        );
      } else this.skipped.push({ at, filename: part.filename, reason: part.over ? "size" : "count" });
    }
    this.part = { kind: "dropped", file: false };
  }
}

/**
 * Reads a multipart body as it streams in, under `rules` (above): its text fields and kept files as FormData,
 * and the files skipped. With `place.spool` the kept files are on disk (their paths: `place.spool.paths`, each
 * File read from its file), and the spool is removed if the body fails; else whoever made the spool removes it
 * when the answer is complete (app/server/app.server.ts). An HttpError (413 beyond `maxBytes` or the text limit, 400 for a body that is not a
 * whole multipart form or has too many parts, 415 for another type, 503 when no photo slot is free or the spool is full) otherwise.
 */
export async function readMultipart(
  request: Request,
  rules: FileRules,
  place: UploadPlace = {},
): Promise<{ formData: FormData; skipped: SkippedFile[] }> {
  const boundary = boundaryOf(request.headers.get("content-type") ?? "");
  if (!/^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? ""))
    throw new HttpError(415, "Send this form from the page.");
  if (!boundary) throw new HttpError(400, UNREADABLE);
  if (Number(request.headers.get("content-length") ?? "0") > rules.maxBytes) throw new HttpError(413, rules.tooLarge);
  const reader = new MultipartReader(boundary, rules, place);
  try {
    await eachChunk(request, rules.maxBytes, rules.tooLarge, (chunk) => {
      reader.write(chunk);
      return reader.settled();
    });
    reader.end();
    await reader.settled();
  } catch (error) {
    // Nothing of a body that failed stays on disk (a write still under way has ended first).
    await reader.settled().catch(() => undefined);
    await place.spool?.remove();
    throw error;
  }
  return { formData: reader.formData, skipped: reader.skipped };
}
