import { AdminInput, AdminSelect, statusLabel } from "../admin.tsx";
import { Section } from "../request-job.tsx";
import { NOTE_MAX, STATUS_OPTIONS, type RequestPageIntent } from "../../forms/admin.ts";
import type { RequestPageAnswer } from "../../server/features/admin/request-page.server.ts";
import type { Stage } from "../../server/kit/stages.ts";
import { Problem, Saved } from "./notices.tsx";

/**
 * The stage by hand: what was saved (and what a completion queued), the early-completion question, and the form
 * that corrects the stage or marks the job completed or lost.
 */
export function StageForm({
  r,
  statusAnswer,
}: {
  r: { id: string; stage: Stage; saved: RequestPageIntent | null; review: string | null; reminders: string | null };
  statusAnswer: RequestPageAnswer | undefined;
}) {
  const errors = (statusAnswer?.errors ?? {}) as Record<string, string[] | null | undefined>;
  return (
    <Section id="stage-heading" title="Stage">
      {r.saved === "status" ? (
        <Saved>
          <p>Stage saved: {statusLabel(r.stage)}.</p>
          {r.review ? <p className="mt-1">{r.review}</p> : null}
          {r.reminders ? <p className="mt-1">{r.reminders}</p> : null}
        </Saved>
      ) : null}
      {statusAnswer?.message ? <Problem message={statusAnswer.message} /> : null}
      <p className="mb-3 text-slate-700">
        The stage follows what happens (a quote sent, accepted, a deposit paid, a window confirmed). Set it by hand only
        to correct it, or to mark the job completed or lost.
      </p>
      {statusAnswer?.early ? <CompleteEarly id={r.id} window={statusAnswer.early} note={statusAnswer.note} /> : null}
      <form
        method="post"
        className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
      >
        <input type="hidden" name="intent" value="status" />
        <AdminSelect
          id="status-status"
          label="Set the stage"
          name="status"
          options={STATUS_OPTIONS}
          defaultValue={r.stage}
          error={errors.status?.[0]}
        />
        <AdminInput
          id="status-note"
          label="Note (optional)"
          name="note"
          type="text"
          maxLength={NOTE_MAX}
          defaultValue={statusAnswer?.note ?? ""}
          error={errors.note?.[0]}
        />
        <button type="submit" className="btn-primary">
          Save the stage
        </button>
      </form>
    </Section>
  );
}

/**
 * The second step of an early completion: the status form answered "Completed" before the window has begun; this
 * form sends it again with `early=yes` (a plain POST, no script needed). Not sending it changes nothing.
 */
function CompleteEarly({ id, window, note }: { id: string; window: string; note: string }) {
  return (
    <form
      method="post"
      aria-labelledby="complete-early-heading"
      className="mb-4 grid gap-3 rounded-lg border-2 border-amber-600 bg-amber-50 p-4"
    >
      <h3 id="complete-early-heading" className="text-lg font-bold text-brand-900">
        The window starts {window}. Complete it early?
      </h3>
      <p className="text-slate-800">
        Nothing was saved. Completing it now calls off the reminder e-mail, the day-before text and any &ldquo;On our
        way&rdquo; text; the review request goes no earlier than the window&rsquo;s start.
      </p>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="status" value="completed" />
      <input type="hidden" name="note" value={note} />
      <input type="hidden" name="early" value="yes" />
      <p className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary">
          Yes, mark it completed now
        </button>
        <a href={`/admin/requests/${id}#stage-heading`} className="btn-secondary">
          No, keep the stage
        </a>
      </p>
    </form>
  );
}
