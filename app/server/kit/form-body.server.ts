/**
 * Reading a form body before any parser sees it (docs/security.md "Input limits"): every form action of the
 * site, the visitor's and the owner's alike, reads its body here within the size limit and keeps only the
 * field names the form has. The form library (Conform) expands path-syntax names such as `x[400000000]`
 * into arrays of that length and acts on its reserved `__intent__` field: neither ever reaches it.
 */
import { TEXT_FORM_LIMIT } from "./body-limits.server.ts";

/** More entries than this in one body is not a form of this site (the largest has about 25). */
export const MAX_FORM_ENTRIES = 200;

export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** Reads a form body, counting bytes as they stream in; more than `limit` bytes is a 413. */
export async function readFormData(request: Request, uploadLimit: number = TEXT_FORM_LIMIT): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type))
    throw new HttpError(415, "Send this form from the page.");
  // Only a multipart upload may be larger than a text form.
  const limit = /^multipart\//i.test(type) ? uploadLimit : Math.min(uploadLimit, TEXT_FORM_LIMIT);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw new HttpError(413, "This form is too large to send.");
  const chunks: Uint8Array[] = [];
  await eachChunk(request, limit, "This form is too large to send.", (chunk) => void chunks.push(chunk));
  const bytes = Buffer.concat(chunks);
  // Counted before parsing: building a FormData of tens of thousands of entries takes the event loop for a while.
  if (countEntries(bytes, type) > MAX_FORM_ENTRIES)
    throw new HttpError(400, `This form has too many fields. ${notOurForm}`);
  try {
    return await new Response(bytes, { headers: { "content-type": type } }).formData();
  } catch {
    throw new HttpError(400, "This form could not be read. Please try again.");
  }
}

/**
 * Hands each piece of a request's body to `take` as it arrives, counting bytes: more than `limit` is a 413 with
 * `tooLarge`. An error `take` throws ends the reading too; the next piece is read once `take`'s promise settles.
 */
export async function eachChunk(
  request: Request,
  limit: number,
  tooLarge: string,
  take: (chunk: Uint8Array) => void | Promise<void>,
): Promise<void> {
  if (!request.body) return;
  const reader = request.body.getReader();
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    total += value.byteLength;
    try {
      if (total > limit) throw new HttpError(413, tooLarge);
      await take(value);
    } catch (error) {
      // Not cancelled: that would destroy the connection before the answer is written. Node discards the
      // rest of the body once the answer has gone out (and HTTP_REQUEST_TIMEOUT_SECONDS ends a body that never ends).
      reader.releaseLock();
      throw error;
    }
  }
}

/** How many entries a body holds, counted on its bytes without parsing (up to MAX_FORM_ENTRIES + 1): its non-empty `&`-separated pieces, or its multipart parts. */
function countEntries(bytes: Buffer, type: string): number {
  const boundary = /^multipart\//i.test(type) ? /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type) : null;
  const separator = boundary ? Buffer.from(`--${boundary[1] ?? boundary[2]}`) : Buffer.from("&");
  let count = boundary ? -1 : 1;
  for (
    let at = bytes.indexOf(separator);
    at !== -1 && count <= MAX_FORM_ENTRIES;
    at = bytes.indexOf(separator, at + separator.length)
  ) {
    // Empty pieces (`a&&b`) are no entries.
    if (boundary || (bytes[at + 1] !== 0x26 && at + 1 < bytes.length)) count++;
  }
  return count;
}

/** The field names a form accepts, and which of them may repeat (lists of checkboxes). */
export interface FormShape {
  single: ReadonlySet<string>;
  multiple: ReadonlySet<string>;
}

/** A form's shape from explicit lists of its field names (the owner's forms name theirs in app/forms/admin.ts). */
export const formFields = (single: readonly string[], multiple: readonly string[] = []): FormShape => ({
  single: new Set(single),
  multiple: new Set(multiple),
});

const notOurForm = "Please send the form from our page, or call us.";
const shortName = (name: string) => JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}…` : name);

/**
 * Keeps only the entries the form names, before any parser sees them. Names with path syntax (`a[0]`,
 * `a.b`) or the form library's reserved names, a single-value field sent twice, or more than
 * MAX_FORM_ENTRIES entries are refused (400): the form library would expand `x[4294967294]` into an array
 * of that length. Names the form does not have are dropped.
 */
export function pickFields(formData: FormData, shape: FormShape): FormData {
  const kept = new FormData();
  const seen = new Set<string>();
  let count = 0;
  for (const [name, value] of formData) {
    if (++count > MAX_FORM_ENTRIES) throw new HttpError(400, `This form has too many fields. ${notOurForm}`);
    if (/[[\].]/.test(name) || name.startsWith("__"))
      throw new HttpError(400, `This form has a field it does not accept (${shortName(name)}). ${notOurForm}`);
    if (shape.multiple.has(name)) {
      kept.append(name, value);
    } else if (shape.single.has(name)) {
      if (seen.has(name))
        throw new HttpError(400, `The field ${shortName(name)} was sent more than once. ${notOurForm}`);
      seen.add(name);
      kept.append(name, value);
    }
  }
  return kept;
}

/** The body read within the text-form limit and reduced to the form's fields; an HttpError (413, 415, 400) otherwise. */
export async function readFields(
  request: Request,
  shape: FormShape,
  limit: number = TEXT_FORM_LIMIT,
): Promise<FormData> {
  return pickFields(await readFormData(request, limit), shape);
}
