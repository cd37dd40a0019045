/**
 * A request's stage, and what moves it (docs/decisions/035-stages-from-events.md): the one place that names the
 * stages, their labels for the owner, the events that move a request and where each takes it. A pure module (no
 * server code), so the owner's forms and pages read the same list; storing events and the stage is
 * kit/leads.server.ts's (recordEvent, changeLeadStatus).
 *
 * Adding a stage is one entry in STAGES (its place in the order is its place in the list) and, when an event
 * moves a request there, one entry in EVENTS.
 */
import { optionLabel } from "../../forms/options.ts";

/** The stages a job goes through, in order; "lost" stands outside the order and only the owner sets it. */
export const STAGES = [
  { value: "new", label: "New" },
  { value: "contacted", label: "Contacted" },
  { value: "quoted", label: "Quote sent" },
  { value: "accepted", label: "Quote accepted" },
  { value: "deposit-paid", label: "Deposit paid" },
  { value: "scheduled", label: "Scheduled" },
  { value: "completed", label: "Completed" },
  { value: "paid", label: "Paid" },
  { value: "lost", label: "Lost" },
] as const;

export type Stage = (typeof STAGES)[number]["value"];
export const STAGE_VALUES = STAGES.map((s) => s.value) as [Stage, ...Stage[]];

/** The stage that stands outside the order: the owner's word that the job will not happen. */
export const LOST: Stage = "lost";

/** The owner's word for a stage ("Quote sent"); a value not known is shown as it is. */
export const stageLabel = (stage: string): string => optionLabel(STAGES, stage);

export const isStage = (value: unknown): value is Stage => STAGES.some((s) => s.value === value);

/** A stage's place in the order (new = 0); -1 for lost. */
export const stageRank = (stage: Stage): number => (stage === LOST ? -1 : STAGE_VALUES.indexOf(stage));

/** Done: the job was completed, or its invoice paid in full after (the review request, the texts, the booking pages). */
export const isDone = (stage: Stage): boolean => stageRank(stage) >= stageRank("completed");

/** Won: the customer accepted a quote, or any later stage. */
export const isWon = (stage: Stage): boolean => stageRank(stage) >= stageRank("accepted");

/**
 * What happened to a request, as the rows that record it say: each moves the request forward to its stage
 * (never back), and `contact` marks the owner's real contact with the customer (the report's "time to contact",
 * the neglect mark). "window-cancelled" moves nothing forward: it takes a scheduled job back.
 */
export const EVENTS = {
  "owner-text": { label: "You texted the customer", moves: "contacted", contact: true },
  "window-answered": { label: "You answered the window request", moves: "contacted", contact: true },
  "quote-sent": { label: "Quote sent", moves: "quoted", contact: true },
  "quote-accepted": { label: "The customer accepted the quote", moves: "accepted", contact: false },
  "deposit-paid": { label: "Deposit paid", moves: "deposit-paid", contact: false },
  "window-confirmed": { label: "Arrival window confirmed", moves: "scheduled", contact: true },
  "window-cancelled": { label: "Arrival window cancelled or moved", moves: null, contact: false },
  "invoice-paid": { label: "Invoice paid in full", moves: "paid", contact: false },
} as const satisfies Record<string, { label: string; moves: Stage | null; contact: boolean }>;

export type EventKind = keyof typeof EVENTS;
export const isEventKind = (value: string): value is EventKind => Object.hasOwn(EVENTS, value);

/** The stage a confirmed window gives; leaving it (a cancelled or moved window) gives back the stage below. */
const SCHEDULED: Stage = "scheduled";

/** One thing that happened: an event, or the owner setting a stage by hand. */
export type StageEvent = { kind: EventKind; at: Date } | { kind: "set"; stage: Stage; at: Date };

export interface StageState {
  stage: Stage;
  /** The first real contact by the owner: a text, a quote, a window decision or a stage set by hand (not lost). */
  firstContactAt: Date | null;
}

/** The fold's inside: the stage without the window, and whether a confirmed window stands. */
interface Fold {
  base: Stage;
  scheduled: boolean;
  firstContactAt: Date | null;
}

const higher = (a: Stage, b: Stage): Stage => (stageRank(b) > stageRank(a) ? b : a);

function step(fold: Fold, event: StageEvent): Fold {
  const contact = event.kind === "set" ? stageRank(event.stage) > 0 : (EVENTS[event.kind].contact as boolean);
  const firstContactAt = fold.firstContactAt ?? (contact ? event.at : null);
  if (event.kind === "set") {
    if (event.stage !== SCHEDULED) return { base: event.stage, scheduled: false, firstContactAt };
    // Set to scheduled by hand: a window cancelled later gives back what the events had reached, at most accepted.
    const below = stageRank(fold.base) >= 0 && stageRank(fold.base) < stageRank(SCHEDULED) ? fold.base : "accepted";
    return { base: below, scheduled: true, firstContactAt };
  }
  if (event.kind === "window-confirmed") return { ...fold, scheduled: true, firstContactAt };
  if (event.kind === "window-cancelled") return { ...fold, scheduled: false, firstContactAt };
  const moves: Stage = EVENTS[event.kind].moves;
  return { ...fold, base: fold.base === LOST ? LOST : higher(fold.base, moves), firstContactAt };
}

const stageOfFold = (fold: Fold): Stage =>
  fold.base !== LOST && fold.scheduled ? higher(fold.base, SCHEDULED) : fold.base;

/**
 * Each event with the stage and first contact it left the request with, in the order they happened (ties: the
 * order given). Events only move a request forward; the owner's hand sets any stage; a cancelled or moved window
 * takes a scheduled job back to the stage its other events give; a lost request stays lost until the owner sets
 * another stage.
 */
export function stagesAlong<E extends StageEvent>(events: readonly E[]): ({ event: E } & StageState)[] {
  let fold: Fold = { base: "new", scheduled: false, firstContactAt: null };
  return events
    .map((event, i) => ({ event, i }))
    .sort((a, b) => a.event.at.getTime() - b.event.at.getTime() || a.i - b.i)
    .map(({ event }) => {
      fold = step(fold, event);
      return { event, stage: stageOfFold(fold), firstContactAt: fold.firstContactAt };
    });
}

/** The stage the events give (a request without any is new), and the owner's first real contact. */
export function stageFrom(events: readonly StageEvent[]): StageState {
  const last = stagesAlong(events).at(-1);
  return last ? { stage: last.stage, firstContactAt: last.firstContactAt } : { stage: "new", firstContactAt: null };
}
