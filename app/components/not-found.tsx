import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { useNonce } from "../lib/nonce.ts";

const LOGGED = "__notFoundLogged";

/**
 * The 404 page for any unmatched path ("Oops! Page not found", a link home). The unknown path is
 * written to the browser console: by a one-line inline script when the server answers the 404 (the app
 * only starts on the first interaction), and by an effect after a client-side navigation to an unknown
 * path.
 */
export function NotFound() {
  const { pathname } = useLocation();
  const nonce = useNonce();
  useEffect(() => {
    const w = window as unknown as Record<string, string | undefined>;
    if (w[LOGGED] !== pathname) console.warn(`404: no page at ${pathname}`);
    w[LOGGED] = undefined;
  }, [pathname]);
  return (
    <div className="py-16 text-center">
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{
          __html: `console.warn("404: no page at " + location.pathname);window.${LOGGED} = location.pathname;`,
        }}
      />
      <p className="text-6xl font-extrabold text-brand-600">404</p>
      <h1 className="mt-4 text-3xl font-bold text-brand-900">Oops! Page not found</h1>
      <p className="mx-auto mt-4 max-w-md text-lg text-slate-700">
        The page you are looking for does not exist or has moved.
      </p>
      <p className="mt-8">
        <Link to="/" className="btn-primary">
          Return to Home
        </Link>
      </p>
    </div>
  );
}
