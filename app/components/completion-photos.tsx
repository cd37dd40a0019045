/**
 * The owner's photos of the finished job on a request's page (/admin/requests/:id): taken or chosen on a phone,
 * sent with a plain multipart POST to /admin/requests/:id/completion-photos (no script needed; with the app the
 * chosen photos are listed with thumbnails before sending), shown apart from the customer's photos, each opened
 * full size or deleted. The customer sees them on the invoice.
 */
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from "../forms/options.ts";
import { PhotoField } from "./forms/photo-field.tsx";
import { Section } from "./request-job.tsx";

export interface CompletionPhotosView {
  photos: { n: number; filename: string; width: number; height: number }[];
  /** What the last form of the section did (after its redirect), and each refused file with why. */
  outcome: { said: string; refused: string[] } | null;
}

export function CompletionPhotos({ id, view }: { id: string; view: CompletionPhotosView }) {
  const { photos, outcome } = view;
  const action = `/admin/requests/${id}/completion-photos`;
  const room = MAX_PHOTOS - photos.length;
  return (
    <Section id="completion-heading" title="Photos of the finished job">
      {outcome ? (
        <div role="status" className="mb-3 rounded-md border-2 border-green-700 bg-green-50 p-3 text-green-900">
          <p className="font-medium">{outcome.said}</p>
          {outcome.refused.length ? (
            <>
              <p className="mt-2 font-medium">Not added:</p>
              <ul className="list-disc pl-6">
                {outcome.refused.map((line, i) => (
                  <li key={`${line}-${i}`} className="break-words">
                    {line}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
      <p className="mb-3 text-slate-700">
        The customer sees these on the invoice (never the photos they sent). Up to {MAX_PHOTOS} photos per job.
      </p>
      <h3 className="mb-2 text-lg font-bold text-brand-900">Your photos of the finished job</h3>
      {photos.length ? (
        <ul
          className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6"
          aria-label="Your photos of the finished job"
        >
          {photos.map((photo, i) => {
            const href = `/admin/requests/${id}/photos/${photo.n}`;
            const name = `Photo ${i + 1} of ${photos.length}: ${photo.filename}`;
            return (
              <li key={photo.n} className="grid gap-1">
                <a href={href} className="block rounded-md border border-slate-300 p-1 hover:border-brand-600">
                  <img
                    src={href}
                    alt={name}
                    width={photo.width}
                    height={photo.height}
                    loading="lazy"
                    className="aspect-square h-auto w-full rounded object-cover"
                  />
                </a>
                <form method="post" action={action}>
                  <input type="hidden" name="delete" value={photo.n} />
                  <button
                    type="submit"
                    className="btn-secondary w-full px-3 py-1.5 text-sm"
                    aria-label={`Delete ${name}`}
                  >
                    Delete
                  </button>
                </form>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-slate-700">None yet.</p>
      )}
      {room > 0 ? (
        <form
          method="post"
          action={action}
          encType="multipart/form-data"
          className="mt-4 grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
        >
          <PhotoField
            formId="completion"
            label="Add photos"
            hint={`Take them with your phone's camera or choose them: up to ${room} more, ${MAX_PHOTO_BYTES / 1024 / 1024} MB each.`}
            accept="image/*"
          />
          <p>
            <button type="submit" className="btn-primary">
              Add the photos
            </button>
          </p>
        </form>
      ) : (
        <p className="mt-3 text-slate-700">That is the most for one job: delete one to add another.</p>
      )}
    </Section>
  );
}
