import { AdminInput, AdminSelect, IntentPanel } from "../admin.tsx";
import { Rows, Section } from "../request-job.tsx";
import { NOTE_MAX, type RequestPageIntent } from "../../forms/admin.ts";
import type { bookingView } from "../../server/features/bookings/owner-decisions.server.ts";
import type { RequestPageAnswer } from "../../server/features/admin/request-page.server.ts";
import { Problem, Saved } from "./notices.tsx";

/** What the page says after a form was saved (Post/Redirect/Get: `?saved=<intent>`). */
const SAVED: Record<Exclude<RequestPageIntent, "status">, string> = {
  confirm: "Window confirmed: the customer is e-mailed the calendar invite.",
  propose: "Window proposed: the customer is e-mailed it with a link to accept it or ask for another.",
  decline: "Window declined: the customer is e-mailed.",
};
export const savedForm = (saved: string | null): RequestPageIntent | null =>
  saved === "1" || saved === "status"
    ? "status"
    : saved && Object.hasOwn(SAVED, saved)
      ? (saved as RequestPageIntent)
      : null;

type Answer = RequestPageAnswer;

/** One decision on the arrival window: a plain POST form with its intent, a note to the customer and one full-width button. */
function DecisionForm({
  intent,
  title,
  button,
  answer,
  primary = false,
  children,
}: {
  intent: "confirm" | "propose" | "decline";
  title: string;
  button: string;
  answer: Answer | undefined;
  primary?: boolean;
  children?: React.ReactNode;
}) {
  const mine = answer?.form === intent ? answer : undefined;
  return (
    <IntentPanel
      intent={intent}
      title={title}
      button={button}
      primary={primary}
      before={mine?.message ? <Problem message={mine.message} /> : null}
    >
      {children}
      <AdminInput
        id={`${intent}-note`}
        label="Note to the customer (optional, in the e-mail)"
        name="note"
        type="text"
        maxLength={NOTE_MAX}
        defaultValue={mine?.note ?? ""}
        error={mine?.errors.note?.[0]}
      />
    </IntentPanel>
  );
}

type BookingData = NonNullable<Awaited<ReturnType<typeof bookingView>>>;

/** The request's arrival window: what was asked and decided, and the owner's decisions on it (each a plain POST form). */
export function ArrivalWindow({
  booking,
  zip,
  saved,
  answer,
}: {
  booking: BookingData;
  zip: string | null;
  saved: RequestPageIntent | null;
  answer: Answer | undefined;
}) {
  const can = (action: "confirm" | "propose" | "decline") => booking.actions.includes(action);
  return (
    <Section id="window-heading" title="Arrival window">
      {saved && saved !== "status" ? <Saved>{SAVED[saved]}</Saved> : null}
      <Rows
        rows={[
          ["Status", booking.statusText],
          ["Window", booking.window],
          ["Asked", booking.askedAt],
          ["Your last note", booking.note],
          ...(booking.late ? [["Late cancellation", booking.late] as [string, string]] : []),
        ]}
      />
      {booking.actions.length === 0 ? (
        <p className="mt-3 text-slate-700">
          Nothing to decide: the customer can ask for a window again from their link.
        </p>
      ) : (
        <div className="mt-4 grid gap-4">
          {can("confirm") ? (
            <DecisionForm
              intent="confirm"
              title="Confirm this window"
              button="Confirm the window"
              answer={answer}
              primary
            />
          ) : null}
          {can("propose") ? (
            booking.proposals.length > 0 ? (
              <DecisionForm
                intent="propose"
                title="Propose another window"
                button="Propose this window"
                answer={answer}
              >
                <AdminSelect
                  id="propose-window"
                  label="Window"
                  name="window"
                  required
                  empty="Choose a window"
                  groups={booking.proposals.map((g) => ({ label: g.label, options: g.windows }))}
                  error={answer?.form === "propose" ? answer.errors.window?.[0] : undefined}
                />
              </DecisionForm>
            ) : (
              <p className="text-slate-700">
                No other window is open for {zip ? `ZIP ${zip}` : "this request"} in the next two weeks: call the
                customer to arrange one.
              </p>
            )
          ) : null}
          {can("decline") ? (
            <DecisionForm intent="decline" title="Decline" button="Decline the window" answer={answer} />
          ) : null}
        </div>
      )}
    </Section>
  );
}
