/**
 * The forms of paying an invoice (docs/decisions/042-tips-and-balance-payments.md): the customer's tip and "Pay"
 * (/invoice/pay) and the owner's payment by hand (/admin/requests/:id/payments). One schema each, made for the
 * balance it is about (a tip and a payment are bounded by it), read by Conform in the browser and by the action.
 */
import { z } from "../lib/zod.ts";
import { parseDollars } from "./quote.ts";
import { line } from "./text.ts";
import { TIP_PERCENTS, tipOf } from "./invoice.ts";

/** The tip choices: none, each percentage of TIP_PERCENTS, or an amount typed. */
export const TIP_CHOICES = ["none", ...TIP_PERCENTS.map(String), "amount"] as const;
export type TipChoice = (typeof TIP_CHOICES)[number];
/** The id of a tip choice's radio on the pay page (app.css shows the button's sum of the checked one by it). */
export const tipChoiceId = (choice: string) => (choice === "amount" ? "tip-amount-choice" : `tip-${choice}`);

export const PAY_FIELDS = ["tip", "tipAmount"] as const;

const AMOUNT_TEXT_MAX = 20;
const amountText = line().max(AMOUNT_TEXT_MAX, "Enter an amount like 50 or 49.50");

/** The tip in cents a pay form's value gives on `balanceCents`. */
export function tipCentsOf(value: { tip: TipChoice; tipAmount?: string }, balanceCents: number): number {
  if (value.tip === "none") return 0;
  if (value.tip === "amount") return parseDollars(value.tipAmount ?? "") ?? 0;
  return tipOf(balanceCents, Number(value.tip));
}

/** The customer's pay form for a balance of `balanceCents`: a tip chosen, or typed (at most the balance). */
export const paySchema = (balanceCents: number) =>
  z
    .object({
      tip: z.enum(TIP_CHOICES, { message: "Choose a tip, or no tip" }),
      tipAmount: amountText.optional(),
    })
    .superRefine((value, ctx) => {
      if (value.tip !== "amount") return;
      const cents = parseDollars(value.tipAmount ?? "");
      if (cents === undefined || cents > balanceCents)
        ctx.addIssue({
          code: "custom",
          path: ["tipAmount"],
          message: `Enter a tip like 50 or 49.50, at most the balance`,
        });
    });

/** How each method of payment is named to people (the owner's list, the receipt). */
export const METHOD_LABELS = {
  card: "Card",
  cash: "Cash",
  check: "Check",
  zelle: "Zelle",
  venmo: "Venmo",
  other: "Other",
} as const;

/** How the owner received a payment by hand, with the owner's words. */
export const HAND_METHODS = [
  { value: "cash", label: "Cash" },
  { value: "check", label: "Check" },
  { value: "zelle", label: "Zelle" },
  { value: "venmo", label: "Venmo" },
  { value: "other", label: "Other" },
] as const;
export const HAND_METHOD_VALUES = [
  "cash",
  "check",
  "zelle",
  "venmo",
  "other",
] as const satisfies readonly (typeof HAND_METHODS)[number]["value"][];

export const REFERENCE_MAX = 100;
/** The largest payment by hand (a job's price is far below; more is a typing mistake). */
export const HAND_AMOUNT_MAX_CENTS = 10_000_000;

export const HAND_PAYMENT_FIELDS = [
  "intent",
  "invoice",
  "key",
  "method",
  "amount",
  "tip",
  "reference",
  "receivedOn",
  "overpay",
] as const;
export const VOID_PAYMENT_FIELDS = ["intent", "payment"] as const;

const ID = /^[A-Za-z0-9-]{1,64}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const validDay = (day: string) => DAY.test(day) && new Date(`${day}T12:00:00Z`).toISOString().startsWith(day);

/**
 * The owner's payment by hand on an invoice whose balance is `balanceCents`, received on a day no later than
 * `today` (YYYY-MM-DD, Boise): an amount (partial allowed; above the balance only when the owner confirms an
 * overpayment), an optional tip, a check's number or another method's note.
 */
export const handPaymentSchema = (balanceCents: number, today: string) =>
  z
    .object({
      intent: z.literal("record"),
      invoice: line().regex(ID, "Choose the invoice"),
      key: line().regex(ID, "Send the form again"),
      method: z.enum(HAND_METHOD_VALUES, { message: "Choose how it was paid" }),
      amount: amountText,
      tip: amountText.optional(),
      reference: line().max(REFERENCE_MAX, `At most ${REFERENCE_MAX} characters`).optional(),
      receivedOn: line().refine(validDay, "Enter the day it was received"),
      overpay: z.literal("yes").optional(),
    })
    .superRefine((value, ctx) => {
      const cents = parseDollars(value.amount);
      if (cents === undefined || cents < 1 || cents > HAND_AMOUNT_MAX_CENTS)
        ctx.addIssue({ code: "custom", path: ["amount"], message: "Enter an amount like 543.75" });
      else if (cents > balanceCents && value.overpay !== "yes")
        ctx.addIssue({
          code: "custom",
          path: ["amount"],
          message: "This is more than the balance: tick “More than the balance” if that is right",
        });
      if (value.tip && (parseDollars(value.tip) ?? Infinity) > HAND_AMOUNT_MAX_CENTS)
        ctx.addIssue({ code: "custom", path: ["tip"], message: "Enter a tip like 50 or leave it empty" });
      if (value.method === "check" && !value.reference)
        ctx.addIssue({ code: "custom", path: ["reference"], message: "Enter the check's number" });
      if (value.method === "other" && !value.reference)
        ctx.addIssue({ code: "custom", path: ["reference"], message: "Say how it was paid" });
      if (validDay(value.receivedOn) && value.receivedOn > today)
        ctx.addIssue({ code: "custom", path: ["receivedOn"], message: "The day cannot be in the future" });
    });

export const voidPaymentSchema = z.object({
  intent: z.literal("void"),
  payment: line().regex(ID, "Choose the payment"),
});
