import { Phone } from "lucide-react";
import { FlagBadge, kindLabel, StatusBadge } from "../admin.tsx";
import type { Stage } from "../../server/kit/stages.ts";

/** The top of a request's page: back to the inbox, who it is from, its stage and flag, what it is, call and e-mail. */
export function RequestHeader({
  r,
}: {
  r: {
    title: string;
    stage: Stage;
    flag: string | null;
    kind: string;
    received: string;
    receivedAt: string;
    zip: string | null;
    area: string;
    price: string | null;
    phone: { display: string; href: string } | null;
    email: string;
  };
}) {
  return (
    <>
      <p>
        <a href="/admin" className="font-semibold text-brand-700 underline">
          ← All requests
        </a>
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-extrabold tracking-tight break-all text-brand-900">{r.title}</h1>
        <StatusBadge status={r.stage} />
        {r.flag ? <FlagBadge flag={r.flag} /> : null}
      </div>
      <p className="mt-1 text-slate-700">
        {kindLabel(r.kind)}, received <time dateTime={r.receivedAt}>{r.received}</time>
        {r.zip ? ` · ZIP ${r.zip}` : ""} · {r.area}
        {r.price ? ` · Price range ${r.price}` : ""}
      </p>
      <p className="mt-3 flex flex-wrap gap-3">
        {r.phone ? (
          <a href={r.phone.href} className="btn-secondary">
            <Phone className="size-5" aria-hidden="true" />
            Call {r.phone.display}
          </a>
        ) : null}
        <a href={`mailto:${r.email}`} className="btn-secondary break-all">
          E-mail {r.email}
        </a>
      </p>
    </>
  );
}
