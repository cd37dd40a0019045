import { FileText, Phone } from "lucide-react";
import { Link } from "react-router";

/** The fixed bottom bar on phones (Call Now and Free Quote); the footer leaves room for it so it covers nothing. */
export function MobileBar({ phone }: { phone: { display: string; href: string } }) {
  return (
    <nav
      aria-label="Quick actions"
      className="fixed inset-x-0 bottom-0 z-30 grid grid-cols-2 border-t border-brand-900 bg-brand-800 lg:hidden"
    >
      <a
        href={phone.href}
        className="flex min-h-(--bottom-bar) items-center justify-center gap-2 font-semibold text-white"
      >
        <Phone className="size-5" aria-hidden="true" />
        Call Now
      </a>
      <Link
        to="/contact"
        className="flex min-h-(--bottom-bar) items-center justify-center gap-2 bg-accent-400 font-semibold text-brand-900"
      >
        <FileText className="size-5" aria-hidden="true" />
        Free Quote
      </Link>
    </nav>
  );
}
