/** Where the job is, on the owner's request page: the service address and a map link the owner opens (docs/decisions/038). */
import { MapPin } from "lucide-react";

export function ServiceAddress({ address, mapUrl }: { address: string; mapUrl: string | null }) {
  return (
    <p className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="service-address">
      <MapPin className="size-5 text-brand-700" aria-hidden="true" />
      <span className="font-semibold text-slate-900">Service address:</span>
      {address ? (
        <>
          <span>{address}</span>
          {mapUrl ? (
            <a href={mapUrl} target="_blank" rel="noreferrer" className="font-semibold text-brand-700 underline">
              Open in Maps<span className="sr-only"> (new tab)</span>
            </a>
          ) : null}
        </>
      ) : (
        <span className="text-slate-700">Not given yet (the booking page asks for it when a window is chosen)</span>
      )}
    </p>
  );
}
