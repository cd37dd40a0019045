import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUSY } from "./body-limits.server.ts";
import { type FileRules, readMultipart } from "./multipart.server.ts";
import { PhotoSpool, SPOOL_FULL, spooledPath } from "./spool.server.ts";

const RULES: FileRules = {
  field: "photos",
  maxFiles: 6,
  maxFileBytes: 4000,
  maxBytes: 1024 * 1024,
  tooLarge: "Too large.",
};

let root: string;
beforeEach(async () => {
  root = path.join(await mkdtemp(path.join(os.tmpdir(), "spool-test-")), "uploads");
});
afterEach(async () => {
  await rm(path.dirname(root), { recursive: true, force: true });
});

/** A form's body as a browser encodes it, arriving in pieces of `piece` bytes; `fail` ends it with an error after that many bytes. */
async function sent(form: FormData, { piece = 700, fail = Infinity } = {}) {
  const encoded = new Request("http://127.0.0.1/estimate", { method: "POST", body: form });
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= fail) return controller.error(new Error("connection lost"));
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, Math.min(at + piece, fail)));
      at += piece;
    },
  });
  return new Request("http://127.0.0.1/estimate", {
    method: "POST",
    body,
    headers: { "content-type": encoded.headers.get("content-type")! },
    duplex: "half",
  } as RequestInit);
}

const photo = (name: string, size: number, fill: number) =>
  new File([new Uint8Array(size).fill(fill)], name, { type: "image/jpeg" });

/** A slot taker that counts its calls and says yes while `free` slots are left. */
function slots(free: number) {
  const taker = { calls: 0, takeSlot: () => (taker.calls++, free-- > 0) };
  return taker;
}

/** The files left anywhere under the spool. */
const leftOnDisk = async () =>
  existsSync(root) ? (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()) : [];

describe("the photo slot", () => {
  it("is never asked for by a text-only body, nor by an empty file input (a part with no file name and no bytes)", async () => {
    // As a browser sends a form whose file input was left empty (undici's FormData would leave out the file name).
    const part = (disposition: string, value: string, type = "") =>
      `--b\r\nContent-Disposition: form-data; ${disposition}\r\n${type}\r\n${value}\r\n`;
    const body =
      part('name="firstName"', "Ana") +
      part('name="photos"; filename=""', "", "Content-Type: application/octet-stream\r\n") +
      part('name="agreed"', "on") +
      "--b--\r\n";
    const request = new Request("http://127.0.0.1/estimate", {
      method: "POST",
      body,
      headers: { "content-type": "multipart/form-data; boundary=b" },
    });
    const taker = slots(0);

    const { formData } = await readMultipart(request, RULES, taker);

    expect(taker.calls).toBe(0);
    expect([...formData]).toEqual([
      ["firstName", "Ana"],
      ["agreed", "on"],
    ]);
  });

  it("is taken once, when the first file with content begins", async () => {
    const form = new FormData();
    form.append("firstName", "Ana");
    form.append("photos", photo("a.jpg", 3000, 1));
    form.append("photos", photo("b.jpg", 3000, 2));
    const taker = slots(1);

    const { formData } = await readMultipart(await sent(form), RULES, taker);

    expect(taker.calls).toBe(1);
    expect(formData.getAll("photos")).toHaveLength(2);
  });

  it("refuses the body 503 (busy) when none is free, and nothing it sent stays on disk", async () => {
    const spool = new PhotoSpool(root, 1024 * 1024);
    const form = new FormData();
    form.append("firstName", "Ana");
    form.append("photos", photo("a.jpg", 3000, 1));

    await expect(
      readMultipart(await sent(form), RULES, { ...slots(0), spool: spool.forRequest() }),
    ).rejects.toMatchObject({
      status: 503,
      message: BUSY,
    });
    expect(await leftOnDisk()).toEqual([]);
  });
});

describe("the spool", () => {
  it("writes each kept photo to the request's folder as it arrives, the form reading it from there, until removed", async () => {
    const spool = new PhotoSpool(root, 1024 * 1024);
    await spool.clearLeftovers();
    const form = new FormData();
    form.append("firstName", "Ana");
    form.append("photos", photo("a.jpg", 3000, 1));
    form.append("message", "between");
    form.append("photos", photo("too-big.jpg", 9000, 2));
    form.append("photos", photo("b.jpg", 2000, 3));
    const request = spool.forRequest();

    const { formData, skipped } = await readMultipart(await sent(form), RULES, { spool: request });

    // The order of the body, each kept photo's bytes on disk and in the form; the one over the size never kept.
    expect([...formData.keys()]).toEqual(["firstName", "photos", "message", "photos"]);
    expect(skipped).toEqual([{ at: 1, filename: "too-big.jpg", reason: "size" }]);
    const files = formData.getAll("photos") as File[];
    expect(files.map((f) => [f.name, f.type, f.size])).toEqual([
      ["a.jpg", "image/jpeg", 3000],
      ["b.jpg", "image/jpeg", 2000],
    ]);
    expect(request.paths).toHaveLength(2);
    expect(files.map((f) => spooledPath(f))).toEqual(request.paths);
    for (const [i, file] of files.entries()) {
      const onDisk = await readFile(request.paths[i]!);
      expect(Buffer.from(await file.arrayBuffer()).equals(onDisk)).toBe(true);
      expect(path.dirname(request.paths[i]!)).not.toBe(root);
      expect(path.dirname(path.dirname(request.paths[i]!))).toBe(root);
    }
    expect(await leftOnDisk()).toHaveLength(2);
    expect(spool.bytesUsed).toBe(5000);

    await request.remove();
    expect(await leftOnDisk()).toEqual([]);
    expect(await readdir(root)).toEqual([]);
    expect(spool.bytesUsed).toBe(0);
  });

  it("removes what a body had written when its connection is lost in the middle of a photo", async () => {
    const spool = new PhotoSpool(root, 1024 * 1024);
    const form = new FormData();
    form.append("photos", photo("a.jpg", 3000, 1));
    form.append("photos", photo("b.jpg", 3000, 2));
    const request = spool.forRequest();

    await expect(readMultipart(await sent(form, { fail: 4500 }), RULES, { spool: request })).rejects.toThrow(
      "connection lost",
    );
    expect(await leftOnDisk()).toEqual([]);
    expect(spool.bytesUsed).toBe(0);
  });

  it("refuses a photo 503 when the spool would pass its bound, clearly, and gives back what the body had taken", async () => {
    const spool = new PhotoSpool(root, 5000);
    const holder = spool.forRequest();
    const first = new FormData();
    first.append("photos", photo("a.jpg", 3000, 1));
    await readMultipart(await sent(first), RULES, { spool: holder });

    const second = new FormData();
    second.append("firstName", "Ana");
    second.append("photos", photo("b.jpg", 3000, 2));
    await expect(readMultipart(await sent(second), RULES, { spool: spool.forRequest() })).rejects.toMatchObject({
      status: 503,
      message: SPOOL_FULL,
    });
    expect(spool.bytesUsed).toBe(3000);
    expect(await leftOnDisk()).toHaveLength(1);

    // Once the first request's answer is complete, the same photo fits.
    await holder.remove();
    await expect(readMultipart(await sent(second), RULES, { spool: spool.forRequest() })).resolves.toBeTruthy();
  });

  it("deletes at start what a killed process left behind", async () => {
    await mkdir(path.join(root, "request-killed"), { recursive: true });
    await writeFile(path.join(root, "request-killed", "1"), "half a photo");

    await new PhotoSpool(root, 1024).clearLeftovers();

    expect(await readdir(root)).toEqual([]);
  });
});
