import v8 from "node:v8";
import vm from "node:vm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TEXT_FORM_LIMIT } from "./body-limits.server.ts";
import { MAX_FORM_ENTRIES } from "./form-body.server.ts";
import { refusal } from "../../../tests/support/refusal.ts";
import { type FileRules, MAX_FILE_PARTS, readMultipart } from "./multipart.server.ts";

const RULES: FileRules = {
  field: "photos",
  maxFiles: 6,
  maxFileBytes: 1000,
  maxBytes: 1024 * 1024,
  tooLarge: "Too large.",
};

/** A form's body as a browser encodes it: its bytes and its Content-Type (with the boundary). */
async function encoded(form: FormData) {
  const request = new Request("http://127.0.0.1/estimate", { method: "POST", body: form });
  return { type: request.headers.get("content-type")!, bytes: new Uint8Array(await request.arrayBuffer()) };
}

/** A request whose body arrives in the given pieces (a body of its own with no Content-Length, as when chunked). */
function streamed(type: string, pieces: Iterable<Uint8Array>, headers: Record<string, string> = {}) {
  const iterator = pieces[Symbol.iterator]();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
  return new Request("http://127.0.0.1/estimate", {
    method: "POST",
    body,
    headers: { "content-type": type, ...headers },
    duplex: "half",
  } as RequestInit);
}

/** The bytes cut at the given sizes (the last piece takes the rest). */
function* cut(bytes: Uint8Array, sizes: number[]) {
  let at = 0;
  for (const size of sizes) {
    if (at >= bytes.length) return;
    yield bytes.subarray(at, at + size);
    at += size;
  }
  if (at < bytes.length) yield bytes.subarray(at);
}

const photo = (name: string, size: number, fill = 0x61) =>
  new File([new Uint8Array(size).fill(fill)], name, { type: "image/jpeg" });

/** What a FormData holds, files by name, size and first byte. */
const entries = async (form: FormData) =>
  Promise.all(
    [...form].map(async ([name, value]) =>
      typeof value === "string"
        ? [name, value]
        : [name, value.name, value.type, value.size, new Uint8Array(await value.arrayBuffer())[0]],
    ),
  );

describe("readMultipart", () => {
  it("keeps every text field wherever it sits, the files within the rules, and says which files it skipped and why", async () => {
    const form = new FormData();
    form.append("firstName", "Zoë");
    for (let i = 1; i <= 3; i++) form.append("photos", photo(`p${i}.jpg`, 500, 0x30 + i));
    form.append("photos", photo("video.jpg", 5000));
    form.append("message", "between the files");
    for (let i = 4; i <= 8; i++) form.append("photos", photo(`p${i}.jpg`, 500, 0x30 + i));
    form.append("agreed", "on");
    const { type, bytes } = await encoded(form);

    const { formData, skipped } = await readMultipart(streamed(type, [bytes]), RULES);

    expect(await entries(formData)).toEqual([
      ["firstName", "Zoë"],
      ...[1, 2, 3].map((i) => ["photos", `p${i}.jpg`, "image/jpeg", 500, 0x30 + i]),
      ["message", "between the files"],
      ...[4, 5, 6].map((i) => ["photos", `p${i}.jpg`, "image/jpeg", 500, 0x30 + i]),
      ["agreed", "on"],
    ]);
    // In the order sent: the video is the 4th file (at 3), p7 and p8 the 8th and 9th.
    expect(skipped).toEqual([
      { at: 3, filename: "video.jpg", reason: "size" },
      { at: 7, filename: "p7.jpg", reason: "count" },
      { at: 8, filename: "p8.jpg", reason: "count" },
    ]);
  });

  it("reads the same fields and files as the platform's parser, however the body is cut into pieces", async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 40 }).map((text) => ({ text })),
      fc
        .record({ name: fc.string({ minLength: 1, maxLength: 20 }), size: fc.integer({ min: 1, max: 900 }) })
        .map((file) => ({ file })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom("a", "b", "photos"), value), { maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 300 }), { maxLength: 40 }),
        async (fields, sizes) => {
          const form = new FormData();
          for (const [name, v] of fields)
            if ("text" in v) form.append(name, v.text);
            else form.append(name, photo(v.file.name, v.file.size, v.file.size % 256));
          const { type, bytes } = await encoded(form);
          const expected = await new Response(bytes, { headers: { "content-type": type } }).formData();
          // Files of another field than the photos' are not kept (like the names a form does not have).
          const wanted = new FormData();
          for (const [name, v] of expected) if (typeof v === "string" || name === "photos") wanted.append(name, v);
          const { formData } = await readMultipart(streamed(type, cut(bytes, sizes)), RULES);
          expect(await entries(formData)).toEqual(await entries(wanted));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("reads a file far over the limit and drops it as it arrives, without holding it, and keeps the fields after it", async () => {
    const rules = { ...RULES, maxFileBytes: 15 * 1024 * 1024, maxBytes: 512 * 1024 * 1024 };
    const head = new TextEncoder().encode(
      '--x\r\nContent-Disposition: form-data; name="photos"; filename="movie.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
    );
    const tail = new TextEncoder().encode(
      '\r\n--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.com\r\n--x--\r\n',
    );
    const mb = new Uint8Array(1024 * 1024).fill(0x41);
    const pieces = function* () {
      yield head;
      for (let i = 0; i < 200; i++) yield mb;
      yield tail;
    };
    // Measured after a collection, every 20 MB: what the reader still holds, not what it has let go.
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    gc();
    const before = process.memoryUsage().arrayBuffers;
    let most = 0;
    const sampled = function* () {
      let n = 0;
      for (const piece of pieces()) {
        if (++n % 20 === 0) {
          gc();
          most = Math.max(most, process.memoryUsage().arrayBuffers - before);
        }
        yield piece;
      }
    };
    const { formData, skipped } = await readMultipart(streamed("multipart/form-data; boundary=x", sampled()), rules);
    expect(skipped).toEqual([{ at: 0, filename: "movie.jpg", reason: "size" }]);
    expect([...formData]).toEqual([["email", "a@example.com"]]);
    // 200 MB went through; at most the 15 MB kept before it was known too large (and a few pieces) were held.
    expect(most).toBeLessThan(40 * 1024 * 1024);
  });

  it("answers 413 beyond the body's bound, declared or as it arrives, and beyond the text limit", async () => {
    const form = new FormData();
    form.append("email", "a@example.com");
    form.append("photos", photo("a.jpg", 900));
    const { type, bytes } = await encoded(form);
    const small = { ...RULES, maxBytes: bytes.length - 1 };
    expect(await refusal(readMultipart(streamed(type, cut(bytes, [100, 100])), small))).toEqual({
      status: 413,
      message: "Too large.",
    });
    const declared = streamed(type, [], { "content-length": String(RULES.maxBytes + 1) });
    expect(await refusal(readMultipart(declared, RULES))).toEqual({ status: 413, message: "Too large." });

    const text = new FormData();
    text.append("message", "x".repeat(TEXT_FORM_LIMIT + 1));
    const long = await encoded(text);
    expect(await refusal(readMultipart(streamed(long.type, [long.bytes]), RULES))).toMatchObject({ status: 413 });
  });

  it("answers 400 to too many fields, too many files, a body cut short and a part's endless headers; 415 to another type", async () => {
    const fields = new FormData();
    for (let i = 0; i <= MAX_FORM_ENTRIES; i++) fields.append(`f${i}`, "1");
    const many = await encoded(fields);
    expect(await refusal(readMultipart(streamed(many.type, [many.bytes]), RULES))).toMatchObject({
      status: 400,
      message: expect.stringContaining("too many fields"),
    });

    const files = new FormData();
    for (let i = 0; i <= MAX_FILE_PARTS; i++) files.append("photos", photo(`${i}.jpg`, 1));
    const manyFiles = await encoded(files);
    expect(await refusal(readMultipart(streamed(manyFiles.type, [manyFiles.bytes]), RULES))).toMatchObject({
      status: 400,
      message: expect.stringContaining("too many files"),
    });

    const one = new FormData();
    one.append("email", "a@example.com");
    const whole = await encoded(one);
    const short = streamed(whole.type, [whole.bytes.subarray(0, whole.bytes.length - 10)]);
    expect(await refusal(readMultipart(short, RULES))).toMatchObject({ status: 400 });

    const endless = new TextEncoder().encode(`--x\r\nX-Pad: ${"a".repeat(20_000)}`);
    expect(await refusal(readMultipart(streamed("multipart/form-data; boundary=x", [endless]), RULES))).toMatchObject({
      status: 400,
    });

    expect(
      await refusal(readMultipart(streamed("application/x-www-form-urlencoded", [new Uint8Array(1)]), RULES)),
    ).toMatchObject({ status: 415 });
  });
});
