/**
 * The words of an unpaid invoice's reminder, by e-mail and by text: friendly and short, the balance from the
 * ledger, the due date and the one link. Pure, so the e-mail, the text and their tests share them.
 */
import { business } from "../../../content/business.ts";
import { formatCents } from "../../../lib/money.ts";
import { dayLabel } from "../../kit/arrival-windows.server.ts";

export interface ReminderFacts {
  number: string;
  balanceCents: number;
  dueDate: string | null;
  overdue: boolean;
  /** The invoice's link, whole (the site's origin and its signed path). */
  link: string;
}

/** "is due Wednesday, December 9" / "was due Wednesday, December 9" / "" (no due date). */
const dueWords = ({ dueDate, overdue }: Pick<ReminderFacts, "dueDate" | "overdue">) =>
  dueDate ? ` It ${overdue ? "was" : "is"} due ${dayLabel(dueDate)}.` : "";

export const reminderSubject = (facts: ReminderFacts) =>
  `${facts.overdue ? "Past due" : "A friendly reminder"}: invoice ${facts.number}, ${formatCents(facts.balanceCents)} left to pay`;

/** The e-mail's paragraphs, after the greeting. */
export const reminderLines = (facts: ReminderFacts): string[] => [
  `A friendly reminder from ${business.name}: invoice ${facts.number} has ${formatCents(facts.balanceCents)} left to pay.${dueWords(facts)}`,
  "You can see it and pay it from your phone with the link below.",
];

export const reminderClosing = (): string[] => [
  "Already paid, or a check on its way? Thank you, and please ignore this reminder.",
  `Questions about the invoice? Call us at ${business.phone.display}.`,
];

/** The text: the business's name first, the balance and due date, the link. */
export const reminderText = (facts: ReminderFacts) =>
  `${business.name}: a reminder that invoice ${facts.number} has ${formatCents(facts.balanceCents)} left to pay.${dueWords(facts)} See it and pay here: ${facts.link}`;
