import { isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import { Footer } from "../components/footer.tsx";
import { EstimateForm } from "../components/forms/estimate-form.tsx";
import { Header } from "../components/header.tsx";
import { MobileBar } from "../components/mobile-bar.tsx";
import { NotFound } from "../components/not-found.tsx";
import { UnexpectedError } from "../root.tsx";
import type { loader as rootLoader } from "../root.tsx";
import type { Route } from "./+types/site-layout";

/** The shared layout: header, content with the FREE ESTIMATE sidebar on large screens, footer. */
export default function SiteLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const nav = useRouteLoaderData<typeof rootLoader>("root");
  if (!nav) return <>{children}</>;
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <Header nav={nav} />
      <div className="container-page lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8 xl:gap-10">
        <main id="main" tabIndex={-1} className="min-w-0 py-8 outline-none lg:py-10">
          {children}
        </main>
        <aside aria-labelledby="sidebar-estimate" className="hidden lg:block">
          {/* Sticky, and never taller than the window below the header: on a short window (1440×900) the form
              scrolls within itself, so its consent box and Send button can always be reached. */}
          <div className="sticky top-32 my-10 max-h-[calc(100dvh-9rem)] overflow-y-auto overscroll-contain rounded-xl border border-slate-200 bg-slate-50 p-5 shadow-sm">
            <h2 id="sidebar-estimate" className="text-xl font-extrabold tracking-tight text-brand-900">
              FREE ESTIMATE
            </h2>
            <p className="mt-1 mb-4 text-sm text-slate-700">
              Tell us about your property. We reply within {nav.business.replyWithinHours} hours.
            </p>
            <EstimateForm id="sidebar-estimate-form" source="sidebar" phone={nav.business.phone} />
          </div>
        </aside>
      </div>
      <Footer nav={nav} />
      <MobileBar phone={nav.business.phone} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Shell>
      {isRouteErrorResponse(error) && error.status === 404 ? <NotFound /> : <UnexpectedError error={error} />}
    </Shell>
  );
}
