/** The request's reference number in a confirmation (the same one the visitor's e-mail and the owner's carry). */
export function ReferenceLine({ reference }: { reference: string | null | undefined }) {
  if (!reference) return null;
  return (
    <p className="mt-2">
      {"Your reference number: "}
      <strong className="font-mono text-lg tracking-wide whitespace-nowrap" data-reference>
        {reference}
      </strong>
      . We have e-mailed you a copy of your request.
    </p>
  );
}

/** The instant estimate a request carries (/pricing), with what it is not: the final price. */
export function EstimateLine({ estimate }: { estimate: string | null | undefined }) {
  if (!estimate) return null;
  return (
    <p className="mt-2">
      Your estimate: <strong>{estimate}</strong>. The final price follows a free look at the property.
    </p>
  );
}

/** The request's "Choose an arrival window" step (/book?r=…): a plain link, the page is rendered by the server. */
export function ChooseWindowLink({ bookPath }: { bookPath: string | null | undefined }) {
  if (!bookPath) return null;
  return (
    <div className="mt-4 rounded-md border border-green-700/40 bg-white p-3">
      <p className="text-slate-800">
        Want to pick when the crew arrives? Choose an arrival window now; we confirm it by e-mail.
      </p>
      <p className="mt-3">
        <a href={bookPath} className="btn-primary">
          Choose an arrival window
        </a>
      </p>
    </div>
  );
}

/** The photos that did not come with the request, each by its file name and why; the request itself arrived. */
export function RefusedPhotos({ refused }: { refused: readonly string[] | null | undefined }) {
  if (!refused?.length) return null;
  return (
    <div className="mt-3" data-photos-refused>
      <p className="font-semibold">
        {refused.length === 1 ? "One photo was" : `${refused.length} photos were`} not received (your request was):
      </p>
      <ul className="mt-1 list-disc pl-5">
        {refused.map((line) => (
          <li key={line} className="break-words">
            {line}
          </li>
        ))}
      </ul>
    </div>
  );
}
