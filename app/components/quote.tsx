/**
 * A quote as the customer sees it (/quote?t=…) and as the owner previews it before sending (the same component,
 * so the preview is the page): the options with their lines and totals, the note, the last day, how to pay, and
 * the terms. On the customer's page, the answer forms: accept (an option as a radio, the full name, the terms
 * ticked) or decline (an optional reason). Plain HTML forms: they work without JavaScript (Post/Redirect/Get).
 */
import { CircleCheck } from "lucide-react";
import { Link } from "react-router";
import { CallLink, type Phone, ProblemNotice } from "./problem-notice.tsx";
import {
  ACCEPT_NAME_MAX,
  dayText,
  DECLINE_REASON_MAX,
  DEPOSIT_DUE,
  formatCents,
  priceOfOption,
  type QuoteOption,
  type ShownContent,
  type WholePrice,
} from "../forms/quote.ts";
import type { AcceptedQuotePage, OpenQuotePage, QuotePage } from "../server/features/quotes/quote-page.server.ts";
import { refundedWords } from "../lib/refunds.ts";

/** An option's deposit and balance and when each is due (the figures of priceOfOption, the words of the business). */
export function PriceDue({ price, balanceDue }: { price: WholePrice; balanceDue: string }) {
  return (
    <dl className="mt-3 grid gap-1 text-slate-800" data-testid="price-due">
      <div className="flex items-baseline justify-between gap-3">
        <dt>Deposit, due {DEPOSIT_DUE}</dt>
        <dd className="font-semibold whitespace-nowrap">
          {price.depositCents > 0 ? formatCents(price.depositCents) : "None"}
        </dd>
      </div>
      <div className="flex items-baseline justify-between gap-3">
        <dt>Balance, due {balanceDue}</dt>
        <dd className="font-semibold whitespace-nowrap">{formatCents(price.balanceCents)}</dd>
      </div>
    </dl>
  );
}

/** One option: its lines, its total, its deposit and balance. */
function OptionCard({
  option,
  id,
  price,
  balanceDue,
}: {
  option: QuoteOption;
  id: string;
  price: WholePrice;
  balanceDue: string;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-brand-900">
        {option.label}
      </h2>
      <table className="mt-3 w-full text-left">
        <caption className="sr-only">What the {option.label} option includes</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Work</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {option.lines.map((line, j) => (
            <tr key={j} className="border-b border-slate-100 align-top">
              <td className="py-2 pr-3 text-slate-800">{line.text}</td>
              <td className="py-2 text-right whitespace-nowrap text-slate-800">{formatCents(line.cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="pt-3 font-bold text-slate-900">
              Total
            </th>
            <td className="pt-3 text-right text-lg font-extrabold whitespace-nowrap text-brand-900">
              {formatCents(option.totalCents)}
            </td>
          </tr>
        </tfoot>
      </table>
      <PriceDue price={price} balanceDue={balanceDue} />
    </section>
  );
}

function Terms({ terms, address }: { terms: string; address?: string | undefined }) {
  return (
    <section aria-labelledby="terms-heading" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h2 id="terms-heading" className="text-lg font-bold text-brand-900">
        Terms
      </h2>
      <p className="mt-1 text-slate-800">{terms}</p>
      {address ? <p className="mt-1 text-slate-800">The address of your request: {address}.</p> : null}
    </section>
  );
}

/** The quote itself: what the customer reads before answering (and what the owner previews). */
export function QuoteDocument({
  content,
  reference,
  payAtJob,
}: {
  content: ShownContent;
  reference: string;
  payAtJob: boolean;
}) {
  return (
    <div className="grid gap-6">
      <dl className="grid gap-1 text-slate-700 sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold">Reference</dt>
        <dd>{reference}</dd>
        {content.service ? (
          <>
            <dt className="font-semibold">Service</dt>
            <dd>{content.service}</dd>
          </>
        ) : null}
        {content.address ? (
          <>
            <dt className="font-semibold">Service address</dt>
            <dd>{content.address}</dd>
          </>
        ) : content.city ? (
          <>
            <dt className="font-semibold">Job in</dt>
            <dd>{content.city}</dd>
          </>
        ) : null}
        <dt className="font-semibold">Valid until</dt>
        <dd>{dayText(content.validUntil)}</dd>
        <dt className="font-semibold">Payment</dt>
        <dd>{payAtJob ? "Pay at the job" : "A deposit on acceptance, the rest at the job"}</dd>
      </dl>
      <div className="grid gap-4 md:grid-cols-3">
        {content.options.map((option, i) => (
          <OptionCard
            key={i}
            option={option}
            id={`option-${i}`}
            price={priceOfOption(content, option, !payAtJob)}
            balanceDue={content.balanceDue}
          />
        ))}
      </div>
      {content.note ? (
        <section aria-labelledby="note-heading">
          <h2 id="note-heading" className="text-lg font-bold text-brand-900">
            A note from us
          </h2>
          <p className="mt-1 whitespace-pre-line text-slate-800">{content.note}</p>
        </section>
      ) : null}
      <Terms terms={content.terms} address={content.address} />
    </div>
  );
}

/** What the customer accepted, kept on their page: the option with its lines and figures, the terms, who and when. */
function AcceptedCopy({ page }: { page: AcceptedQuotePage }) {
  const option = page.content.options[page.option];
  return (
    <section aria-labelledby="accepted-copy-heading" className="mt-8 grid gap-4" data-testid="accepted-copy">
      <h2 id="accepted-copy-heading" className="text-2xl font-bold text-brand-900">
        What you accepted
      </h2>
      <dl className="grid gap-1 text-slate-700 sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold">Reference</dt>
        <dd>{page.reference}</dd>
        {page.content.service ? (
          <>
            <dt className="font-semibold">Service</dt>
            <dd>{page.content.service}</dd>
          </>
        ) : null}
        {page.content.city ? (
          <>
            <dt className="font-semibold">Job in</dt>
            <dd>{page.content.city}</dd>
          </>
        ) : null}
        <dt className="font-semibold">Accepted by</dt>
        <dd>{page.acceptedBy}</dd>
        <dt className="font-semibold">Accepted on</dt>
        <dd>{page.acceptedAt}</dd>
      </dl>
      {option ? (
        <OptionCard
          option={option}
          id="accepted-option"
          price={priceOfOption(page.content, option, !page.payAtJob)}
          balanceDue={page.content.balanceDue}
        />
      ) : null}
      <Terms terms={page.content.terms} address={page.content.address} />
      <p className="text-slate-700">We also e-mailed you this copy, with a PDF you can keep.</p>
    </section>
  );
}

const fieldError = (errors: OpenQuotePage["errors"], name: string) => errors[name]?.[0];

function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-800">
      {error}
    </p>
  ) : null;
}

/** The accept and decline forms of an open quote. */
function AnswerForms({ page }: { page: OpenQuotePage }) {
  const { errors, values } = page;
  const optionError = fieldError(errors, "option");
  const nameError = fieldError(errors, "name");
  const agreeError = fieldError(errors, "agree");
  const reasonError = fieldError(errors, "reason");
  const single = page.content.options.length === 1;
  return (
    <div className="mt-8 grid gap-6 md:grid-cols-[2fr_1fr]">
      <form
        method="post"
        aria-labelledby="accept-heading"
        className="grid gap-4 rounded-xl border-2 border-brand-700 p-4"
      >
        <h2 id="accept-heading" className="text-2xl font-bold text-brand-900">
          Accept this quote
        </h2>
        <input type="hidden" name="intent" value="accept" />
        <fieldset aria-describedby={optionError ? "option-error" : undefined}>
          <legend className="font-semibold text-slate-900">{single ? "The option" : "Choose an option"}</legend>
          <div className="mt-2 grid gap-2">
            {page.content.options.map((option, i) => (
              <label
                key={i}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border-2 border-slate-300 px-3 py-2 font-semibold text-slate-800 has-checked:border-brand-700 has-checked:bg-brand-50"
              >
                <input
                  type="radio"
                  name="option"
                  value={i}
                  required
                  defaultChecked={single || values.option === String(i)}
                  className="size-4 accent-brand-700"
                />
                {option.label}: {formatCents(option.totalCents)}
              </label>
            ))}
          </div>
          <ErrorText id="option" error={optionError} />
        </fieldset>
        <div>
          <label htmlFor="accept-name" className="font-semibold text-slate-900">
            Your full name
          </label>
          <input
            id="accept-name"
            name="name"
            type="text"
            autoComplete="name"
            required
            maxLength={ACCEPT_NAME_MAX}
            defaultValue={values.name}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? "accept-name-error" : undefined}
            className="mt-1 block min-h-11 w-full rounded-md border-2 border-slate-400 px-3 py-2"
          />
          <ErrorText id="accept-name" error={nameError} />
        </div>
        <div>
          <label className="flex items-start gap-3 font-semibold text-slate-900">
            <input
              type="checkbox"
              name="agree"
              value="yes"
              required
              aria-invalid={agreeError ? true : undefined}
              aria-describedby={agreeError ? "agree-error" : undefined}
              className="mt-1 size-5 accent-brand-700"
            />
            I agree to the terms above
          </label>
          <ErrorText id="agree" error={agreeError} />
        </div>
        <button type="submit" className="btn-primary w-full sm:w-auto sm:justify-self-start">
          Accept
        </button>
      </form>
      <form
        method="post"
        aria-labelledby="decline-heading"
        className="grid content-start gap-3 rounded-xl border border-slate-200 p-4"
      >
        <h2 id="decline-heading" className="text-lg font-bold text-brand-900">
          Not for you?
        </h2>
        <input type="hidden" name="intent" value="decline" />
        <div>
          <label htmlFor="decline-reason" className="font-semibold text-slate-900">
            Why not? (optional)
          </label>
          <textarea
            id="decline-reason"
            name="reason"
            rows={3}
            maxLength={DECLINE_REASON_MAX}
            defaultValue={values.reason}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? "decline-reason-error" : undefined}
            className="mt-1 block w-full rounded-md border-2 border-slate-400 px-3 py-2"
          />
          <ErrorText id="decline-reason" error={reasonError} />
        </div>
        <button type="submit" className="btn-secondary w-full sm:w-auto sm:justify-self-start">
          Decline the quote
        </button>
      </form>
    </div>
  );
}

/** A paid deposit as the customer reads it: received, or refunded (all or part) when Stripe refunded it. */
function depositWords(deposit: NonNullable<AcceptedQuotePage["deposit"]>): string {
  const refunded = refundedWords(deposit.cents, deposit.refundedCents, formatCents);
  return refunded
    ? `Deposit of ${formatCents(deposit.cents)}: ${refunded}.`
    : `Deposit of ${formatCents(deposit.cents)} received. Thank you.`;
}

const PROBLEMS = {
  invalid: {
    title: "This link does not work",
    text: "The link may have been cut short or changed. Open it again from our e-mail, or call us.",
  },
  expired: {
    title: "This quote has expired",
    text: "Its last day has passed. Call us and we will send you a new one.",
  },
  "not-found": {
    title: "This quote is no longer here",
    text: "It may have been deleted with your request. Call us and we will send you a new one.",
  },
  replaced: {
    title: "This quote was replaced by a newer one",
    text: "We changed it and e-mailed you the new one: open the link in our latest e-mail.",
  },
  declined: {
    title: "You declined this quote",
    text: "Thank you for letting us know. If you change your mind or want another option, call us.",
  },
} as const;

/** /quote?t=…: the quote and its answer forms, or the state it is in. */
export function QuotePageView({ page, phone }: { page: QuotePage; phone: Phone }) {
  if (page.state === "open")
    return (
      <div className="max-w-5xl" data-state="open">
        <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 sm:text-4xl">Your quote</h1>
        {page.message ? (
          <p role="alert" className="mt-4 rounded-md border-2 border-red-700 bg-red-50 p-3 font-medium text-red-900">
            {page.message}
          </p>
        ) : null}
        <div className="mt-6">
          <QuoteDocument content={page.content} reference={page.reference} payAtJob={page.payAtJob} />
        </div>
        <AnswerForms page={page} />
        <p className="mt-6 text-slate-700">
          Questions? Call us at <CallLink phone={phone} />.
        </p>
      </div>
    );
  if (page.state === "accepted") {
    const option = page.content.options[page.option];
    return (
      <div className="max-w-3xl" data-state="accepted">
        <h1 className="flex items-center gap-2 text-3xl font-extrabold tracking-tight text-brand-900">
          <CircleCheck className="size-8 shrink-0 text-green-700" aria-hidden="true" />
          You accepted this quote
        </h1>
        <p className="mt-4 text-lg text-slate-700">
          {option ? `${option.label}: ${formatCents(option.totalCents)}. ` : ""}
          This is the price. {page.payAtJob ? "You pay at the job." : ""}
        </p>
        {page.deposit && page.deposit.state !== "paid" ? (
          <div className="mt-6">
            <p className="text-lg text-slate-700">
              {page.deposit.state === "failed" ? "The last payment of the deposit did not go through. " : ""}A deposit
              of {formatCents(page.deposit.cents)} holds your place; the balance
              {option ? ` of ${formatCents(priceOfOption(page.content, option, true).balanceCents)}` : ""} is due{" "}
              {page.content.balanceDue}. You pay the deposit on Stripe&rsquo;s secure page, then choose your arrival
              window.
            </p>
            <p className="mt-4">
              <a href={page.deposit.payPath} className="btn-primary">
                Pay the {formatCents(page.deposit.cents)} deposit
              </a>
            </p>
          </div>
        ) : page.deposit ? (
          <p className="mt-4 text-lg text-slate-700" role="status">
            {depositWords(page.deposit)}
          </p>
        ) : null}
        {page.deposit && page.deposit.state !== "paid" ? null : page.next ? (
          <p className="mt-6">
            <Link to={page.next} className="btn-primary">
              Choose an arrival window
            </Link>
          </p>
        ) : (
          <p className="mt-4 text-lg text-slate-700">
            We will call you to set a time. Or call us at <CallLink phone={phone} />.
          </p>
        )}
        <AcceptedCopy page={page} />
        {page.remindMe ? (
          <p className="mt-6 text-slate-700" data-testid="remind-me">
            {page.remindMe.reminding ? (
              "We will e-mail you when it is due again."
            ) : (
              <>
                Want one e-mail when your {page.remindMe.services} is due again?{" "}
                <a href={page.remindMe.path} className="font-semibold text-brand-700 underline">
                  Remind me when it&rsquo;s due
                </a>
              </>
            )}
          </p>
        ) : null}
      </div>
    );
  }
  const copy = PROBLEMS[page.state];
  return <ProblemNotice state={page.state} title={copy.title} text={copy.text} phone={phone} />;
}
