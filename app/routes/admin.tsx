import { CalendarDays, ClipboardList, ChartColumn, LogOut, ReceiptText } from "lucide-react";
import { isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import { business } from "../content/business.ts";
import { inboxMiddleware, ownerContext } from "../server/features/admin/guard.server.ts";
import type { Route } from "./+types/admin";

/**
 * The owner's private pages (docs/decisions/009-owner-inbox.md): server-rendered on every request, never
 * prerendered, never cached, never indexed. Every page is plain HTML forms and links, so it works the same
 * with and without JavaScript. Its middleware guards every route below it (app/server/features/admin/guard.server.ts):
 * the session (read once, into the context) and the headers; the signed-in pages are under
 * app/routes/admin.signed-in.tsx. The Origin of a change is checked before React Router, in
 * app/server/app.server.ts. This layout shows who is signed in.
 */
export const middleware: Route.MiddlewareFunction[] = [inboxMiddleware];

export function loader({ context }: Route.LoaderArgs) {
  return { email: context.get(ownerContext)?.email ?? null, businessName: business.name };
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Shell email={loaderData.email} businessName={loaderData.businessName}>
      <Outlet />
    </Shell>
  );
}

function Shell({
  email,
  businessName,
  children,
}: {
  email: string | null;
  businessName: string;
  children: React.ReactNode;
}) {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <header className="bg-brand-900 text-white print:hidden">
        <div className="container-page flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3">
          <p className="font-bold">
            {businessName} <span className="font-normal text-brand-100">· Owner inbox</span>
          </p>
          {email ? (
            <nav aria-label="Owner pages" className="flex flex-wrap items-center gap-2">
              <a
                href="/admin"
                className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-3 font-semibold hover:bg-white/10"
              >
                <ClipboardList className="size-5" aria-hidden="true" />
                Inbox
              </a>
              <a
                href="/admin/invoices"
                className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-3 font-semibold hover:bg-white/10"
              >
                <ReceiptText className="size-5" aria-hidden="true" />
                Unpaid
              </a>
              <a
                href="/admin/report"
                className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-3 font-semibold hover:bg-white/10"
              >
                <ChartColumn className="size-5" aria-hidden="true" />
                Report
              </a>
              <a
                href="/admin/calendar"
                className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-3 font-semibold hover:bg-white/10"
              >
                <CalendarDays className="size-5" aria-hidden="true" />
                Calendar
              </a>
              <form method="post" action="/admin/sign-out">
                <button
                  type="submit"
                  className="inline-flex min-h-11 items-center gap-1.5 rounded-md border border-white/60 px-3 font-semibold hover:bg-white/10"
                >
                  <LogOut className="size-5" aria-hidden="true" />
                  Sign out
                </button>
              </form>
            </nav>
          ) : null}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="container-page py-6 outline-none sm:py-8 print:p-0">
        {children}
      </main>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A page below failed, not this layout: the owner who is signed in keeps the inbox's menu and Sign out.
  const layout = useRouteLoaderData<typeof loader>("routes/admin");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof (error.data as { message?: unknown })?.message === "string"
      ? (error.data as { message: string }).message
      : status === 404
        ? "There is no such page or request in the inbox. It may have been deleted after its retention period."
        : "Sorry, this page could not be shown. Please try again in a moment.";
  return (
    <Shell email={layout?.email ?? null} businessName={business.name}>
      <title>{`${status === 404 ? "Not found" : "Not available"} | Owner inbox`}</title>
      <h1 className="text-2xl font-bold text-brand-900">
        {status === 404 ? "Not found" : status === 403 ? "Refused" : "Something went wrong"}
      </h1>
      <p className="mt-3 max-w-xl text-lg">{message}</p>
      <p className="mt-6">
        <a href="/admin" className="btn-secondary">
          Back to the inbox
        </a>
      </p>
    </Shell>
  );
}
