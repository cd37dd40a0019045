/** Cards shared by several pages. */
import { ArrowRight, Clock, MapPin, Star, Users } from "lucide-react";
import { Link } from "react-router";
import type { IconName } from "../content/schema.ts";
import { limits } from "../lib/limits.ts";
import { Icon } from "./icon.tsx";

export function ServiceCard({
  to,
  title,
  description,
  icon,
  category,
  headingLevel = 3,
}: {
  to: string;
  title: string;
  description: string;
  icon: IconName;
  category?: readonly string[];
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md motion-reduce:transition-none">
      <span className="flex size-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
        <Icon name={icon} className="size-6" />
      </span>
      <Heading className="mt-4 text-lg font-bold text-brand-900">{title}</Heading>
      {category ? <p className="mt-1 text-sm font-medium text-accent-600">{category.join(" & ")}</p> : null}
      <p className="mt-2 flex-1 text-slate-700">{description}</p>
      <Link to={to} className="mt-4 inline-flex items-center gap-1 font-semibold text-brand-700 hover:text-brand-900">
        Learn More<span className="sr-only"> about {title}</span>
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </article>
  );
}

export function Stars({ rating }: { rating: number }) {
  return (
    <span className="flex gap-0.5 text-accent-500" role="img" aria-label={`${rating} out of 5 stars`}>
      {Array.from({ length: 5 }, (_, i) => (
        <Star key={i} className={`size-5 ${i < rating ? "fill-current" : ""}`} aria-hidden="true" />
      ))}
    </span>
  );
}

export function CityCard({
  to,
  city,
  population,
  avgResponse,
  description,
  zipCodes,
}: {
  to: string;
  city: string;
  population: string;
  avgResponse: string;
  description: string;
  zipCodes: readonly string[];
}) {
  const shown = zipCodes.slice(0, limits.zipChips);
  const more = zipCodes.length - shown.length;
  return (
    <article className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 className="flex items-center gap-2 text-lg font-bold text-brand-900">
        <MapPin className="size-5 text-brand-600" aria-hidden="true" />
        {city}, Idaho
      </h3>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="flex items-center gap-1 text-slate-600">
            <Users className="size-4" aria-hidden="true" /> Population
          </dt>
          <dd className="font-semibold text-slate-900">{population}</dd>
        </div>
        <div>
          <dt className="flex items-center gap-1 text-slate-600">
            <Clock className="size-4" aria-hidden="true" /> Response
          </dt>
          <dd className="font-semibold text-slate-900">{avgResponse}</dd>
        </div>
      </dl>
      <p className="mt-3 flex-1 text-slate-700">{description}</p>
      <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={`ZIP codes served in ${city}`}>
        {shown.map((zip) => (
          <li key={zip} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-medium text-brand-800">
            {zip}
          </li>
        ))}
        {more > 0 ? (
          <li className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-medium text-slate-700">+{more} more</li>
        ) : null}
      </ul>
      <Link to={to} className="mt-4 inline-flex items-center gap-1 font-semibold text-brand-700 hover:text-brand-900">
        {city} services<span className="sr-only"> and details</span>
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </article>
  );
}
