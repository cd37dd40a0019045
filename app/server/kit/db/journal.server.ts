/**
 * An append-only journal on this instance's disk (DATA_DIR/journal), for what must not be lost while the
 * database is away (docs/decisions/046-outage-journal.md): each record is written and fsync'd before its
 * append resolves, with its files (fsync'd first) in the journal's folder. A record is marked done by a second
 * line once it reached the database; when none is left waiting, the file and the files are removed.
 *
 * A line is `<json>\t<first 16 hex digits of its SHA-256>\n`. A line cut short by a crash (kill -9, power
 * loss) has no newline or a checksum that does not match: it is ignored on open (and a cut tail truncated),
 * so the records before it are read whole and its append was never answered.
 */
import { createHash } from "node:crypto";
import { constants } from "node:fs";
import { mkdir, open, readFile, rm, stat, type FileHandle } from "node:fs/promises";
import path from "node:path";

/** One waiting record: its sequence number (order of arrival), when it was written, what it holds. */
export interface JournalEntry<T> {
  seq: number;
  at: Date;
  record: T;
  /** The file names given with it, in order (read them with `readFile(entry, i)`). */
  files: string[];
}

/** The journal would grow past its bound (or the disk is full): the caller refuses as it would without one. */
export class JournalFull extends Error {
  readonly code = "JOURNAL_FULL";
}

type Line = { seq: number; at?: string; record?: unknown; files?: string[]; done?: true };

const checksum = (json: string) => createHash("sha256").update(json).digest("hex").slice(0, 16);
const encode = (line: Line) => {
  const json = JSON.stringify(line);
  return `${json}\t${checksum(json)}\n`;
};

/** The lines of a journal file that are whole, and the length of the part to keep (a cut tail is dropped). */
function decode(text: string): { lines: Line[]; keep: number; torn: number } {
  const lines: Line[] = [];
  let keep = 0;
  let torn = 0;
  let start = 0;
  for (let end = text.indexOf("\n"); end !== -1; start = end + 1, end = text.indexOf("\n", start)) {
    keep = Buffer.byteLength(text.slice(0, end + 1));
    const raw = text.slice(start, end);
    const tab = raw.lastIndexOf("\t");
    const json = tab === -1 ? "" : raw.slice(0, tab);
    if (tab === -1 || checksum(json) !== raw.slice(tab + 1)) {
      torn++;
      continue;
    }
    lines.push(JSON.parse(json) as Line);
  }
  if (start < text.length) torn++;
  return { lines, keep, torn };
}

async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export class Journal<T> {
  private readonly waiting = new Map<number, JournalEntry<T>>();
  private nextSeq = 1;
  private bytes = 0;
  /** The file's length: a write that fails part-way is cut back to it, so the next line starts whole. */
  private fileBytes = 0;
  /** Appends under way (their files may be on disk before their line): the journal is not emptied meanwhile. */
  private appending = 0;
  /** The bytes of each waiting record's files, given back to the bound when it is done. */
  private readonly fileSizes = new Map<number, number>();
  /** Lines waiting for the next write; appended and fsync'd together (one disk wait for requests arriving together). */
  private queued: { text: string; resolve(): void; reject(error: unknown): void }[] = [];
  private flushing: Promise<void> | null = null;
  /** Serialises what changes the file as a whole (emptying it) with the appends. */
  private chain: Promise<unknown> = Promise.resolve();

  readonly dir: string;
  readonly maxBytes: number;
  private readonly handle: FileHandle;
  /** Lines found cut short or damaged on open (ignored). */
  readonly tornOnOpen: number;

  private constructor(dir: string, maxBytes: number, handle: FileHandle, tornOnOpen: number) {
    this.dir = dir;
    this.maxBytes = maxBytes;
    this.handle = handle;
    this.tornOnOpen = tornOnOpen;
  }

  private static file = (dir: string) => path.join(dir, "journal.log");
  private static filesDir = (dir: string) => path.join(dir, "files");

  /** Opens (or creates) the journal in `dir`, bounded to `maxBytes` on disk (its file and its files). */
  static async open<T>(dir: string, maxBytes: number): Promise<Journal<T>> {
    await mkdir(Journal.filesDir(dir), { recursive: true });
    const file = Journal.file(dir);
    const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return "";
      throw error;
    });
    const { lines, keep, torn } = decode(text);
    const handle = await open(file, "a+");
    if (keep < Buffer.byteLength(text)) {
      await handle.truncate(keep);
      await handle.sync();
    }
    const journal = new Journal<T>(dir, maxBytes, handle, torn);
    journal.bytes = keep;
    journal.fileBytes = keep;
    for (const line of lines) {
      journal.nextSeq = Math.max(journal.nextSeq, line.seq + 1);
      if (line.done) journal.waiting.delete(line.seq);
      else
        journal.waiting.set(line.seq, {
          seq: line.seq,
          at: new Date(line.at ?? 0),
          record: line.record as T,
          files: line.files ?? [],
        });
    }
    for (const entry of journal.waiting.values()) {
      let sum = 0;
      for (const name of entry.files) sum += (await stat(journal.filePath(entry.seq, name))).size;
      journal.fileSizes.set(entry.seq, sum);
      journal.bytes += sum;
    }
    return journal;
  }

  /** The records not yet marked done, oldest first. */
  pending(): JournalEntry<T>[] {
    return [...this.waiting.values()].sort((a, b) => a.seq - b.seq);
  }

  get size(): number {
    return this.waiting.size;
  }

  /** Bytes on disk: the file and the files of waiting records. */
  get diskBytes(): number {
    return this.bytes;
  }

  filePath(seq: number, name: string): string {
    return path.join(Journal.filesDir(this.dir), `${seq}-${name}`);
  }

  readFile(entry: JournalEntry<T>, index: number): Promise<Buffer> {
    return readFile(this.filePath(entry.seq, entry.files[index]!));
  }

  /**
   * Writes `record` with its files and resolves once both are on disk (fsync'd). Throws JournalFull when it
   * would pass the bound or the disk is full; nothing of it is then kept.
   */
  async append(
    record: T,
    files: { name: string; bytes: Uint8Array }[] = [],
    at = new Date(),
  ): Promise<JournalEntry<T>> {
    const seq = this.nextSeq++;
    const line = encode({ seq, at: at.toISOString(), record, files: files.map((f) => f.name) });
    const size = Buffer.byteLength(line) + files.reduce((sum, f) => sum + f.bytes.byteLength, 0);
    if (this.bytes + size > this.maxBytes) throw new JournalFull("the journal is at its bound (JOURNAL_MAX_MB)");
    this.bytes += size;
    this.appending++;
    try {
      if (files.length) {
        for (const { name, bytes } of files) {
          if (!/^[\w.-]{1,100}$/.test(name)) throw new Error("a journal file name is letters, digits, . - _");
          const handle = await open(this.filePath(seq, name), "w");
          try {
            await handle.writeFile(bytes);
            await handle.sync();
          } finally {
            await handle.close();
          }
        }
        await syncDir(Journal.filesDir(this.dir));
      }
      await this.write(line);
    } catch (error) {
      this.bytes -= size;
      await Promise.all(files.map((f) => rm(this.filePath(seq, f.name), { force: true })));
      throw (error as NodeJS.ErrnoException).code === "ENOSPC" ? new JournalFull("the disk is full") : error;
    } finally {
      this.appending--;
    }
    const entry = { seq, at, record, files: files.map((f) => f.name) };
    this.fileSizes.set(seq, size - Buffer.byteLength(line));
    this.waiting.set(seq, entry);
    return entry;
  }

  /** Marks a record done (it reached the database); once none waits, the file is emptied and the files removed. */
  async done(seq: number): Promise<void> {
    const entry = this.waiting.get(seq);
    if (!entry) return;
    const line = encode({ seq, done: true });
    await this.write(line);
    this.waiting.delete(seq);
    for (const name of entry.files) await rm(this.filePath(seq, name), { force: true });
    this.bytes += Buffer.byteLength(line) - (this.fileSizes.get(seq) ?? 0);
    this.fileSizes.delete(seq);
    if (this.waiting.size === 0) await this.empty();
  }

  async close(): Promise<void> {
    await this.chain;
    await this.flushing;
    await this.handle.close();
  }

  private empty(): Promise<void> {
    const run = this.chain.then(async () => {
      await this.flushing;
      if (this.waiting.size > 0 || this.queued.length > 0 || this.appending > 0) return;
      await this.handle.truncate(0);
      await this.handle.sync();
      await rm(Journal.filesDir(this.dir), { recursive: true, force: true });
      await mkdir(Journal.filesDir(this.dir), { recursive: true });
      this.bytes = 0;
      this.fileBytes = 0;
      this.fileSizes.clear();
    });
    this.chain = run.catch(() => undefined);
    return run;
  }

  private write(text: string): Promise<void> {
    const written = new Promise<void>((resolve, reject) => this.queued.push({ text, resolve, reject }));
    if (!this.flushing) this.flushing = this.chain.then(() => this.flush());
    return written;
  }

  private async flush(): Promise<void> {
    while (this.queued.length) {
      const batch = this.queued;
      this.queued = [];
      const text = batch.map((q) => q.text).join("");
      try {
        await this.handle.appendFile(text);
        await this.handle.sync();
        this.fileBytes += Buffer.byteLength(text);
        for (const q of batch) q.resolve();
      } catch (error) {
        await this.handle.truncate(this.fileBytes).catch(() => undefined);
        for (const q of batch) q.reject(error);
      }
    }
    this.flushing = null;
  }
}
