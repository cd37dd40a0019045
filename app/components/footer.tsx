import { Link } from "react-router";
import { firstN, limits } from "../lib/limits.ts";
import type { NavData } from "../lib/nav.server.ts";
import { locationPath, servicePath } from "../lib/paths.ts";
import { Logo } from "./logo.tsx";

export function Footer({ nav }: { nav: NavData }) {
  const { business } = nav;
  const heading = "text-sm font-bold tracking-wider text-white uppercase";
  const link = "text-brand-100 hover:text-white hover:underline";
  return (
    <footer className="render-near-view bg-brand-900 pb-24 text-brand-100 lg:pb-0">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo name={business.name} inverse />
          <p className="mt-4 text-sm leading-relaxed">
            Family-owned exterior cleaning for homes, farms and businesses across Boise and the Treasure Valley since{" "}
            {business.foundedYear}.
          </p>
          <p className="mt-4 text-sm">
            <a href={business.phone.href} className={link}>
              {business.phone.display}
            </a>
            <br />
            <a href={`mailto:${business.email}`} className={link}>
              {business.email}
            </a>
          </p>
        </div>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className={heading}>
            Services
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {firstN(nav.services, limits.footerServices).map((s) => (
              <li key={s.slug}>
                <Link to={servicePath(s.slug)} className={link}>
                  {s.title}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/services" className={`${link} font-semibold`}>
                View All Services
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-locations">
          <h2 id="footer-locations" className={heading}>
            Service Areas
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {firstN(nav.locations, limits.footerCities).map((l) => (
              <li key={l.slug}>
                <Link to={locationPath(l.slug)} className={link}>
                  {l.city}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/locations" className={`${link} font-semibold`}>
                View All Locations
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className={heading}>Follow Us</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {business.social.map((s) => (
              <li key={s.name}>
                <a href={s.href} className={link} rel="noopener noreferrer" target="_blank">
                  {s.name}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
          <h2 className={`${heading} mt-6`}>Hours</h2>
          <ul className="mt-3 space-y-1 text-sm">
            {business.hours.map((h) => (
              <li key={h.days}>
                {h.days}: {h.display}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-brand-800">
        <div className="container-page flex flex-col gap-3 py-6 text-sm md:flex-row md:items-center md:justify-between">
          <div>
            <p>Licensed &amp; insured · {business.license}</p>
            <p className="mt-1">
              © {nav.year} {business.dba}. All rights reserved.
            </p>
          </div>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {nav.gallery ? (
              <li>
                <Link to="/gallery" className={link}>
                  Before &amp; After Photos
                </Link>
              </li>
            ) : null}
            <li>
              <Link to="/privacy-policy" className={link}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms-of-service" className={link}>
                Terms of Service
              </Link>
            </li>
            <li>
              <a href="/sitemap.xml" className={link}>
                Sitemap
              </a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
