/**
 * The customer's page (/account?t=…, issue 43) and "Send me my link" (/account/link): every request of the
 * customer with its quotes, deposits, window and invoices, each acted on through its own page, and the
 * preferences, each a plain form post (Post/Redirect/Get: it works before and without JavaScript).
 */
import { CircleAlert, CircleCheck, FileText, Mail } from "lucide-react";
import { Link } from "react-router";
import type { AccountPage, Preferences, RequestView } from "../server/account.server.ts";

type Phone = { display: string; href: string };
type Open = Extract<AccountPage, { state: "open" }>;

const card = "mt-6 rounded-lg border border-slate-200 bg-white p-4 sm:p-6";
const linkClass = "font-semibold text-brand-700 underline";

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr]">
      <dt className="font-semibold text-slate-800">{label}</dt>
      <dd className="text-slate-700">{children}</dd>
    </div>
  );
}

function Request({ request }: { request: RequestView }) {
  return (
    <section className={card} aria-labelledby={`request-${request.id}`} data-request={request.reference}>
      <h2 id={`request-${request.id}`} className="text-xl font-bold text-brand-900">
        Request {request.reference}
      </h2>
      <dl className="mt-3 grid gap-2">
        <Field label="Sent">{request.date}</Field>
        {request.services.length > 0 ? <Field label="Services">{request.services.join(", ")}</Field> : null}
        {request.address ? <Field label="Address">{request.address}</Field> : null}
      </dl>
      {request.photos.length > 0 ? (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Your photos">
          {request.photos.map((photo) => (
            <li key={photo.src}>
              <img
                src={photo.src}
                alt={photo.alt}
                width={photo.width}
                height={photo.height}
                loading="lazy"
                className="h-24 w-auto rounded border border-slate-200"
              />
            </li>
          ))}
        </ul>
      ) : null}
      {request.quotes.length > 0 ? (
        <>
          <h3 className="mt-5 text-lg font-bold text-brand-900">Quotes</h3>
          <ul className="mt-2 grid gap-3">
            {request.quotes.map((quote) => (
              <li key={quote.label}>
                <p>
                  {quote.label}: <strong>{quote.status}</strong>
                  {quote.href && !quote.accepted ? (
                    <>
                      {" "}
                      <a href={quote.href} className={linkClass}>
                        See the quote and answer it
                      </a>
                    </>
                  ) : null}
                </p>
                {quote.accepted ? (
                  <dl className="mt-2 grid gap-1 rounded bg-slate-50 p-3">
                    <Field label="You accepted">{quote.accepted.option}</Field>
                    <Field label="Total">{quote.accepted.total}</Field>
                    <Field label="Deposit">{quote.accepted.deposit}</Field>
                    <Field label="Balance">{quote.accepted.balance}</Field>
                    <Field label="Signed">
                      {quote.accepted.name}, {quote.accepted.acceptedAt}
                    </Field>
                  </dl>
                ) : null}
                {quote.accepted ? (
                  <p className="mt-2 flex flex-wrap gap-4">
                    <a href={quote.accepted.pdf} className={linkClass}>
                      <FileText className="mr-1 inline size-4" aria-hidden="true" />
                      The accepted quote (PDF)
                    </a>
                    {quote.href ? (
                      <a href={quote.href} className={linkClass}>
                        The accepted quote&apos;s page
                      </a>
                    ) : null}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {request.deposits.length > 0 ? (
        <>
          <h3 className="mt-5 text-lg font-bold text-brand-900">Deposits</h3>
          <ul className="mt-2 grid gap-1">
            {request.deposits.map((deposit, i) => (
              <li key={i}>
                {deposit.amount}: {deposit.status} ({deposit.date})
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3 className="mt-5 text-lg font-bold text-brand-900">Arrival window</h3>
      {request.window ? (
        <p className="mt-2">
          {request.window.day}, {request.window.times}: <strong>{request.window.status}</strong>
          {request.window.manage ? (
            <>
              {" "}
              <a href={request.window.manage} className={linkClass}>
                Change or cancel this window
              </a>
            </>
          ) : null}
        </p>
      ) : (
        <p className="mt-2">None chosen yet.</p>
      )}
      {request.choose ? (
        <p className="mt-2">
          <a href={request.choose} className={linkClass}>
            Choose an arrival window
          </a>
        </p>
      ) : null}
      {request.invoices.length > 0 ? (
        <>
          <h3 className="mt-5 text-lg font-bold text-brand-900">Invoices and receipts</h3>
          <ul className="mt-2 grid gap-3">
            {request.invoices.map((invoice) => (
              <li key={invoice.number}>
                <p>
                  Invoice {invoice.number}: {invoice.total}
                  {invoice.paid ? (
                    <strong> Paid in full</strong>
                  ) : (
                    <>
                      , <strong>{invoice.balance} left to pay</strong>
                      {invoice.due ? ` (${invoice.due})` : ""}
                    </>
                  )}
                </p>
                {invoice.credits.length > 0 ? (
                  <ul className="ml-4 list-disc text-slate-700">
                    {invoice.credits.map((credit, i) => (
                      <li key={i}>
                        {credit.label}
                        {credit.date ? `, ${credit.date}` : ""}: {credit.amount}
                      </li>
                    ))}
                  </ul>
                ) : null}
                <p className="mt-1 flex flex-wrap gap-4">
                  <a href={invoice.href} className={invoice.paid ? linkClass : "btn-primary"}>
                    {invoice.paid ? "See the invoice and receipt" : `Pay ${invoice.balance}`}
                  </a>
                  <a href={invoice.pdf} className={linkClass}>
                    Invoice {invoice.number} (PDF)
                  </a>
                </p>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="mt-5">
        <a href={request.again} className="btn-secondary">
          Request this again
        </a>
      </p>
    </section>
  );
}

type Change = { change: string; button: string };

/** One preference: its state in words, and the plain form post that changes it where it may change here. */
function Switch({
  token,
  title,
  state,
  words,
  changes,
}: {
  token: string;
  title: string;
  state: Preferences[keyof Preferences]["state"];
  words: Record<"on" | "off" | "none", string>;
  changes: Partial<Record<"on" | "off", Change>>;
}) {
  const change = state === "none" ? undefined : changes[state];
  return (
    <div className="border-t border-slate-200 py-4 first:border-t-0">
      <h3 className="font-bold text-brand-900">{title}</h3>
      <p className="mt-1 text-slate-700">{words[state]}</p>
      {change ? (
        <form method="post" className="mt-2">
          <input type="hidden" name="t" value={token} />
          <input type="hidden" name="change" value={change.change} />
          <button type="submit" className="btn-secondary">
            {change.button}
          </button>
        </form>
      ) : null}
    </div>
  );
}

function PreferencesView({ token, preferences }: { token: string; preferences: Preferences }) {
  const { reminders, texts, reviews, newsletter } = preferences;
  return (
    <section id="preferences" className={card} aria-labelledby="preferences-title">
      <h2 id="preferences-title" className="text-xl font-bold text-brand-900">
        Your preferences
      </h2>
      <Switch
        token={token}
        title="Seasonal reminders"
        state={reminders.state}
        words={{
          on: "On: we e-mail you when a service you had is due again.",
          off: "Off: you get no reminders.",
          none: "You have not asked for reminders.",
        }}
        changes={{ on: { change: "reminders-off", button: "Turn reminders off" } }}
      />
      {reminders.state !== "on" && reminders.offer ? (
        <p className="-mt-2 pb-4">
          <a href={reminders.offer} className={linkClass}>
            Ask for reminders
          </a>
        </p>
      ) : null}
      <Switch
        token={token}
        title="Text messages"
        state={texts.state}
        words={{
          on: `On: we may text ${texts.number} about your jobs.`,
          off: `Off: we do not text ${texts.number}.`,
          none: "You have not agreed to texts: we only e-mail or call you.",
        }}
        changes={{
          on: { change: "texts-off", button: "Turn texts off" },
          off: { change: "texts-on", button: "Turn texts back on" },
        }}
      />
      <Switch
        token={token}
        title="Review requests"
        state={reviews.state}
        words={{
          on: "On: after a job we may ask you once for a review.",
          off: "Off: we will not ask you for a review.",
          none: "No e-mail address to ask.",
        }}
        changes={{
          on: { change: "reviews-off", button: "Do not ask me for reviews" },
          off: { change: "reviews-on", button: "Ask me again" },
        }}
      />
      <Switch
        token={token}
        title="Newsletter"
        state={newsletter.state}
        words={{
          on: "Subscribed: seasonal tips and offers by e-mail.",
          off: "Not subscribed.",
          none: "Open the link we e-mail you to change the newsletter.",
        }}
        changes={{ on: { change: "newsletter-off", button: "Unsubscribe" } }}
      />
      {newsletter.state === "off" ? (
        <p className="-mt-2">
          <Link to="/newsletter" className={linkClass}>
            Subscribe to the newsletter
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function Help({ phone }: { phone: Phone }) {
  return (
    <p className="mt-8 text-slate-700">
      Questions? Call us at{" "}
      <a href={phone.href} className={linkClass}>
        {phone.display}
      </a>
      .
    </p>
  );
}

export function AccountView({ page, phone }: { page: Open; phone: Phone }) {
  return (
    <div className="max-w-3xl" data-state="open">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900">Your requests</h1>
      <p className="mt-3 text-lg text-slate-700">
        Everything you have asked us for, with its quotes, arrival window and invoices. This page opens only from the
        link we sent you; it works for 7 days.
      </p>
      {page.saved ? (
        <p role="status" className="mt-4 flex items-center gap-2 rounded bg-green-50 p-3 font-semibold text-green-800">
          <CircleCheck className="size-5" aria-hidden="true" />
          {page.saved}
        </p>
      ) : null}
      {page.requests.length === 0 ? (
        <p className={card}>
          We have no request from you yet.{" "}
          <Link to="/estimate" className={linkClass}>
            Ask for a free estimate
          </Link>
          .
        </p>
      ) : (
        page.requests.map((request) => <Request key={request.id} request={request} />)
      )}
      {page.more ? (
        <p className="mt-4 text-slate-700">
          These are your {page.max} latest requests. For an older one, call us and give its reference.
        </p>
      ) : null}
      <PreferencesView token={page.token} preferences={page.preferences} />
      <Help phone={phone} />
    </div>
  );
}

const PROBLEMS = {
  invalid: { title: "This link is not valid", text: "The link may be cut short or changed. Ask for a new one below." },
  expired: {
    title: "This link has expired",
    text: "For your privacy, a link to your requests works for 7 days. Ask for a new one below: it takes a minute.",
  },
  "not-found": {
    title: "We cannot find these requests",
    text: "They may have been deleted after our retention period. Ask for a new link below, or call us.",
  },
} as const;

export function LinkForm({ sent, error, value = "" }: { sent: boolean; error?: string | null; value?: string }) {
  return (
    <div className="mt-6 max-w-xl">
      {sent ? (
        <p role="status" className="flex items-start gap-2 rounded bg-green-50 p-3 text-green-900" data-sent="1">
          <CircleCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          If we have a request with that e-mail address or mobile number, a link to your requests is on its way to it.
          It works for 7 days.
        </p>
      ) : null}
      <form method="post" action="/account/link" className="mt-4 grid gap-3" noValidate>
        <label htmlFor="account-contact" className="font-semibold text-slate-800">
          Your e-mail address or mobile number
        </label>
        <p id="account-contact-hint" className="text-slate-700">
          The one you gave us with your request. We send the link only there.
        </p>
        <input
          id="account-contact"
          name="contact"
          type="text"
          inputMode="email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={value}
          aria-describedby={error ? "account-contact-hint account-contact-error" : "account-contact-hint"}
          aria-invalid={error ? true : undefined}
          className="rounded border border-slate-400 px-3 py-2 text-base"
        />
        {error ? (
          <p id="account-contact-error" className="font-semibold text-red-700">
            {error}
          </p>
        ) : null}
        <p>
          <button type="submit" className="btn-primary">
            <Mail className="mr-1 inline size-5" aria-hidden="true" />
            Send me my link
          </button>
        </p>
      </form>
    </div>
  );
}

export function LinkPageView({
  problem = null,
  sent = false,
  error = null,
  value = "",
  phone,
}: {
  problem?: keyof typeof PROBLEMS | null;
  sent?: boolean;
  error?: string | null;
  value?: string;
  phone: Phone;
}) {
  const copy = problem ? PROBLEMS[problem] : null;
  return (
    <div className="max-w-3xl" data-state={problem ?? "ask"}>
      <h1 className="flex items-center gap-2 text-3xl font-extrabold tracking-tight text-brand-900">
        {copy ? <CircleAlert className="size-8 text-brand-700" aria-hidden="true" /> : null}
        {copy ? copy.title : "Your requests with us"}
      </h1>
      <p className="mt-3 text-lg text-slate-700">
        {copy
          ? copy.text
          : "See every request, quote, visit and invoice, pay a balance, move a window and change what we send you. Tell us where to send your link."}
      </p>
      <LinkForm sent={sent} error={error} value={value} />
      <Help phone={phone} />
    </div>
  );
}
