/**
 * The site header. Its three menus are the WAI-ARIA disclosure navigation pattern (a button that shows
 * a list of links), opened by the browser itself: each list is a `popover` shown by its button's
 * `popovertarget`, so the menus work from the first paint, before and without JavaScript, with light
 * dismiss and Escape from the platform (docs/decisions/006-native-controls.md). The browser exposes a
 * popover button's expanded or collapsed state to assistive technology itself, so the buttons carry no
 * aria-expanded (HTML forbids it beside popovertarget; tests/e2e/html-validity.spec.ts).
 * app/lib/early-script.ts closes a menu when one of its links is followed.
 */
import { ChevronDown, Mail, Menu, Phone, X } from "lucide-react";
import { Link, NavLink } from "react-router";
import { firstN, limits } from "../lib/limits.ts";
import type { NavData } from "../lib/nav.server.ts";
import { locationPath, servicePath } from "../lib/paths.ts";
import { Logo } from "./logo.tsx";

type NavItem = { to: string; label: string };

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2 py-2 text-sm font-semibold tracking-wide hover:text-brand-600 ${isActive ? "text-brand-600" : "text-slate-800"}`;

/** The phone menu's id: its button is in the header, its panel is a popover. */
const SITE_MENU_ID = "site-menu";

export function Header({ nav }: { nav: NavData }) {
  const { business } = nav;
  const serviceItems: NavItem[] = nav.services.map((s) => ({ to: servicePath(s.slug), label: s.title }));
  const locationItems: NavItem[] = nav.locations.map((l) => ({ to: locationPath(l.slug), label: `${l.city}, ID` }));
  return (
    <header className="sticky top-0 z-40 bg-white/95 shadow-sm backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="bg-brand-800 text-sm text-white">
        <div className="container-page flex flex-wrap items-center justify-between gap-x-6 gap-y-1 py-1.5 text-xs sm:text-sm">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <a href={business.phone.href} className="inline-flex min-h-6 items-center gap-1.5 hover:underline">
              <Phone className="size-4" aria-hidden="true" />
              {business.phone.display}
            </a>
            <a href={`mailto:${business.email}`} className="inline-flex min-h-6 items-center gap-1.5 hover:underline">
              <Mail className="size-4 shrink-0" aria-hidden="true" />
              {business.email}
            </a>
          </div>
          <p className="hidden font-medium md:block">{business.tagline}</p>
        </div>
      </div>
      {/* The menu follows the logo and the buttons keep to the right (ml-auto), rather than spreading the three
          apart: while a slow phone or computer paints the page before the whole header has arrived, what is
          already shown then stays where it is (no layout shift) as the rest of the header comes in. */}
      <div className="container-page flex h-(--header-nav-row) items-center gap-4 xl:gap-8">
        <Link to="/" className="shrink-0" aria-label={`${business.name}, home`}>
          <Logo name={business.name} />
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1 xl:gap-3">
            <li>
              <NavLink to="/about" className={navLinkClass}>
                ABOUT US
              </NavLink>
            </li>
            <li>
              <NavDisclosure
                id="nav-services"
                label="SERVICES"
                items={[{ to: "/services", label: "All Services" }, ...serviceItems]}
              />
            </li>
            <li>
              <NavDisclosure
                id="nav-locations"
                label="LOCATIONS"
                items={[{ to: "/locations", label: "All Locations" }, ...locationItems]}
              />
            </li>
            <li>
              <NavLink to="/blog" className={navLinkClass}>
                BLOG
              </NavLink>
            </li>
            <li>
              <NavLink to="/careers" className={navLinkClass}>
                CAREERS
              </NavLink>
            </li>
            <li>
              <NavLink to="/faq" className={navLinkClass}>
                FAQ
              </NavLink>
            </li>
            <li>
              <NavLink to="/contact" className={navLinkClass}>
                CONTACT US
              </NavLink>
            </li>
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <div className="hidden flex-col items-center lg:flex">
            <Link to="/contact" className="btn-primary text-sm">
              GET FREE QUOTE
            </Link>
            <Link
              to="/pricing"
              className="inline-flex min-h-6 items-center text-xs font-semibold whitespace-nowrap text-brand-700 underline-offset-2 hover:underline"
            >
              or an instant price
            </Link>
          </div>
          <a
            href={business.phone.href}
            className="btn-secondary px-3 lg:hidden"
            aria-label={`Call ${business.phone.display}`}
          >
            <Phone className="size-5" aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Call</span>
          </a>
          <button
            type="button"
            popoverTarget={SITE_MENU_ID}
            aria-controls={SITE_MENU_ID}
            className="btn-secondary px-3 lg:hidden"
          >
            <Menu className="size-5" aria-hidden="true" />
            <span className="sr-only">Open menu</span>
          </button>
        </div>
      </div>
      <MobileMenu
        serviceItems={firstN(serviceItems, limits.mobileMenuServices)}
        locationItems={firstN(locationItems, limits.mobileMenuLocations)}
      />
    </header>
  );
}

/**
 * A desktop dropdown: the button and, right after it in the document (so Tab goes from the button into
 * the list), the popover with the links, placed under the button with CSS anchor positioning (where that is missing, at
 * the place the early script gives it as it opens: app/app.css).
 */
function NavDisclosure({ id, label, items }: { id: string; label: string; items: NavItem[] }) {
  return (
    <>
      <button
        type="button"
        popoverTarget={id}
        aria-controls={id}
        className={`group inline-flex items-center gap-1 rounded-md px-2 py-2 text-sm font-semibold tracking-wide text-slate-800 hover:text-brand-600 [&:has(+:popover-open)]:text-brand-600`}
      >
        {label}
        <ChevronDown
          className="size-4 transition-transform group-[:has(+:popover-open)]:rotate-180 motion-reduce:transition-none"
          aria-hidden="true"
        />
      </button>
      <div
        id={id}
        popover="auto"
        className={`nav-dropdown max-h-[70vh] min-w-64 overflow-y-auto rounded-lg border border-slate-200 bg-white p-2 shadow-xl`}
      >
        <ul>
          {items.map((item, i) => (
            <li key={item.to}>
              <Link
                to={item.to}
                className={`block rounded-md px-3 py-2 text-sm outline-none hover:bg-brand-50 hover:text-brand-800 focus-visible:bg-brand-50 focus-visible:text-brand-800 ${i === 0 ? "font-semibold text-brand-700" : "text-slate-700"}`}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

/** The phone menu: a panel that slides in from the right (a popover; the page behind does not scroll). */
function MobileMenu({ serviceItems, locationItems }: { serviceItems: NavItem[]; locationItems: NavItem[] }) {
  const linkClass = "block rounded-md px-3 py-2.5 text-base text-slate-800 hover:bg-brand-50";
  return (
    <div
      id={SITE_MENU_ID}
      popover="auto"
      data-lock-scroll
      className="side-sheet flex-col bg-white open:flex shadow-2xl lg:hidden"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        <h2 className="text-lg font-bold text-brand-900">Menu</h2>
        <button
          type="button"
          popoverTarget={SITE_MENU_ID}
          popoverTargetAction="hide"
          className="btn px-2 text-slate-700 hover:bg-slate-100"
        >
          <X className="size-6" aria-hidden="true" />
          <span className="sr-only">Close menu</span>
        </button>
      </div>
      <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-2 py-3">
        <ul>
          <li>
            <Link to="/about" className={linkClass}>
              About Us
            </Link>
          </li>
        </ul>
        <MenuGroup title="Services" all={{ to: "/services", label: "All Services" }} items={serviceItems} />
        <MenuGroup title="Locations" all={{ to: "/locations", label: "All Locations" }} items={locationItems} />
        <ul className="mt-2 border-t border-slate-200 pt-2">
          {[
            { to: "/blog", label: "Blog" },
            { to: "/careers", label: "Careers" },
            { to: "/faq", label: "FAQ" },
            { to: "/contact", label: "Contact Us" },
          ].map((item) => (
            <li key={item.to}>
              <Link to={item.to} className={linkClass}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t border-slate-200 p-4">
        <Link to="/contact" className="btn-primary w-full">
          Get Free Quote
        </Link>
        <Link to="/pricing" className="btn-secondary mt-2 w-full">
          Instant Price Estimate
        </Link>
      </div>
    </div>
  );
}

function MenuGroup({ title, all, items }: { title: string; all: NavItem; items: NavItem[] }) {
  return (
    <section className="mt-2 border-t border-slate-200 pt-2" aria-label={title}>
      <h3 className="px-3 pt-1 pb-1 text-xs font-bold tracking-wider text-slate-600 uppercase">{title}</h3>
      <ul>
        {[...items, all].map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className={`block rounded-md px-3 py-2 text-base hover:bg-brand-50 ${item === all ? "font-semibold text-brand-700" : "text-slate-800"}`}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
