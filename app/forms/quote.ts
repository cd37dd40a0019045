/**
 * A quote (docs/decisions/031-quotes.md): what the owner's builder sends (one schema, read by the server only,
 * app/server/features/quotes/) and what the customer's page shows and accepts. The builder is a plain form with
 * fixed slots (no JavaScript needed): up to QUOTE_OPTIONS options, each up to QUOTE_LINES lines of a description
 * and an amount in dollars; empty lines and options left empty are dropped. Field names are flat
 * (`option1-line2-amount`): the form reader refuses path syntax.
 */
import { z } from "../lib/zod.ts";
import { line, multiline } from "./text.ts";

export const QUOTE_OPTIONS = 3;
export const QUOTE_LINES = 6;
export const OPTION_LABEL_MAX = 40;
export const LINE_TEXT_MAX = 120;
export const QUOTE_NOTE_MAX = 1000;
/** The largest amount of one line, in dollars. */
export const LINE_AMOUNT_MAX = 100_000;
/** The full name typed to accept, and a decline's reason. */
export const ACCEPT_NAME_MAX = 100;
export const DECLINE_REASON_MAX = 500;
/** The user agent kept with an answer, cut to this. */
export const USER_AGENT_MAX = 300;
/** The default option names, in order (the owner may rename them). */
export const DEFAULT_OPTION_LABELS = ["Good", "Better", "Best"] as const;

export interface QuoteLine {
  text: string;
  cents: number;
}
export interface QuoteOption {
  label: string;
  lines: QuoteLine[];
  totalCents: number;
}
/** The deposit the owner asks for on acceptance: none, a percentage of the chosen option, or a fixed amount. */
export type DepositRequest = { kind: "none" } | { kind: "percent"; percent: number } | { kind: "fixed"; cents: number };

/** What the customer is shown (and what the content hash covers). */
export interface QuoteContent {
  /** What the request was for, and its city. */
  service: string;
  city: string;
  /** The service address the price is for, when the request gave one (docs/decisions/038); absent in older versions. */
  address?: string;
  options: QuoteOption[];
  note: string;
  /** YYYY-MM-DD, the last day it may be accepted. */
  validUntil: string;
  deposit: DepositRequest;
  /** The terms shown above Accept (content, frozen into the version when sent). */
  terms: string;
}

export const optionField = (option: number, part: "label") => `option${option}-${part}`;
export const lineField = (option: number, lineNo: number, part: "text" | "amount") =>
  `option${option}-line${lineNo}-${part}`;

const slots = <T>(count: number, make: (n: number) => T) => Array.from({ length: count }, (_, i) => make(i + 1));

/** Every field of the builder, for the form reader (app/server/kit/form-body.server.ts). */
export const QUOTE_FIELDS = [
  "intent",
  "note",
  "validUntil",
  "depositKind",
  "depositValue",
  ...slots(QUOTE_OPTIONS, (o) => [
    optionField(o, "label"),
    ...slots(QUOTE_LINES, (l) => [lineField(o, l, "text"), lineField(o, l, "amount")]).flat(),
  ]).flat(),
] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** "1,234.50", "$99" or "99.5" → cents; undefined when it is not an amount. */
export function parseDollars(value: string): number | undefined {
  const plain = value.replace(/[$,\s]/g, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(plain)) return undefined;
  return Math.round(Number(plain) * 100);
}

const amountField = line()
  .max(20, "Enter an amount like 249 or 249.50")
  .refine((v) => v.trim() === "" || (parseDollars(v) ?? Infinity) <= LINE_AMOUNT_MAX * 100, {
    message: `Enter an amount like 249 or 249.50 (at most $${LINE_AMOUNT_MAX.toLocaleString("en-US")})`,
  })
  .optional();

const builderShape: Record<string, z.ZodType> = {
  intent: z.enum(["save", "send"]).optional(),
  note: multiline().max(QUOTE_NOTE_MAX, `Keep the note under ${QUOTE_NOTE_MAX} characters`).optional(),
  validUntil: line({ error: "Choose the last day the quote holds" }).regex(DAY, "Choose a date"),
  depositKind: z.enum(["none", "percent", "fixed"], { error: "Choose a deposit" }),
  depositValue: line().max(20).optional(),
};
for (let o = 1; o <= QUOTE_OPTIONS; o++) {
  builderShape[optionField(o, "label")] = line()
    .max(OPTION_LABEL_MAX, `Keep the name under ${OPTION_LABEL_MAX} characters`)
    .optional();
  for (let l = 1; l <= QUOTE_LINES; l++) {
    builderShape[lineField(o, l, "text")] = line()
      .max(LINE_TEXT_MAX, `Keep each line under ${LINE_TEXT_MAX} characters`)
      .optional();
    builderShape[lineField(o, l, "amount")] = amountField;
  }
}

/** The builder's values as the quote they make (without the service, city and terms the server adds). */
export type QuoteDraft = Omit<QuoteContent, "service" | "city" | "terms"> & { intent: "save" | "send" };

/** The builder form: flat fields in, a QuoteDraft out; at least one option with a priced line. */
export const quoteBuilderSchema = z.object(builderShape).transform((values, ctx): QuoteDraft => {
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string).trim() : "");
  const options: QuoteOption[] = [];
  for (let o = 1; o <= QUOTE_OPTIONS; o++) {
    const lines: QuoteLine[] = [];
    for (let l = 1; l <= QUOTE_LINES; l++) {
      const lineText = text(lineField(o, l, "text"));
      const amount = text(lineField(o, l, "amount"));
      if (!lineText && !amount) continue;
      if (!lineText) ctx.addIssue({ code: "custom", path: [lineField(o, l, "text")], message: "Describe this line" });
      const cents = amount ? parseDollars(amount) : undefined;
      if (cents === undefined)
        ctx.addIssue({ code: "custom", path: [lineField(o, l, "amount")], message: "Enter an amount like 249" });
      lines.push({ text: lineText, cents: cents ?? 0 });
    }
    if (lines.length === 0) continue;
    const label = text(optionField(o, "label")) || DEFAULT_OPTION_LABELS[o - 1]!;
    options.push({ label, lines, totalCents: lines.reduce((sum, x) => sum + x.cents, 0) });
  }
  if (options.length === 0)
    ctx.addIssue({ code: "custom", path: [lineField(1, 1, "text")], message: "Add at least one line with an amount" });
  const kind = values.depositKind as DepositRequest["kind"];
  const depositValue = text("depositValue");
  let deposit: DepositRequest = { kind: "none" };
  if (kind === "percent") {
    const percent = /^\d{1,2}$/.test(depositValue) ? Number(depositValue) : NaN;
    if (!(percent >= 1 && percent <= 90))
      ctx.addIssue({ code: "custom", path: ["depositValue"], message: "Enter a percentage from 1 to 90" });
    else deposit = { kind, percent };
  } else if (kind === "fixed") {
    const cents = parseDollars(depositValue);
    const smallest = Math.min(...options.map((x) => x.totalCents));
    if (cents === undefined || cents < 100 || (options.length > 0 && cents > smallest))
      ctx.addIssue({
        code: "custom",
        path: ["depositValue"],
        message: "Enter an amount of at least $1 and no more than the smallest option's total",
      });
    else deposit = { kind, cents };
  }
  return {
    intent: values.intent === "send" ? "send" : "save",
    options,
    note: text("note"),
    validUntil: text("validUntil"),
    deposit,
  };
});

/** The customer's answer on /quote: accept one option with their full name and the terms ticked, or decline. */
export const ANSWER_FIELDS = ["intent", "option", "name", "agree", "reason"] as const;
export const answerSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("accept"),
    option: z.coerce
      .number({ error: "Choose one of the options" })
      .int()
      .min(0, "Choose one of the options")
      .max(QUOTE_OPTIONS - 1, "Choose one of the options"),
    name: line({ error: "Type your full name" })
      .trim()
      .min(2, "Type your full name")
      .max(ACCEPT_NAME_MAX, `Type at most ${ACCEPT_NAME_MAX} characters`),
    agree: z.literal("yes", { error: "Tick “I agree to the terms above” to accept" }),
  }),
  z.object({
    intent: z.literal("decline"),
    reason: multiline().max(DECLINE_REASON_MAX, `Keep the reason under ${DECLINE_REASON_MAX} characters`).optional(),
  }),
]);
export type AnswerValues = z.infer<typeof answerSchema>;

/** "$1,234.50" (or "$1,234" for whole dollars). */
export const formatCents = (cents: number) =>
  `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;

/** "$1,234.50" as the builder's input shows it ("1234.50"). */
export const centsInput = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/** The deposit of an option, in cents (0 when none is asked). */
export function depositCents(deposit: DepositRequest, option: QuoteOption): number {
  if (deposit.kind === "percent") return Math.round((option.totalCents * deposit.percent) / 100);
  if (deposit.kind === "fixed") return Math.min(deposit.cents, option.totalCents);
  return 0;
}

/** "Tuesday, March 31, 2026" from YYYY-MM-DD (the quote's last day, in the page and the e-mails). */
export const dayText = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
