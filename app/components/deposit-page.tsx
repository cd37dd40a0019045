import { Link } from "react-router";
import { business } from "../content/business.ts";

/** Our phone number as a link, in a sentence. */
export const CallUs = () => (
  <a href={business.phone.href} className="font-semibold text-brand-700 underline">
    {business.phone.display}
  </a>
);

/** A page of the deposit's return (app/routes/deposit.*.tsx): its heading or status box, its words, the way home. */
export function DepositPage({ title, children }: { title?: string; children: React.ReactNode }) {
  return (
    <div className="max-w-xl">
      {title ? <h1 className="text-3xl font-extrabold tracking-tight text-brand-900">{title}</h1> : null}
      {children}
      <p className="mt-6">
        <Link to="/" className="btn-secondary">
          Return to Home
        </Link>
      </p>
    </div>
  );
}

/** The words of a deposit that was not paid: how to pay it later. */
export const NotPaidText = ({ what = "Nothing was charged." }: { what?: string }) => (
  <p className="mt-4 text-lg text-slate-700">
    {what} You can pay it from the quote page or at the job. Questions? Call us at <CallUs />.
  </p>
);
