/**
 * Before/after photos of real jobs (content/gallery/): the comparison card, and the "Recent work" section of
 * the service and city pages. The comparison is a fieldset of two radios that switches the visible photo
 * with CSS (app/app.css, `.compare`): no JavaScript, keyboard by arrow keys, the visible photo's alt text read.
 */
import { Link } from "react-router";
import type { GalleryPair, GalleryPhoto } from "../lib/gallery-types.ts";
import { Section } from "./ui.tsx";

/**
 * The `sizes` of a card in a grid of one column on phones and two from `sm` (640 px): the page's column
 * (app/routes/site-layout.tsx: max-w-7xl, the 20rem estimate sidebar from `lg`) less its padding and the gap.
 */
export const GALLERY_CARD_SIZES =
  "(min-width: 1280px) 416px, (min-width: 1024px) calc((100vw - 26rem) / 2), (min-width: 640px) calc((100vw - 4.5rem) / 2), calc(100vw - 2rem)";

const monthYear = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

function Photo({
  photo,
  which,
  sizes,
  eager,
  preview,
}: {
  photo: GalleryPhoto;
  which: "before" | "after";
  sizes: string;
  eager: boolean;
  preview: boolean;
}) {
  return (
    <div className={`compare-${which} relative col-start-1 row-start-1 overflow-hidden`}>
      {/* The tiny blurred preview, until the photo has loaded over it. */}
      {preview && (
        <img
          src={photo.placeholder}
          alt=""
          width={photo.width}
          height={photo.height}
          className="absolute inset-0 size-full scale-110 object-cover blur-lg"
        />
      )}
      <picture>
        {photo.sources.map((s) => (
          <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={sizes} />
        ))}
        <img
          src={photo.src}
          srcSet={photo.srcSet}
          sizes={sizes}
          alt={photo.alt}
          width={photo.width}
          height={photo.height}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="relative aspect-[4/3] h-auto w-full object-cover"
        />
      </picture>
      {/* For sighted visitors; the radios and the alt text say it to everyone else. */}
      <span
        aria-hidden="true"
        className="absolute top-3 left-3 rounded-md bg-slate-900/80 px-2.5 py-1 text-sm font-bold tracking-wide text-white uppercase"
      >
        {which === "before" ? "Before" : "After"}
      </span>
    </div>
  );
}

/**
 * One pair: the photo, the Before/After choice, its title, service, city, date and caption.
 *
 * Only the "after" photo, the one shown first, has a blurred preview: the "before" photo loads with it (hidden,
 * it keeps its box) and is there by the time it is chosen. `preview={false}` leaves that one out too, for a
 * section far below the first screen, where every byte of the page counts against the first round trip
 * (decision 016: "Recent work").
 */
export function BeforeAfter({
  pair,
  sizes = GALLERY_CARD_SIZES,
  eager = false,
  headingLevel = 3,
  preview = true,
}: {
  pair: GalleryPair;
  sizes?: string;
  eager?: boolean;
  headingLevel?: 2 | 3;
  preview?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const name = `compare-${pair.slug}`;
  const choice =
    "inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:text-brand-900 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700";
  return (
    <article
      className="compare overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
      aria-labelledby={`${name}-title`}
    >
      <div className="grid bg-slate-200">
        <Photo photo={pair.before} which="before" sizes={sizes} eager={eager} preview={false} />
        <Photo photo={pair.after} which="after" sizes={sizes} eager={eager} preview={preview} />
      </div>
      <div className="p-4 sm:p-5">
        <fieldset>
          <legend className="sr-only">Photo of {pair.title} to show</legend>
          <div className="flex gap-2">
            <label className={choice}>
              <input type="radio" name={name} value="before" className="compare-pick-before size-4 accent-brand-700" />
              Before
            </label>
            <label className={choice}>
              <input type="radio" name={name} value="after" defaultChecked className="size-4 accent-brand-700" />
              After
            </label>
          </div>
        </fieldset>
        <Heading id={`${name}-title`} className="mt-4 text-lg font-bold text-brand-900">
          {pair.title}
        </Heading>
        <p className="mt-1 text-sm text-slate-600">
          {pair.service.title} · {pair.city.name} · <time dateTime={pair.date}>{monthYear(pair.date)}</time>
        </p>
        <p className="mt-2 text-slate-700">{pair.caption}</p>
      </div>
    </article>
  );
}

/** The newest pairs of a service or a city page; nothing at all when it has none. */
export function RecentWork({
  pairs,
  title,
  moreLink,
}: {
  pairs: GalleryPair[];
  title: string;
  moreLink: { to: string; label: string };
}) {
  if (pairs.length === 0) return null;
  return (
    <Section id="recent-work" title={title}>
      <ul className="grid gap-6 sm:grid-cols-2">
        {pairs.map((pair) => (
          <li key={pair.slug}>
            <BeforeAfter pair={pair} preview={false} />
          </li>
        ))}
      </ul>
      <p className="mt-6">
        <Link
          to={moreLink.to}
          className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          {moreLink.label}
        </Link>
      </p>
    </Section>
  );
}
