/**
 * The owner's text forms on a request's page (/admin/requests/:id, sent to /admin/requests/:id/texts): "On our
 * way" with the arrival estimate picked, and an answer typed in the thread. Each names its fields; the action
 * reads only those (app/server/kit/form-body.server.ts).
 */
import { z } from "../lib/zod.ts";
import { multiline } from "./text.ts";

/** The arrival estimates "On our way" offers, in minutes. */
export const ARRIVAL_MINUTES = ["15", "30", "45", "60"] as const;
/** The longest answer the owner may type (about three text segments). */
export const OWNER_TEXT_MAX = 480;

/** `notToday`: the owner confirmed "On our way" for a request with no window today (the page's second step). */
export const ON_OUR_WAY_FIELDS = ["intent", "minutes", "notToday"] as const;
export const TEXT_REPLY_FIELDS = ["intent", "body"] as const;
export const TEXT_FORMS = { "on-our-way": ON_OUR_WAY_FIELDS, reply: TEXT_REPLY_FIELDS } as const;
export type TextIntent = keyof typeof TEXT_FORMS;

export const onOurWaySchema = z.object({
  intent: z.literal("on-our-way"),
  minutes: z.enum(ARRIVAL_MINUTES, { error: "Choose when the crew arrives: in 15, 30, 45 or 60 minutes" }),
  notToday: z.literal("yes").optional(),
});

export const textReplySchema = z.object({
  intent: z.literal("reply"),
  body: multiline({ error: "Type the text to send" })
    .trim()
    .min(1, "Type the text to send")
    .max(OWNER_TEXT_MAX, `Keep the text under ${OWNER_TEXT_MAX + 1} characters`),
});
