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
