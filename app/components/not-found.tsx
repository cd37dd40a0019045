import { useEffect } from "react";
import { Link, useLocation } from "react-router";

/** The 404 page (spec §2.13). The unknown path is written to the browser console. */
export function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);
  return (
    <div className="py-16 text-center">
      <p className="text-6xl font-extrabold text-brand-600">404</p>
      <h1 className="mt-4 text-3xl font-bold text-brand-900">Oops! Page not found</h1>
      <p className="mx-auto mt-4 max-w-md text-lg text-slate-700">The page you are looking for does not exist or has moved.</p>
      <p className="mt-8">
        <Link to="/" className="btn-primary">
          Return to Home
        </Link>
      </p>
    </div>
  );
}
