import { useEffect } from "react";
import { preload } from "react-dom";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import favicon from "./assets/favicon.svg?inline";
import { business } from "./content/business.ts";
import { InlineScript } from "./components/inline-script.tsx";
import { earlyScriptSource } from "./lib/early-script.ts";
import { pageEffectsSource, validateEffectsUrl } from "./lib/first-effects/sources.ts";
import { type NavData, navData } from "./lib/nav.server.ts";
import { useNonce } from "./lib/nonce.ts";
import { TOUCH_ICON } from "./lib/og.ts";

export function loader() {
  return navData();
}

// The nav data never changes at run time: keep it across client navigations.
export function shouldRevalidate() {
  return false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const nav = useRouteLoaderData<NavData>("root");
  // The field-message file is fetched from the start, at low priority, and run once the page has painted
  // (app/lib/first-effects/after-paint.ts). Only the server knows its address; React writes the link into <head>.
  if (nav && validateEffectsUrl) preload(validateEffectsUrl, { as: "script", fetchPriority: "low" });
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#073a58" />
        {/* Before the stylesheet, so it runs at once (app/lib/early-script.ts). Only the server writes it:
            the browser has run it long before hydration, and the client bundle does not carry it. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? earlyScriptSource : "" }}
        />
        {/* The icon is in the page itself (a data: URL, ~360 bytes): no request for it after the load
            event (docs/decisions/011-inline-favicon.md). Search engines and home screens take the PNG that
            the build makes from the same SVG (scripts/og-images.ts). */}
        <link rel="icon" href={favicon} type="image/svg+xml" />
        <link rel="apple-touch-icon" href={TOUCH_ICON.path} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {/* The service-area answer beside every ZIP field before the app has started (app/lib/first-effects/zip.ts),
            and the loader of the field-message file (app/lib/first-effects/after-paint.ts): one script. */}
        {nav ? (
          <InlineScript
            source={pageEffectsSource}
            data={{ table: nav.zipTable, phone: nav.business.phone.display, validate: validateEffectsUrl }}
          />
        ) : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React has hydrated it (end-to-end tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

/** Last-resort error page, for failures outside the site layout. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <UnexpectedError error={error} />;
}

export function UnexpectedError({ error }: { error: unknown }) {
  const detail =
    import.meta.env.DEV && error instanceof Error
      ? error.stack
      : isRouteErrorResponse(error)
        ? `${error.status} ${error.statusText}`
        : null;
  return (
    <main id="main" className="container-page py-20 text-center">
      <title>{`Something went wrong | ${business.name}`}</title>
      <h1 className="text-3xl font-bold text-brand-900">Unexpected Application Error!</h1>
      <p className="mx-auto mt-4 max-w-xl text-lg">
        Sorry, this page could not be shown. Please try again in a moment, or call us at{" "}
        <a className="font-semibold text-brand-700 underline" href={business.phone.href}>
          {business.phone.display}
        </a>{" "}
        and we will help you directly.
      </p>
      <p className="mt-8">
        <Link to="/" className="btn-primary">
          Return to Home
        </Link>
      </p>
      {detail ? <pre className="mt-8 overflow-auto text-left text-sm">{detail}</pre> : null}
    </main>
  );
}
