/**
 * A quote (docs/decisions/031-quotes.md): what the owner's builder sends (one schema, read by the server only,
 * app/server/features/quotes/) and what the customer's page shows and accepts. The builder is a plain form with
 * fixed slots (no JavaScript needed): up to QUOTE_OPTIONS options, each up to QUOTE_LINES lines of a description
 * and an amount in dollars; empty lines and options left empty are dropped. Field names are flat
 * (`option1-line2-amount`): the form reader refuses path syntax.
 */
import { z } from "../lib/zod.ts";
import { formatCents } from "../lib/money.ts";
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
  /**
   * When the balance is due, in the business's words (content quotes.balanceDue), frozen with the version; absent
   * from versions saved before decision 037, which are shown with today's words (shownContent).
   */
  balanceDue?: string;
}
/** A quote's content as it is shown: with the words of when the balance is due. */
export type ShownContent = QuoteContent & { balanceDue: string };

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

type Issue = { path: string; message: string };

/**
 * The lines of builder option `o` (1-based) from the flat values, with what is wrong with them: a line with an
 * amount and no words, or words and no amount that reads as one (counted as $0). Both the form's schema and the
 * builder's running total read the options through this, so the total shown never differs from the one saved.
 */
function optionOfValues(text: (name: string) => string, o: number): { option: QuoteOption | null; issues: Issue[] } {
  const lines: QuoteLine[] = [];
  const issues: Issue[] = [];
  for (let l = 1; l <= QUOTE_LINES; l++) {
    const lineText = text(lineField(o, l, "text"));
    const amount = text(lineField(o, l, "amount"));
    if (!lineText && !amount) continue;
    if (!lineText) issues.push({ path: lineField(o, l, "text"), message: "Describe this line" });
    const cents = amount ? parseDollars(amount) : undefined;
    if (cents === undefined) issues.push({ path: lineField(o, l, "amount"), message: "Enter an amount like 249" });
    lines.push({ text: lineText, cents: cents ?? 0 });
  }
  if (lines.length === 0) return { option: null, issues };
  const label = text(optionField(o, "label")) || DEFAULT_OPTION_LABELS[o - 1]!;
  return { option: { label, lines, totalCents: lines.reduce((sum, x) => sum + x.cents, 0) }, issues };
}

/** The deposit the builder's two deposit fields ask for, or what is wrong with them (`options`: the options made). */
function depositOfValues(
  kind: string,
  depositValue: string,
  options: QuoteOption[],
): { deposit: DepositRequest; issue: string | null } {
  if (kind === "percent") {
    const percent = /^\d{1,2}$/.test(depositValue) ? Number(depositValue) : NaN;
    if (!(percent >= 1 && percent <= 90))
      return { deposit: { kind: "none" }, issue: "Enter a percentage from 1 to 90" };
    return { deposit: { kind, percent }, issue: null };
  }
  if (kind === "fixed") {
    const cents = parseDollars(depositValue);
    const smallest = Math.min(...options.map((x) => x.totalCents));
    if (cents === undefined || cents < 100 || (options.length > 0 && cents > smallest))
      return {
        deposit: { kind: "none" },
        issue: "Enter an amount of at least $1 and no more than the smallest option's total",
      };
    return { deposit: { kind, cents }, issue: null };
  }
  return { deposit: { kind: "none" }, issue: null };
}

/**
 * The builder's running figures: for each of its QUOTE_OPTIONS slots, the whole price of the option its values
 * make (null when the slot is empty), with the deposit its deposit fields ask (none while those are not valid).
 * `depositsOnline` false: no deposit is taken online, so the balance is the total, as the preview says.
 */
export function builderFigures(values: Record<string, string | undefined>, depositsOnline: boolean) {
  const text = (name: string) => (values[name] ?? "").trim();
  const options = slots(QUOTE_OPTIONS, (o) => optionOfValues(text, o).option);
  const made = options.filter((x): x is QuoteOption => x !== null);
  const { deposit } = depositOfValues(text("depositKind"), text("depositValue"), made);
  return options.map((option) => (option ? priceOfOption({ deposit }, option, depositsOnline) : null));
}

/** The builder form: flat fields in, a QuoteDraft out; at least one option with a priced line. */
export const quoteBuilderSchema = z.object(builderShape).transform((values, ctx): QuoteDraft => {
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string).trim() : "");
  const options: QuoteOption[] = [];
  for (let o = 1; o <= QUOTE_OPTIONS; o++) {
    const { option, issues } = optionOfValues(text, o);
    for (const issue of issues) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
    if (option) options.push(option);
  }
  if (options.length === 0)
    ctx.addIssue({ code: "custom", path: [lineField(1, 1, "text")], message: "Add at least one line with an amount" });
  const { deposit, issue } = depositOfValues(text("depositKind"), text("depositValue"), options);
  if (issue) ctx.addIssue({ code: "custom", path: ["depositValue"], message: issue });
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

/** "$1,234.50" (or "$1,234" for whole dollars): app/lib/money.ts, named here for the quote's modules. */
export { formatCents };

/** "$1,234.50" as the builder's input shows it ("1234.50"). */
export const centsInput = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/** The deposit of an option, in cents (0 when none is asked). */
export function depositCents(deposit: DepositRequest, option: Pick<QuoteOption, "totalCents">): number {
  if (deposit.kind === "percent") return Math.round((option.totalCents * deposit.percent) / 100);
  if (deposit.kind === "fixed") return Math.min(deposit.cents, option.totalCents);
  return 0;
}

/** An option's whole price in cents: its total, the deposit due on acceptance and the balance due at the end. */
export interface WholePrice {
  totalCents: number;
  depositCents: number;
  balanceCents: number;
}

/**
 * The one source of an option's figures (decision 037): every place that shows a deposit or a balance (the quote's
 * page and preview, the builder's running total, the e-mails, the text, the accepted copy and its PDF) asks this.
 * `deposit` is the deposit the customer actually pays online: none when deposits are not taken online.
 * deposit + balance = total, always.
 */
export function wholePrice(deposit: DepositRequest, option: Pick<QuoteOption, "totalCents">): WholePrice {
  const depositPart = depositCents(deposit, option);
  return { totalCents: option.totalCents, depositCents: depositPart, balanceCents: option.totalCents - depositPart };
}

const NO_DEPOSIT: DepositRequest = { kind: "none" };

/**
 * The whole price of one option of a quote as the customer pays it: the deposit asked when deposits are taken
 * online (`depositsOnline`), else none (the whole total is due at the end, the page says "Pay at the job").
 */
export const priceOfOption = (
  content: Pick<QuoteContent, "deposit">,
  option: Pick<QuoteOption, "totalCents">,
  depositsOnline: boolean,
): WholePrice => wholePrice(depositsOnline ? content.deposit : NO_DEPOSIT, option);

/** When the deposit is due: it is paid online right after accepting, before the arrival window is chosen. */
export const DEPOSIT_DUE = "on acceptance";

/**
 * The whole price in one sentence (the e-mails and the text): "$105 deposit due on acceptance, then $315 due when
 * the job is finished…". `balanceDue` is the business's words (content/price-book.yaml quotes.balanceDue).
 */
export function wholePriceText(price: WholePrice, balanceDue: string): string {
  return price.depositCents > 0
    ? `${formatCents(price.depositCents)} deposit due ${DEPOSIT_DUE}, then the balance of ${formatCents(price.balanceCents)} due ${balanceDue}`
    : `No deposit: the full ${formatCents(price.totalCents)} is due ${balanceDue}`;
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
