/** On a request's page: the same customer's earlier requests (same e-mail address or phone number), each a link. */
import { kindLabel } from "../admin.tsx";

export interface EarlierRequestRow {
  id: string;
  reference: string;
  kind: string;
  received: string;
  receivedAt: string;
  /** "same e-mail", "same phone" or "same e-mail and phone". */
  by: string;
}

export function EarlierRequests({ rows, max }: { rows: EarlierRequestRow[]; max: number }) {
  if (rows.length === 0) return null;
  return (
    <section className="mt-6" aria-labelledby="earlier-requests">
      <h2 id="earlier-requests" className="text-lg font-bold text-brand-900">
        This customer&apos;s earlier requests
      </h2>
      <ul className="mt-2 grid gap-1">
        {rows.map((row) => (
          <li key={row.id}>
            <a href={`/admin/requests/${row.id}`} className="font-semibold text-brand-700 underline">
              {row.reference}
            </a>{" "}
            {kindLabel(row.kind)}, received <time dateTime={row.receivedAt}>{row.received}</time> ({row.by})
          </li>
        ))}
      </ul>
      {rows.length >= max ? <p className="mt-1 text-slate-700">The {max} latest are listed.</p> : null}
    </section>
  );
}
