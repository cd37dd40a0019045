import { ExternalLink, Map as MapIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { type PlottedPlace, VIEW } from "../lib/locator-map.ts";

/**
 * The city page's service-area map as a facade: a drawn preview of the city among the towns
 * around it that we serve, and the Google Maps frame only when the visitor asks for it ("Show map"), so
 * no page load talks to another host. "Show map" is a GET form (`?map=show#map`): without JavaScript, or
 * before the app has hydrated, the server answers with the frame in place; after hydration it appears
 * without a reload.
 */
export function CityMap({
  city,
  center,
  nearby,
  embedUrl,
  mapsLink,
  initiallyShown,
}: {
  city: string;
  center: PlottedPlace;
  nearby: PlottedPlace[];
  embedUrl: string;
  mapsLink: string;
  initiallyShown: boolean;
}) {
  const [shown, setShown] = useState(initiallyShown);
  const [asked, setAsked] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (asked) frame.current?.focus();
  }, [asked]);

  return (
    <>
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-slate-100">
        {shown ? (
          <iframe
            ref={frame}
            title={`Map of ${city}, Idaho`}
            src={embedUrl}
            width={VIEW.width}
            height={VIEW.height}
            referrerPolicy="no-referrer-when-downgrade"
            className="block aspect-[2/1] h-auto w-full"
          />
        ) : (
          <figure>
            <LocatorSvg center={center} nearby={nearby} />
            <figcaption className="sr-only">
              Map preview: {city}
              {nearby.length ? ` and the nearby towns we also serve: ${nearby.map((p) => p.name).join(", ")}` : ""}.
            </figcaption>
          </figure>
        )}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-6 gap-y-3">
        {shown ? null : (
          <form
            method="get"
            action="#map"
            onSubmit={(event) => {
              event.preventDefault();
              setShown(true);
              setAsked(true);
            }}
          >
            <button type="submit" name="map" value="show" className="btn-secondary">
              <MapIcon className="size-5" aria-hidden="true" />
              Show map
            </button>
          </form>
        )}
        <a
          href={mapsLink}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 font-semibold text-brand-700 underline underline-offset-2"
        >
          Open {city} in Google Maps
          <ExternalLink className="size-4" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
      {shown ? null : (
        <p className="mt-2 text-sm text-slate-600">
          The interactive map comes from Google Maps and loads when you ask for it.
        </p>
      )}
    </>
  );
}

const LABEL_CLEARANCE = 110;

/** The drawn preview: faint graticule, the nearby towns as dots, the city as a pin. Decorative to screen readers (the caption says it). */
function LocatorSvg({ center, nearby }: { center: PlottedPlace; nearby: PlottedPlace[] }) {
  const grid = [1, 2, 3, 4, 5, 6, 7].map((i) => (i * VIEW.width) / 8);
  const rows = [1, 2, 3].map((i) => (i * VIEW.height) / 4);
  return (
    <svg
      viewBox={`0 0 ${VIEW.width} ${VIEW.height}`}
      className="block aspect-[2/1] h-auto w-full"
      aria-hidden="true"
      focusable="false"
    >
      <rect width={VIEW.width} height={VIEW.height} fill="#eef6fb" />
      <g stroke="#d5e8f5" strokeWidth="1">
        {grid.map((x) => (
          <line key={`x${x}`} x1={x} y1={0} x2={x} y2={VIEW.height} />
        ))}
        {rows.map((y) => (
          <line key={`y${y}`} x1={0} y1={y} x2={VIEW.width} y2={y} />
        ))}
      </g>
      <circle cx={center.x} cy={center.y} r="120" fill="#a9d0ea" fillOpacity="0.35" />
      {nearby.map((p) => (
        <g key={p.name}>
          <circle cx={p.x} cy={p.y} r="7" fill="#0b5f8f" />
          {/* A town right next to the city keeps its dot but not its label, which the pin would cover. */}
          {Math.hypot(p.x - center.x, p.y - center.y) > LABEL_CLEARANCE ? (
            <text x={p.x} y={p.y - 14} textAnchor="middle" fontSize="24" fill="#073a58">
              {p.name}
            </text>
          ) : null}
        </g>
      ))}
      <path
        d={`M${center.x} ${center.y} c-6 -14 -22 -24 -22 -42 a22 22 0 1 1 44 0 c0 18 -16 28 -22 42z`}
        fill="#f09a0c"
        stroke="#052a40"
        strokeWidth="3"
      />
      <circle cx={center.x} cy={center.y - 42} r="8" fill="#052a40" />
      <text x={center.x} y={center.y + 34} textAnchor="middle" fontSize="30" fontWeight="700" fill="#052a40">
        {center.name}
      </text>
    </svg>
  );
}
