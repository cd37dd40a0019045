/**
 * Photos written to disk as they arrive (docs/decisions/030-request-photos.md, "Spooled to disk"): a photo body's
 * kept files go to a folder of their own under DATA_DIR/uploads, one per request, instead of being held in memory
 * until they are re-encoded. The folder is removed when the request's answer is complete or its connection closes
 * (app/server/app.server.ts), and the whole spool is emptied at start, for the leftovers of a killed process. The
 * bytes on disk at once are bounded (PHOTO_SPOOL_MAX_MB): a write past the bound is refused with a 503 that says so.
 */
import { openAsBlob } from "node:fs";
import { mkdir, mkdtemp, open, rm } from "node:fs/promises";
import type { FileHandle } from "node:fs/promises";
import path from "node:path";
import { HttpError } from "./form-body.server.ts";

/** The 503 of a photo that would take the spool past its bound. */
export const SPOOL_FULL =
  "We cannot take photos just now: too many are being sent at once. Please try again in a few minutes, or send the form without the photos.";

/** The file each spooled File is read from (a File not spooled: undefined). */
const spooledFiles = new WeakMap<File, string>();
export const spooledPath = (file: File): string | undefined => spooledFiles.get(file);

/** The folder under DATA_DIR the photos are spooled in. */
export const spoolRoot = (dataDir: string) => path.join(dataDir, "uploads");

/** The spool of the whole process: where, how many bytes it may hold, and how many it holds now. */
export class PhotoSpool {
  readonly root: string;
  readonly maxBytes: number;
  private used = 0;

  constructor(root: string, maxBytes: number) {
    this.root = root;
    this.maxBytes = maxBytes;
  }

  /** Empties the spool (a killed process's leftovers) and makes its folder; at start, before any request. */
  async clearLeftovers(): Promise<void> {
    await rm(this.root, { recursive: true, force: true });
    await mkdir(this.root, { recursive: true });
  }

  /** Bytes on disk now, over every request. */
  get bytesUsed(): number {
    return this.used;
  }

  /** A request's place in the spool; its folder is made when its first file begins. */
  forRequest(): RequestSpool {
    return new RequestSpool(this);
  }

  /** @internal Counts `bytes` against the bound, or refuses them (503). */
  reserve(bytes: number): void {
    if (this.used + bytes > this.maxBytes) throw new HttpError(503, SPOOL_FULL);
    this.used += bytes;
  }

  /** @internal */
  release(bytes: number): void {
    this.used -= bytes;
  }
}

/** One file being written to a request's folder. */
export interface SpoolFile {
  readonly path: string;
  /** Appends bytes (counted against the spool's bound first: a 503 HttpError beyond it). */
  write(bytes: Uint8Array): Promise<void>;
  /** Closes the file; the File it now is, read from disk whenever it is read. */
  close(name: string, type: string): Promise<File>;
  /** Closes and deletes the file (a photo dropped half-way), giving its bytes back. */
  discard(): Promise<void>;
}

/**
 * A request's spooled files. `paths` lists them in order (for a caller that hands them on: move or link them
 * elsewhere before `remove`); `remove` deletes the folder and gives its bytes back to the bound, once.
 */
export class RequestSpool {
  private readonly spool: PhotoSpool;
  private folder: Promise<string> | null = null;
  private handles = new Set<FileHandle>();
  private bytes = 0;
  private removed = false;
  private count = 0;
  readonly paths: string[] = [];

  constructor(spool: PhotoSpool) {
    this.spool = spool;
  }

  /** A new file in the request's folder. */
  async create(): Promise<SpoolFile> {
    if (this.removed) throw new Error("this request's spool was removed");
    this.folder ??= mkdir(this.spool.root, { recursive: true }).then(() =>
      mkdtemp(path.join(this.spool.root, "request-")),
    );
    const file = path.join(await this.folder, `${++this.count}`);
    this.paths.push(file);
    const handle = await open(file, "wx", 0o600);
    this.handles.add(handle);
    let written = 0;
    return {
      path: file,
      write: async (chunk) => {
        this.spool.reserve(chunk.byteLength);
        this.bytes += chunk.byteLength;
        written += chunk.byteLength;
        await handle.write(chunk);
      },
      close: async (name, type) => {
        this.handles.delete(handle);
        await handle.close();
        const spooled = new File([await openAsBlob(file)], name, { type });
        spooledFiles.set(spooled, file);
        return spooled;
      },
      discard: async () => {
        this.handles.delete(handle);
        await handle.close();
        await rm(file, { force: true });
        this.paths.splice(this.paths.indexOf(file), 1);
        this.spool.release(written);
        this.bytes -= written;
      },
    };
  }

  /** Deletes the request's folder and every file in it (again: nothing). */
  async remove(): Promise<void> {
    if (this.removed) return;
    this.removed = true;
    await Promise.all([...this.handles].map((handle) => handle.close().catch(() => undefined)));
    this.handles.clear();
    const folder = await this.folder?.catch(() => null);
    if (folder) await rm(folder, { recursive: true, force: true }).catch(() => undefined);
    this.spool.release(this.bytes);
    this.bytes = 0;
  }
}
