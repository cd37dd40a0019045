/**
 * The sender of a customer's text, when it is due. Whatever happened since it was queued, it goes only when
 * the request still agrees to texts, its number has not asked to stop (only the stop's own confirmation goes then), it is not the quiet hours (then it waits
 * until 8 AM) and, for a day-before text, the booking is still the confirmed window it named. Otherwise the
 * thread's row says why and the job is called off, never retried.
 */
import type { Database } from "../../kit/db/database.server.ts";
import { textAlertSettings, type Env } from "../../kit/env.server.ts";
import { CalledOff, NotBefore, type Sender } from "../../notify/delivery.server.ts";
import { createTextSender, inboxLink, sendText, smsFirstName } from "../../notify/sms.server.ts";
import { isQuietHour, sendableAt } from "./rules.server.ts";
import { STOP_CONFIRMATION_MS, textTarget } from "./texts.server.ts";

/** Twilio's error for a number that replied STOP at the carrier: it is recorded as a STOP here too. */
const UNSUBSCRIBED_RECIPIENT = " 21610";

export function createCustomerTextSender(
  database: Database,
  env: Pick<Env, "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM" | "OWNER_PHONE" | "TWILIO_API_URL">,
  now: () => Date = () => new Date(),
  timeoutMs?: number,
): Sender {
  const { db } = database;
  const mark = (id: string, values: { status: "sent" | "refused" | "cancelled" | "failed"; reason?: string }) =>
    db
      .updateTable("text_messages")
      .set({
        status: values.status,
        reason: values.reason ?? null,
        ...(values.status === "sent" ? { sent_at: now().toISOString() } : {}),
      })
      .where("id", "=", id)
      .execute();
  return async ({ job, lead }) => {
    const message = await db.selectFrom("text_messages").selectAll().where("id", "=", job.ref).executeTakeFirst();
    if (!message || message.status !== "queued") throw new CalledOff("the text is no longer queued");
    // The confirmation of a stop is the one text that goes to a stopped number, at any hour, within minutes.
    const confirmsStop = message.kind === "stop-confirmed";
    const target = confirmsStop ? { phone: message.phone, refused: undefined } : await textTarget(db, lead);
    if (target.refused || target.phone !== message.phone) {
      const reason = target.refused ?? "number-changed";
      await mark(message.id, { status: "refused", reason });
      throw new CalledOff(`not sent: ${reason}`);
    }
    if (message.booking_ref) {
      // "<booking>:<sequence>" for a day-before text (the window must still be confirmed at that sequence);
      // "<booking>:<sequence>:window" for a window's change (a later change has its own text).
      const [bookingId = "", sequence = "", tag] = message.booking_ref.split(":");
      const booking = await db
        .selectFrom("bookings")
        .select(["status", "sequence"])
        .where("id", "=", bookingId)
        .executeTakeFirst();
      const stale =
        !booking || String(booking.sequence) !== sequence || (tag !== "window" && booking.status !== "confirmed");
      if (stale) {
        await mark(message.id, { status: "cancelled", reason: "window-changed" });
        throw new CalledOff("the window changed after its text was queued");
      }
    }
    const at = now();
    if (confirmsStop && at.getTime() > Date.parse(message.created_at) + STOP_CONFIRMATION_MS) {
      // Past the five minutes the FCC allows, a confirmation would be one more text after the stop.
      await mark(message.id, { status: "cancelled", reason: "too-late" });
      throw new CalledOff("too late to confirm the stop");
    }
    if (isQuietHour(at) && !confirmsStop) {
      const until = sendableAt(at);
      await db.updateTable("text_messages").set({ due_at: until.toISOString() }).where("id", "=", message.id).execute();
      throw new NotBefore(until, "quiet hours: customer texts wait until 8 AM");
    }
    const settings = textAlertSettings(env);
    if (!settings)
      throw Object.assign(new Error("Text message failed: SMS_NOT_CONFIGURED"), { code: "SMS_NOT_CONFIGURED" });
    try {
      await sendText({ ...settings, to: message.phone }, message.body, timeoutMs);
    } catch (error) {
      if ((error as { code?: unknown }).code === `HTTP_400${UNSUBSCRIBED_RECIPIENT}` && confirmsStop) {
        // Twilio itself confirmed its own keyword and blocks the number: its confirmation is the one.
        await mark(message.id, { status: "cancelled", reason: "provider-confirmed" });
        throw new CalledOff("the provider confirmed the stop itself");
      }
      if ((error as { code?: unknown }).code === `HTTP_400${UNSUBSCRIBED_RECIPIENT}`) {
        const iso = at.toISOString();
        await db
          .insertInto("text_opt_outs")
          .values({ phone: message.phone, stopped_at: iso, started_at: null, updated_at: iso })
          .onConflict((oc) => oc.column("phone").doUpdateSet({ stopped_at: iso, updated_at: iso }))
          .execute();
        await mark(message.id, { status: "refused", reason: "stopped" });
        throw new CalledOff("the provider says the number replied STOP");
      }
      throw error;
    }
    await mark(message.id, { status: "sent" });
  };
}

/** The owner's text that a customer wrote in a request's thread: "Text from Dana: <inbox link>", nothing they wrote. */
export const textAlert = (firstName: unknown, siteUrl: string, leadId: string) => {
  const name = smsFirstName(firstName);
  return `New text from ${name ?? "a customer"}: ${inboxLink(siteUrl, leadId)}`;
};

/** The sender of "text-alert" jobs, to OWNER_PHONE; like the owner's alert of a request, at any hour. */
export const createTextAlertSender = (env: Parameters<typeof createTextSender>[0], timeoutMs?: number): Sender =>
  createTextSender(env, timeoutMs, (lead, siteUrl) => textAlert(lead.fields.firstName, siteUrl, lead.id));
