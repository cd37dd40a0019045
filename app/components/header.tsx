/**
 * The site header. Its two menus use Radix (DropdownMenu on large screens, Dialog for the phone menu),
 * which is not in any page's first load (docs/decisions/005-loading-strategy.md): each trigger is first
 * rendered as the same plain <button> Radix would render, Radix is imported when the visitor points at,
 * touches or focuses it, and the press that came before it arrived is replayed on Radix's trigger.
 */
import { ChevronDown, Mail, Menu, Phone, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, NavLink } from "react-router";
import { firstN, limits } from "~/lib/limits";
import type { NavData } from "~/lib/nav.server";
import { locationPath, servicePath } from "~/lib/paths";
import { Logo } from "./logo";

type NavItem = { to: string; label: string };

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2 py-2 text-sm font-semibold tracking-wide hover:text-brand-600 ${isActive ? "text-brand-600" : "text-slate-800"}`;

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
      <div className="container-page flex h-16 items-center justify-between gap-4 lg:h-20">
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
              <NavDropdown label="SERVICES" allItem={{ to: "/services", label: "All Services" }} items={serviceItems} />
            </li>
            <li>
              <NavDropdown label="LOCATIONS" allItem={{ to: "/locations", label: "All Locations" }} items={locationItems} />
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
        <div className="flex items-center gap-2">
          <Link to="/contact" className="btn-primary hidden text-sm lg:inline-flex">
            GET FREE QUOTE
          </Link>
          <a href={business.phone.href} className="btn-secondary px-3 lg:hidden" aria-label={`Call ${business.phone.display}`}>
            <Phone className="size-5" aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Call</span>
          </a>
          <MobileMenu
            serviceItems={firstN(serviceItems, limits.mobileMenuServices)}
            locationItems={firstN(locationItems, limits.mobileMenuLocations)}
          />
        </div>
      </div>
    </header>
  );
}

type DropdownModule = typeof import("@radix-ui/react-dropdown-menu");
type DialogModule = typeof import("@radix-ui/react-dialog");

/** Imports a module once per page; a failed import is tried again on the next interaction. */
function lazyModule<T>(load: () => Promise<T>) {
  let promise: Promise<T> | undefined;
  let loaded: T | undefined;
  return {
    get: () => loaded,
    load: () =>
      (promise ??= load().then(
        (module) => (loaded = module),
        (error: unknown) => {
          promise = undefined;
          throw error;
        },
      )),
  };
}

const dropdownMenu = lazyModule<DropdownModule>(() => import("@radix-ui/react-dropdown-menu"));
const dialog = lazyModule<DialogModule>(() => import("@radix-ui/react-dialog"));

/**
 * One menu's Radix module: undefined until loaded, while the menu renders a plain stand-in trigger.
 * `load` imports it; `replay` also records the event that should have opened the menu, dispatched on
 * Radix's trigger once it is mounted. The new trigger takes the focus if the stand-in had it.
 */
function useLazyRadix<T>(lib: ReturnType<typeof lazyModule<T>>) {
  const [module, setModule] = useState<T | undefined>(lib.get);
  const trigger = useRef<HTMLButtonElement>(null);
  const replayed = useRef<Event | null>(null);
  const hadFocus = useRef(false);
  const load = () => {
    if (module) return;
    lib.load().then(
      (m) => {
        hadFocus.current = document.activeElement === trigger.current;
        setModule(() => m);
      },
      () => {},
    );
  };
  // Runs after Radix's own effects (they are in children), so its listeners see the replayed event.
  useEffect(() => {
    if (!module) return;
    if (hadFocus.current) trigger.current?.focus();
    const event = replayed.current;
    replayed.current = null;
    if (event) trigger.current?.dispatchEvent(event);
  }, [module]);
  const replay = (event: Event) => {
    replayed.current = event;
    load();
  };
  return { module, trigger, load, replay };
}

function NavDropdown({ label, allItem, items }: { label: string; allItem: NavItem; items: NavItem[] }) {
  const { module: DropdownMenu, trigger, load, replay } = useLazyRadix(dropdownMenu);
  const triggerProps = {
    ref: trigger,
    className:
      "group inline-flex items-center gap-1 rounded-md px-2 py-2 text-sm font-semibold tracking-wide text-slate-800 hover:text-brand-600 data-[state=open]:text-brand-600",
    children: (
      <>
        {label}
        <ChevronDown className="size-4 transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none" aria-hidden="true" />
      </>
    ),
  };
  if (!DropdownMenu) {
    // What DropdownMenu.Trigger renders while closed; the presses that open it are replayed on it.
    return (
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={false}
        data-state="closed"
        {...triggerProps}
        onPointerEnter={load}
        onFocus={load}
        onPointerDown={(event) => {
          if (event.button !== 0 || event.ctrlKey) return;
          event.preventDefault();
          replay(new PointerEvent("pointerdown", { bubbles: true, cancelable: true, button: 0, pointerType: event.pointerType }));
        }}
        onKeyDown={(event) => {
          if (!["Enter", " ", "ArrowDown"].includes(event.key)) return;
          event.preventDefault();
          replay(new KeyboardEvent("keydown", { bubbles: true, cancelable: true, key: event.key }));
        }}
      />
    );
  }
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger {...triggerProps} />
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={8}
          className="z-50 max-h-[70vh] min-w-64 overflow-y-auto rounded-lg border border-slate-200 bg-white p-2 shadow-xl"
        >
          {[allItem, ...items].map((item, i) => (
            <DropdownMenu.Item key={item.to} asChild>
              <Link
                to={item.to}
                className={`block rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800 ${i === 0 ? "font-semibold text-brand-700" : "text-slate-700"}`}
              >
                {item.label}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function MobileMenu({ serviceItems, locationItems }: { serviceItems: NavItem[]; locationItems: NavItem[] }) {
  const [open, setOpen] = useState(false);
  const { module: Dialog, trigger, load, replay } = useLazyRadix(dialog);
  const close = () => setOpen(false);
  const linkClass = "block rounded-md px-3 py-2.5 text-base text-slate-800 hover:bg-brand-50";
  const triggerProps = { ref: trigger, className: "btn-secondary px-3 lg:hidden", "aria-label": "Open menu", children: <Menu className="size-5" aria-hidden="true" /> };
  if (!Dialog) {
    // What Dialog.Trigger renders while closed; the press that opens it is replayed on it.
    return (
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={false}
        data-state="closed"
        {...triggerProps}
        onPointerEnter={load}
        onTouchStart={load}
        onFocus={load}
        onClick={() => replay(new MouseEvent("click", { bubbles: true, cancelable: true }))}
      />
    );
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger {...triggerProps} />
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60 lg:hidden" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-[85vw] max-w-sm flex-col bg-white shadow-2xl data-[state=open]:animate-[slide-in_200ms_ease-out] motion-reduce:animate-none lg:hidden">
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <Dialog.Title className="text-lg font-bold text-brand-900">Menu</Dialog.Title>
            <Dialog.Close className="btn px-2 text-slate-700 hover:bg-slate-100" aria-label="Close menu">
              <X className="size-6" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Site navigation</Dialog.Description>
          <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-2 py-3">
            <ul>
              <li>
                <Link to="/about" className={linkClass} onClick={close}>
                  About Us
                </Link>
              </li>
            </ul>
            <MenuGroup title="Services" all={{ to: "/services", label: "All Services" }} items={serviceItems} onPick={close} />
            <MenuGroup title="Locations" all={{ to: "/locations", label: "All Locations" }} items={locationItems} onPick={close} />
            <ul className="mt-2 border-t border-slate-200 pt-2">
              {[
                { to: "/blog", label: "Blog" },
                { to: "/careers", label: "Careers" },
                { to: "/faq", label: "FAQ" },
                { to: "/contact", label: "Contact Us" },
              ].map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className={linkClass} onClick={close}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="border-t border-slate-200 p-4">
            <Link to="/contact" className="btn-primary w-full" onClick={close}>
              Get Free Quote
            </Link>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function MenuGroup({ title, all, items, onPick }: { title: string; all: NavItem; items: NavItem[]; onPick: () => void }) {
  return (
    <section className="mt-2 border-t border-slate-200 pt-2" aria-label={title}>
      <h2 className="px-3 pt-1 pb-1 text-xs font-bold tracking-wider text-slate-600 uppercase">{title}</h2>
      <ul>
        {[...items, all].map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              onClick={onPick}
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
