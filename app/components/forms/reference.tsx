/** The request's reference number in a confirmation (the same one the visitor's e-mail and the owner's carry). */
export function ReferenceLine({ reference }: { reference: string | null | undefined }) {
  if (!reference) return null;
  return (
    <p className="mt-2">
      Your reference number: <strong className="font-mono text-lg tracking-wide whitespace-nowrap" data-reference>{reference}</strong>. We have e-mailed you a copy of your request.
    </p>
  );
}
