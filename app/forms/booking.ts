/**
 * The forms of /book and /book/manage (docs/decisions/020-booking.md): what each POST may carry, read by the
 * server only (app/server/features/bookings/booking-page.server.ts) within these limits; a field a form does not name is
 * dropped before the schema sees it (app/server/kit/form-body.server.ts). A window travels as one radio value,
 * `YYYY-MM-DD HH:MM-HH:MM` (its local date and times); the server finds it again in the ZIP's windows.
 */
import { z } from "../lib/zod.ts";
import { streetAddress } from "./fields.ts";
import { line, multiline } from "./text.ts";

/** The longest token a link may carry (the signed tokens are about 70 characters). */
export const TOKEN_MAX = 200;

/** The radio value of a window. */
export const windowValue = (day: string, times: string) => `${day} ${times}`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIMES = /^\d{2}:\d{2}-\d{2}:\d{2}$/;

const windowField = line({ error: "Choose an arrival window" })
  .max(40, "Choose an arrival window from the list")
  .transform((value, ctx) => {
    const [day = "", times = "", ...rest] = value.trim().split(" ");
    if (rest.length > 0 || !DAY.test(day) || !TIMES.test(times)) {
      ctx.addIssue({ code: "custom", message: "Choose an arrival window from the list" });
      return z.NEVER;
    }
    return { day, times };
  });

/**
 * /book?r=… and /book/manage?t=…: ask for a window (another one), accept the owner's proposal, or cancel (with
 * the required "Yes, cancel" box).
 */
export const MANAGE_FIELDS = ["intent", "window", "confirm", "address", "accessNote"] as const;

/** The longest note for the crew (a gate code, where the spigot is, a dog in the yard). */
export const ACCESS_NOTE_MAX = 500;
/** The message when a window is asked for without a service address (the request had none). */
export const ADDRESS_NEEDED = "Enter the street address where we will work, so the crew can find it";
export const manageSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept") }),
  z.object({
    intent: z.literal("cancel"),
    confirm: z.literal("yes", { error: "Tick “Yes, cancel this arrival window” to cancel it" }),
  }),
  z.object({
    intent: z.literal("reschedule"),
    window: windowField,
    /** The service address, asked when the request has none (required then: the page and the server say so). */
    address: streetAddress.optional(),
    /** The customer's note for the crew; sent empty, it clears the one given before. */
    accessNote: multiline()
      .trim()
      .max(ACCESS_NOTE_MAX, `Keep the note for the crew under ${ACCESS_NOTE_MAX + 1} characters`)
      .optional(),
  }),
]);
export type ManageValues = z.infer<typeof manageSchema>;

/** /book without a token: which service and ZIP code to show the open windows of (a GET form, every value bounded). */
export const browseSchema = z.object({
  service: line().max(60).optional(),
  zipcode: line()
    .trim()
    .max(10, "Enter a 5-digit ZIP code like 83702")
    .regex(/^\d{5}$/, "Enter a 5-digit ZIP code like 83702")
    .optional(),
});

/** A token from the query string, or "" when there is none or it is longer than any token of ours. */
export const tokenParam = (value: string | null): string => (value && value.length <= TOKEN_MAX ? value : "");
