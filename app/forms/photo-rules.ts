/**
 * Which of the chosen photos a request carries, decided in the browser as soon as they are chosen
 * (docs/decisions/030-request-photos.md): the first MAX_PHOTOS files of at most MAX_PHOTO_BYTES whose type is
 * JPEG, PNG or WebP. The others are listed by name with why, and left out of the send: by the app
 * (app/components/forms/lead-form.tsx) and, before it has started, by the page's own script
 * (app/lib/first-effects/validate.ts), with the same words and HTML. The server applies the same count and size
 * to what arrives (app/server/kit/multipart.server.ts) and decides what is an image by reading it.
 */
import { escapeHtml } from "./error-summary.ts";
import { MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTO_ACCEPT } from "./options.ts";

/** What the browser says of a chosen file (a File, or its description). */
export interface ChosenFile {
  name: string;
  size: number;
  type: string;
}

const TYPES: readonly string[] = PHOTO_ACCEPT.split(",");

/** Why a file is not sent or not kept, as the visitor and the owner read it after its name. */
export const TOO_LARGE = `larger than ${MAX_PHOTO_BYTES / 1024 / 1024} MB` as const;
export const TOO_MANY = `more than ${MAX_PHOTOS} photos` as const;
export const NOT_A_PHOTO_TYPE = "not a JPEG, PNG or WebP file";

/**
 * The chosen files in two lists, in the order chosen: those sent (a file of 0 bytes is none: an empty input)
 * and those left out with their reason. A file over the size or of another type does not count towards MAX_PHOTOS.
 */
export function sortPhotos<F extends ChosenFile>(files: Iterable<F>) {
  const accepted: F[] = [];
  const refused: { file: F; reason: string }[] = [];
  for (const file of files) {
    if (file.size === 0) continue;
    const reason = !TYPES.includes(file.type)
      ? NOT_A_PHOTO_TYPE
      : file.size > MAX_PHOTO_BYTES
        ? TOO_LARGE
        : accepted.length >= MAX_PHOTOS
          ? TOO_MANY
          : null;
    if (reason) refused.push({ file, reason });
    else accepted.push(file);
  }
  return { accepted, refused };
}

/** The list of files left out, as HTML (empty when none): PhotoField renders it, the page's script writes the same. */
export function refusalsHtml(refused: readonly { file: ChosenFile; reason: string }[]): string {
  if (refused.length === 0) return "";
  const title = refused.length === 1 ? "This file will not be sent" : `These ${refused.length} files will not be sent`;
  const items = refused.map(({ file, reason }) => `<li class="break-words">${escapeHtml(file.name)} (${reason})</li>`);
  return `<div class="mt-2 rounded-md border-2 border-amber-600 bg-amber-50 p-3 text-sm text-slate-900"><p class="font-semibold">${title}; the rest of your request will be:</p><ul class="mt-1 list-disc pl-5">${items.join("")}</ul></div>`;
}
