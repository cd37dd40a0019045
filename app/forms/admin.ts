/**
 * The owner inbox's forms (/admin): one schema each, used by the action on the server; the browser gets
 * the same limits as native constraints (required, maxlength) on the controls. Each form also names its
 * fields (`*_FIELDS`): the action reads only those from the body (app/server/kit/form-body.server.ts), so the
 * list must match the controls the form renders.
 */
import { z } from "../lib/zod.ts";
import { line } from "./text.ts";
import { STAGE_VALUES, STAGES } from "../server/kit/stages.ts";

/** The stages the owner may set by hand and filter by, with their labels (app/server/kit/stages.ts). */
export const STATUS_OPTIONS = STAGES;

/** The stages in their order (a completed job asks the customer for a review). */
export const STATUSES = STAGE_VALUES;

export const KIND_OPTIONS = [
  { value: "estimate", label: "Estimate" },
  { value: "contact", label: "Contact form" },
  { value: "application", label: "Job application" },
  { value: "newsletter", label: "Newsletter" },
] as const;

export const NOTE_MAX = 500;
export const SEARCH_MAX = 100;

export const SIGN_IN_FIELDS = ["email", "password"] as const;
/** `early`: the owner confirmed completing a job before its window has begun (the page's second step). */
export const STATUS_FIELDS = ["intent", "status", "note", "early"] as const;
/** The arrival window's forms on a request's page (each names itself with a hidden `intent`). */
export const CONFIRM_FIELDS = ["intent", "note"] as const;
export const PROPOSE_FIELDS = ["intent", "window", "note"] as const;
export const DECLINE_FIELDS = ["intent", "note"] as const;
/** Which fields each form of a request's page sends; a body without an intent is the status form. */
export const REQUEST_PAGE_FORMS = {
  status: STATUS_FIELDS,
  confirm: CONFIRM_FIELDS,
  propose: PROPOSE_FIELDS,
  decline: DECLINE_FIELDS,
} as const;
export type RequestPageIntent = keyof typeof REQUEST_PAGE_FORMS;
/** Signing out sends no fields (its body is still read within the limit, then ignored). */
export const SIGN_OUT_FIELDS = [] as const;
/** "Make a new address" of the calendar feed sends no fields either. */
export const CALENDAR_FIELDS = [] as const;
/**
 * Pause or Resume an invoice's reminders (POST /admin/invoices): which invoice, `pause` "1" or "0", and `back`
 * "request" to return to its request's page (its invoice box) instead of the unpaid list.
 */
export const INVOICE_REMINDER_FIELDS = ["invoice", "pause", "back"] as const;
export const invoiceReminderSchema = z.object({
  invoice: line().trim().min(1).max(100),
  pause: z.enum(["1", "0"]),
  back: z.enum(["list", "request"]).default("list"),
});

export const signInSchema = z.object({
  email: line({ error: "Enter your e-mail address" })
    .trim()
    .min(1, "Enter your e-mail address")
    .max(254, "Enter an e-mail address of at most 254 characters"),
  // The only string not cleaned: a password is never shown or stored, only hashed, and must match as typed.
  password: z
    .string({ error: "Enter your password" })
    .min(1, "Enter your password")
    .max(256, "Enter a password of at most 256 characters"),
});

const ownerNote = line()
  .trim()
  .max(NOTE_MAX, `Keep the note under ${NOTE_MAX + 1} characters`)
  .default("");

export const statusSchema = z.object({
  intent: z.literal("status").optional(),
  status: z.enum(STATUSES, { error: "Choose a stage from the list" }),
  note: ownerNote,
  early: z.literal("yes").optional(),
});

/** Confirm the window asked for (or proposed), with an optional note to the customer. */
export const confirmSchema = z.object({ intent: z.literal("confirm"), note: ownerNote });
/** Decline the window, with an optional note to the customer. */
export const declineSchema = z.object({ intent: z.literal("decline"), note: ownerNote });
/** Propose another window: `YYYY-MM-DD HH:MM-HH:MM`, one of the open windows the page lists. */
export const proposeSchema = z.object({
  intent: z.literal("propose"),
  window: line({ error: "Choose a window to propose" })
    .min(1, "Choose a window to propose")
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}-\d{2}:\d{2}$/, "Choose a window from the list"),
  note: ownerNote,
});

const dateParam = line().regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a date like 2030-01-31");

/** The inbox's filters, from the query string (a GET form). */
export const inboxFilterSchema = z.object({
  kind: z
    .enum(["estimate", "contact", "application", "newsletter"], { error: "Choose a kind from the list" })
    .optional(),
  stage: z.enum(STATUSES, { error: "Choose a stage from the list" }).optional(),
  from: dateParam.optional(),
  to: dateParam.optional(),
  q: line().trim().max(SEARCH_MAX, `Search for at most ${SEARCH_MAX} characters`).optional(),
});

export type InboxFilterValues = z.infer<typeof inboxFilterSchema>;
