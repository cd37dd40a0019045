/**
 * A request's texts on its inbox page: the thread with the customer (in and out, Boise time, each text's status),
 * "On our way" with the arrival estimate the owner picks, and an answer typed in the thread. Plain POST forms to
 * /admin/requests/:id/texts, which answers with a redirect back here (the outcome in `?texted=`). Without consent
 * or after STOP, the forms are replaced by the reason.
 */
import { ARRIVAL_MINUTES, OWNER_TEXT_MAX } from "../forms/texts.ts";
import { AdminSelect, IntentPanel } from "./admin.tsx";

export interface TextsData {
  /** The job's window when it is not today (null: today's, or none). */
  window: string | null;
  refusal: string | null;
  quiet: boolean;
  confirmed: string | null;
  thread: {
    id: string;
    direction: "in" | "out";
    what: string;
    body: string;
    at: string;
    iso: string;
    status: string;
    reason: string | null;
  }[];
}

export function CustomerTexts({
  id,
  texts,
  texted,
  ask = null,
}: {
  id: string;
  texts: TextsData;
  texted: { ok: boolean; text: string } | null;
  /** "On our way" was asked for a job with no window today: its minutes, to ask before texting. */
  ask?: string | null;
}) {
  const action = `/admin/requests/${id}/texts`;
  return (
    <section aria-labelledby="texts-heading" className="mt-8">
      <h2 id="texts-heading" className="mb-3 text-xl font-bold text-brand-900">
        Text messages
      </h2>
      {texted ? (
        <p
          role={texted.ok ? "status" : "alert"}
          className={`mb-3 rounded-md border-2 p-3 font-medium ${texted.ok ? "border-green-700 bg-green-50 text-green-900" : "border-red-700 bg-red-50 text-red-900"}`}
        >
          {texted.text}
        </p>
      ) : null}
      {ask && !texts.refusal ? <OnOurWayNotToday action={action} window={texts.window} minutes={ask} /> : null}
      {texts.confirmed ? (
        <p className="mb-3 font-semibold text-green-900">
          Window confirmed by the customer by text ({texts.confirmed}).
        </p>
      ) : null}
      {texts.thread.length === 0 ? (
        <p className="text-slate-700">No texts yet.</p>
      ) : (
        <ol className="grid gap-2" aria-label="Texts with the customer, oldest first">
          {texts.thread.map((m) => (
            <li
              key={m.id}
              className={`max-w-prose min-w-0 rounded-lg border p-3 ${m.direction === "in" ? "border-slate-300 bg-white" : "border-brand-200 bg-brand-50 sm:ml-8"}`}
            >
              <p className="text-sm text-slate-700">
                {m.direction === "in" ? "From the customer" : "To the customer"} · {m.what} ·{" "}
                <time dateTime={m.iso}>{m.at}</time> · {m.status}
                {m.reason ? ` (${m.reason})` : ""}
              </p>
              <p className="mt-1 break-words whitespace-pre-line text-slate-900">{m.body}</p>
            </li>
          ))}
        </ol>
      )}
      {texts.refusal ? (
        <p className="mt-4 rounded-md border border-slate-300 bg-slate-50 p-3 text-slate-800">{texts.refusal}</p>
      ) : (
        <div className="mt-4 grid gap-4">
          <IntentPanel intent="on-our-way" title="On our way" button="Text “On our way”" action={action} primary>
            <AdminSelect
              id="on-our-way-minutes"
              label="Arrival in about"
              name="minutes"
              defaultValue="30"
              options={ARRIVAL_MINUTES.map((m) => ({ value: m, label: `${m} minutes` }))}
            />
          </IntentPanel>
          <IntentPanel intent="reply" title="Answer by text" button="Send the text" action={action}>
            <div>
              <label htmlFor="text-reply-body" className="block text-sm font-semibold text-slate-800">
                Text (at most {OWNER_TEXT_MAX} characters; it starts with the business's name)
              </label>
              <textarea
                id="text-reply-body"
                name="body"
                required
                maxLength={OWNER_TEXT_MAX}
                rows={3}
                className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600"
              />
            </div>
            {texts.quiet ? (
              <p className="text-sm text-slate-700">
                It is between 9 PM and 8 AM in Boise: a text sent now goes at 8:00 AM.
              </p>
            ) : null}
          </IntentPanel>
        </div>
      )}
    </section>
  );
}

/** The second step of "On our way" for a job with no window today: the same text sent again with `notToday=yes`. */
function OnOurWayNotToday({ action, window, minutes }: { action: string; window: string | null; minutes: string }) {
  return (
    <form
      method="post"
      action={action}
      aria-labelledby="not-today-heading"
      className="mb-4 grid gap-3 rounded-lg border-2 border-amber-600 bg-amber-50 p-4"
    >
      <h3 id="not-today-heading" className="text-lg font-bold text-brand-900">
        {window ? `The arrival window is ${window}, not today.` : "This job has no arrival window today."} Text
        &ldquo;On our way&rdquo; anyway?
      </h3>
      <input type="hidden" name="intent" value="on-our-way" />
      <input type="hidden" name="minutes" value={minutes} />
      <input type="hidden" name="notToday" value="yes" />
      <p className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary">
          Yes, text &ldquo;On our way&rdquo; now ({minutes} minutes)
        </button>
        <a href={`${action.replace(/\/texts$/, "")}#texts-heading`} className="btn-secondary">
          No, don&rsquo;t text
        </a>
      </p>
    </form>
  );
}
