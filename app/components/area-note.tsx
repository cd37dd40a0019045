/**
 * The service-area answer to a ZIP code (app/lib/service-area.ts), shown beside ZIP fields and in confirmations.
 * Its elements are the same whatever the answer (hidden without one): the page's own script writes an answer
 * into them before the app has started (app/lib/first-effects/), and the app takes them over as they are.
 */
import { MapPin } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { NavData } from "../lib/nav.server.ts";
import { type AreaAnswer, areaAnswer, areaMessage } from "../lib/service-area.ts";

/** The note's tone follows its `data-area` (the tier), so that the page's script only sets that attribute. */
const tone =
  "data-[area=primary]:border-green-700 data-[area=primary]:bg-green-50 data-[area=primary]:text-green-950 " +
  "data-[area=extended]:border-amber-600 data-[area=extended]:bg-amber-50 data-[area=extended]:text-amber-950 " +
  "data-[area=outside]:border-slate-500 data-[area=outside]:bg-slate-50 data-[area=outside]:text-slate-900";

export function AreaNote({
  answer,
  phone,
  className = "",
}: {
  answer: AreaAnswer | null;
  phone: string;
  className?: string;
}) {
  const { title, text } = answer ? areaMessage(answer, phone) : { title: "", text: "" };
  // The texts may have been written by the page's script before hydration: React keeps them, and writes
  // its own as soon as they differ (they are made by the same function from the same field).
  return (
    <div
      data-area={answer?.tier}
      data-area-note=""
      hidden={!answer}
      className={`rounded-md border-l-4 px-3 py-2 text-sm ${tone} ${className}`}
    >
      <p className="flex items-center gap-1.5 font-semibold">
        <MapPin className="size-4 shrink-0" aria-hidden="true" />
        <span data-area-title="" suppressHydrationWarning>
          {title}
        </span>
      </p>
      <p className="mt-0.5" data-area-text="" suppressHydrationWarning>
        {text}
      </p>
    </div>
  );
}

/** The ZIP table and phone sent with every page (root loader). */
export function useServiceArea() {
  const nav = useRouteLoaderData<NavData>("root");
  return { table: nav?.zipTable ?? {}, phone: nav?.business.phone.display ?? "" };
}

/**
 * Wraps a ZIP field: the answer follows what the visitor types, from the first paint (the page's script
 * answers until the app has started, app/lib/first-effects/zip.ts; then this does). `initial` is the value
 * the field was rendered with; a ZIP code typed before the app started is answered by the app too (the
 * field's value when this hydrates).
 */
export function ZipAnswer({ initial, children }: { initial?: unknown; children: React.ReactNode }) {
  const { table, phone } = useServiceArea();
  const [zip, setZip] = useState(typeof initial === "string" ? initial : "");
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const typed = wrapper.current?.querySelector("input")?.value;
    if (typed !== undefined) setZip(typed);
  }, []);
  return (
    <div ref={wrapper} data-zip-answer="" onInput={(event) => setZip((event.target as HTMLInputElement).value)}>
      {children}
      <div aria-live="polite">
        <AreaNote answer={areaAnswer(zip, table)} phone={phone} className="mt-2" />
      </div>
    </div>
  );
}
