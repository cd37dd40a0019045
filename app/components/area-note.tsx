/** The service-area answer to a ZIP code (app/lib/service-area.ts), shown beside ZIP fields and in confirmations. */
import { MapPin } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { NavData } from "../lib/nav.server.ts";
import { type AreaAnswer, areaAnswer, areaMessage } from "../lib/service-area.ts";

const tone = {
  primary: "border-green-700 bg-green-50 text-green-950",
  extended: "border-amber-600 bg-amber-50 text-amber-950",
  outside: "border-slate-500 bg-slate-50 text-slate-900",
} as const;

export function AreaNote({ answer, phone, className = "" }: { answer: AreaAnswer; phone: string; className?: string }) {
  const { title, text } = areaMessage(answer, phone);
  return (
    <div
      data-area={answer.tier}
      className={`rounded-md border-l-4 px-3 py-2 text-sm ${tone[answer.tier]} ${className}`}
    >
      <p className="flex items-center gap-1.5 font-semibold">
        <MapPin className="size-4 shrink-0" aria-hidden="true" />
        {title}
      </p>
      <p className="mt-0.5">{text}</p>
    </div>
  );
}

/** The ZIP table and phone sent with every page (root loader). */
export function useServiceArea() {
  const nav = useRouteLoaderData<NavData>("root");
  return { table: nav?.zipTable ?? {}, phone: nav?.business.phone.display ?? "" };
}

/**
 * Wraps a ZIP field: the answer follows what the visitor types (after the app has started; the answer
 * also comes with the form's result). `initial` is the value the field was rendered with; a ZIP code typed
 * before the app started is answered as soon as it has (the field's value when this hydrates).
 */
export function ZipAnswer({ initial, children }: { initial?: unknown; children: React.ReactNode }) {
  const { table, phone } = useServiceArea();
  const [zip, setZip] = useState(typeof initial === "string" ? initial : "");
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const typed = wrapper.current?.querySelector("input")?.value;
    if (typed !== undefined) setZip(typed);
  }, []);
  const answer = areaAnswer(zip, table);
  return (
    <div ref={wrapper} onInput={(event) => setZip((event.target as HTMLInputElement).value)}>
      {children}
      <div aria-live="polite" className="empty:hidden">
        {answer ? <AreaNote answer={answer} phone={phone} className="mt-2" /> : null}
      </div>
    </div>
  );
}
