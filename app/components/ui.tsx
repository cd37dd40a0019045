/** Small layout primitives shared by the pages, so spacing and type scale stay consistent. */
import { ChevronRight } from "lucide-react";
import { Link } from "react-router";

export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: React.ReactNode;
  lead?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <header className="rounded-2xl bg-gradient-to-br from-brand-800 to-brand-600 px-6 py-10 text-white sm:px-10 sm:py-14">
      {eyebrow ? <p className="text-sm font-semibold tracking-wider text-accent-400 uppercase">{eyebrow}</p> : null}
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl lg:text-5xl">{title}</h1>
      {lead ? <div className="mt-4 max-w-2xl text-lg text-brand-50">{lead}</div> : null}
      {children ? <div className="mt-6 flex flex-wrap gap-3">{children}</div> : null}
    </header>
  );
}

export function Section({
  title,
  id,
  intro,
  children,
  className = "",
}: {
  title: string;
  id?: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={`render-near-view mt-14 scroll-mt-36 ${className}`}>
      <h2 id={headingId} className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">
        {title}
      </h2>
      {intro ? <div className="mt-3 max-w-3xl text-lg text-slate-700">{intro}</div> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}

export function Card({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return <div className={`rounded-xl border border-slate-200 bg-white p-5 shadow-sm ${className}`}>{children}</div>;
}

export function Breadcrumbs({ items }: { items: { to?: string; label: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, i) => (
          <li key={item.label} className="flex items-center gap-1">
            {i > 0 ? <ChevronRight className="size-4" aria-hidden="true" /> : null}
            {item.to ? (
              <Link to={item.to} className="text-brand-700 underline-offset-2 hover:underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page">{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The closing call to action most pages end with. */
export function CallToAction({
  title,
  text,
  phone,
  primary = { to: "/contact", label: "Get Your Free Estimate" },
}: {
  title: string;
  text: React.ReactNode;
  phone: { display: string; href: string };
  primary?: { to: string; label: string };
}) {
  return (
    <section
      aria-labelledby="cta-heading"
      className="mt-16 rounded-2xl bg-brand-900 px-6 py-10 text-center text-white sm:px-10"
    >
      <h2 id="cta-heading" className="text-2xl font-bold sm:text-3xl">
        {title}
      </h2>
      <div className="mx-auto mt-3 max-w-2xl text-lg text-brand-100">{text}</div>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to={primary.to} className="btn-primary">
          {primary.label}
        </Link>
        <a href={phone.href} className="btn-inverse">
          Call {phone.display}
        </a>
      </div>
    </section>
  );
}
