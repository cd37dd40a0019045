/**
 * What the customer's link pages (booking, quote) show when a link leads nowhere (expired, replaced, not found…):
 * the problem's title, what it means, and the phone number to call; `children` for a next step.
 */
import { CircleAlert } from "lucide-react";

export type Phone = { display: string; href: string };

export function CallLink({ phone }: { phone: Phone }) {
  return (
    <a href={phone.href} className="font-semibold whitespace-nowrap text-brand-700 underline">
      {phone.display}
    </a>
  );
}

export function ProblemNotice({
  state,
  title,
  text,
  phone,
  children,
}: {
  state: string;
  title: string;
  text: string;
  phone: Phone;
  children?: React.ReactNode;
}) {
  return (
    <div className="max-w-xl" data-state={state}>
      <h1 className="flex items-center gap-2 text-3xl font-extrabold tracking-tight text-brand-900">
        <CircleAlert className="size-8 shrink-0 text-brand-700" aria-hidden="true" />
        {title}
      </h1>
      <p className="mt-4 text-lg text-slate-700">{text}</p>
      <p className="mt-4 text-lg text-slate-700">
        Call us at <CallLink phone={phone} />.
      </p>
      {children}
    </div>
  );
}
