/**
 * The photos a request may carry (app/server/features/leads/photos.server.ts reads and checks them): one file
 * input of several files (docs/decisions/030-request-photos.md, 040-request-kind-and-consent.md).
 *
 * With the app, each photo that will be sent is listed under the input with a small thumbnail (an object URL of
 * the chosen file, revoked when the photo is removed or the field goes; nothing is uploaded before the send),
 * its name and size, and a Remove button that takes it out of the input's files, so the send leaves it out
 * whichever way it goes. The files that will not be sent (app/forms/photo-rules.ts: over the size, of another
 * type, beyond the count) are listed with why, in a polite live region the input is described by (the page's
 * own script writes the same list before the app has started). Without JavaScript the native input alone:
 * every file goes, and the server refuses the same ones by name.
 */
import { useEffect, useRef, useState } from "react";
import { MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTO_ACCEPT } from "../../forms/options.ts";
import { refusalsHtml, sortPhotos } from "../../forms/photo-rules.ts";

interface Chosen {
  file: File;
  url: string;
}

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const photos = (n: number) => `${n} photo${n === 1 ? "" : "s"}`;

/**
 * `label`, `hint` and `accept` are the request forms' unless given: the owner's photos of the finished job
 * (app/components/completion-photos.tsx) say their own words and accept `image/*`, which offers a phone's camera.
 */
export function PhotoField({
  formId,
  label = "Photos (optional)",
  hint = `Up to ${MAX_PHOTOS} photos of the job, ${MAX_PHOTO_BYTES / 1024 / 1024} MB each: JPEG, PNG or WebP (an iPhone sends JPEG).`,
  accept = PHOTO_ACCEPT,
}: {
  formId: string;
  label?: string;
  hint?: string;
  accept?: string;
}) {
  const id = `${formId}-photos`;
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [refusals, setRefusals] = useState("");
  const [chosen, setChosen] = useState<readonly Chosen[]>([]);
  const [said, setSaid] = useState("");
  // Each listed photo's object URL, made once per chosen file.
  const urls = useRef(new Map<File, string>());
  // Where the focus goes after a removal: the Remove button now at this place in the list, or the input.
  const focusAt = useRef<number | null>(null);

  const update = () => {
    const { accepted, refused } = sortPhotos(input.current?.files ?? []);
    for (const [file, url] of urls.current)
      if (!accepted.includes(file)) {
        URL.revokeObjectURL(url);
        urls.current.delete(file);
      }
    for (const file of accepted) if (!urls.current.has(file)) urls.current.set(file, URL.createObjectURL(file));
    setChosen(accepted.map((file) => ({ file, url: urls.current.get(file)! })));
    setRefusals(refusalsHtml(refused));
  };

  useEffect(() => {
    // Files chosen before the app started, which the page's script listed the same way (app/lib/first-effects/validate.ts).
    update();
    const made = urls.current;
    return () => {
      for (const url of made.values()) URL.revokeObjectURL(url);
      made.clear();
    };
  }, []);

  useEffect(() => {
    const at = focusAt.current;
    if (at === null) return;
    focusAt.current = null;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>("button") ?? [];
    (buttons[Math.min(at, buttons.length - 1)] ?? input.current)?.focus();
  }, [chosen]);

  const remove = (file: File, at: number) => {
    const field = input.current;
    if (!field) return;
    const kept = new DataTransfer();
    for (const other of field.files ?? []) if (other !== file) kept.items.add(other);
    field.files = kept.files;
    focusAt.current = at;
    update();
    const left = sortPhotos(kept.files).accepted.length;
    setSaid(`${file.name} removed. ${left === 0 ? "No photos" : photos(left)} will be sent.`);
  };

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {hint}
      </p>
      <input
        ref={input}
        id={id}
        name="photos"
        type="file"
        multiple
        accept={accept}
        aria-describedby={`${id}-hint ${id}-refused`}
        onChange={() => {
          setSaid("");
          update();
        }}
        className="mt-1 block w-full text-base text-slate-700 file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800"
      />
      {chosen.length > 0 ? (
        <ul ref={list} aria-label={`${photos(chosen.length)} to send`} className="mt-3 grid gap-2">
          {chosen.map(({ file, url }, at) => (
            <li key={url} className="flex items-center gap-3 rounded-md border border-slate-300 bg-white p-2">
              <img src={url} alt="" width={56} height={56} className="size-14 shrink-0 rounded object-cover" />
              <span className="min-w-0 flex-1 text-sm break-words text-slate-800">
                {file.name} <span className="whitespace-nowrap text-slate-600">({size(file.size)})</span>
              </span>
              <button
                type="button"
                className="btn-secondary shrink-0 px-3 py-1.5 text-sm"
                aria-label={`Remove ${file.name}`}
                onClick={() => remove(file, at)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {said}
      </p>
      <div
        id={`${id}-refused`}
        aria-live="polite"
        dangerouslySetInnerHTML={{ __html: refusals }}
        suppressHydrationWarning
      />
    </div>
  );
}
