/**
 * A request's page read as the job (/admin/requests/:id): what the customer asked first, then the one next step
 * for its stage, and at the end the history of what moved it. The route module loads the data and places these
 * between its other sections (quote, deposit, window, texts, stage form).
 */
import { FileDown } from "lucide-react";
import type { Stage } from "../server/kit/stages.ts";
import { StatusBadge } from "./admin.tsx";

export function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="mb-3 text-xl font-bold text-brand-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Rows({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200">
      {rows.map(([label, value], i) => (
        <div key={`${label}-${i}`} className="grid gap-1 p-3 sm:grid-cols-[14rem_1fr]">
          <dt className="font-semibold text-slate-700">{label}</dt>
          <dd className="break-words whitespace-pre-line text-slate-900">{value || "—"}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface Asked {
  /** The customer's own words (the message or project details), when they wrote any. */
  words: string | null;
  /** Every other field they sent, labelled in the owner's words (their name, e-mail and phone are in the header, the photos' names in the thumbnails). */
  rows: { label: string; value: string }[];
  photos: { n: number; filename: string; width: number; height: number }[];
  attachment: { filename: string; size: number } | null;
}

/** What the customer asked: their words, then the rest of what they sent, their photos as thumbnails. */
export function WhatTheyAsked({ id, asked, children }: { id: string; asked: Asked; children?: React.ReactNode }) {
  const rows = asked.rows.filter((row) => row.value !== "");
  return (
    <Section id="asked-heading" title="What they asked">
      {asked.words ? (
        <blockquote className="mb-4 rounded-lg border-l-4 border-brand-600 bg-brand-50 p-4 text-lg whitespace-pre-line text-slate-900">
          {asked.words}
        </blockquote>
      ) : (
        <p className="mb-4 text-slate-700">They wrote no message.</p>
      )}
      {children}
      {rows.length ? (
        <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2 lg:grid-cols-4">
          {rows.map((row, i) => (
            <div key={`${row.label}-${i}`}>
              <dt className="text-sm font-semibold text-slate-700">{row.label}</dt>
              <dd className="break-words whitespace-pre-line text-slate-900">{row.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {asked.photos.length ? <Photos id={id} photos={asked.photos} /> : null}
      {asked.attachment ? (
        <p className="mt-3">
          <a href={`/admin/requests/${id}/resume`} className="btn-secondary">
            <FileDown className="size-5" aria-hidden="true" />
            Download résumé ({asked.attachment.filename}, {Math.ceil(asked.attachment.size / 1024)} KB)
          </a>
        </p>
      ) : null}
    </Section>
  );
}

/** The request's photos as thumbnails, each a link to the full-size one (served to the signed-in owner only). */
function Photos({ id, photos }: { id: string; photos: Asked["photos"] }) {
  return (
    <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-6 lg:grid-cols-8" aria-label="Photos">
      {photos.map((photo) => {
        const href = `/admin/requests/${id}/photos/${photo.n}`;
        return (
          <li key={photo.n}>
            <a href={href} className="block rounded-md border border-slate-300 p-1 hover:border-brand-600">
              <img
                src={href}
                alt={`Photo ${photo.n} of ${photos.length}: ${photo.filename}`}
                width={photo.width}
                height={photo.height}
                loading="lazy"
                className="aspect-square h-auto w-full rounded object-cover"
              />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** What the page knows that decides the next step besides the stage. */
export interface NextStepFacts {
  id: string;
  stage: Stage;
  /** The window the customer asked for, when the owner can confirm it now. */
  windowToConfirm: string | null;
  /** The confirmed window, "Tue Dec 1, 8–10 AM". */
  windowConfirmed: string | null;
  phone: { display: string; href: string } | null;
  canText: boolean;
}

interface Step {
  text: string;
  action: { href: string; label: string } | null;
}

/** The one next step for a request at its stage (a stage without one here: look below). */
export function nextStep(f: NextStepFacts): Step {
  const quote = { href: `/admin/requests/${f.id}/quote`, label: "Write a quote" };
  const confirm = f.windowToConfirm
    ? { text: `Confirm the window they asked for: ${f.windowToConfirm}.`, href: "#window-heading" }
    : null;
  const arrange = f.phone
    ? { href: f.phone.href, label: `Call ${f.phone.display}` }
    : f.canText
      ? { href: "#texts-heading", label: "Text them" }
      : null;
  const steps: Partial<Record<Stage, Step>> = {
    new: {
      text: `Answer them: write a quote, or ${f.canText ? "call or text" : "call"} them if you need to see the place first.`,
      action: quote,
    },
    contacted: { text: "Write their quote.", action: quote },
    quoted: {
      text: "Waiting for their answer to the quote: its reminders go out by themselves.",
      action: { href: `/admin/requests/${f.id}/quote`, label: "Open the quote" },
    },
    accepted: confirm
      ? {
          text: `They accepted the quote. ${confirm.text}`,
          action: { href: confirm.href, label: "Confirm the window" },
        }
      : {
          text: "They accepted the quote: they choose an arrival window from its page (after the deposit, when one is asked), or arrange one with them.",
          action: arrange,
        },
    "deposit-paid": confirm
      ? { text: `Deposit paid. ${confirm.text}`, action: { href: confirm.href, label: "Confirm the window" } }
      : { text: "Deposit paid: arrange an arrival window with them.", action: arrange },
    scheduled: {
      text: `Scheduled${f.windowConfirmed ? ` for ${f.windowConfirmed}` : ""}. Once the job is done, set the stage to Completed.`,
      action: { href: "#stage-heading", label: "Set the stage" },
    },
    completed: { text: "The job is done.", action: null },
    lost: { text: "Marked lost: nothing to do unless they come back.", action: null },
  };
  return steps[f.stage] ?? { text: "See the sections below.", action: null };
}

export function NextStep({ facts }: { facts: NextStepFacts }) {
  const step = nextStep(facts);
  return (
    <section
      aria-labelledby="next-heading"
      className="mt-6 rounded-lg border-2 border-brand-600 bg-white p-4 sm:flex sm:items-center sm:justify-between sm:gap-4"
    >
      <div>
        <h2 id="next-heading" className="text-lg font-bold text-brand-900">
          Next step
        </h2>
        <p className="mt-1 text-slate-900" data-testid="next-step">
          {step.text}
        </p>
      </div>
      {step.action ? (
        <a href={step.action.href} className="btn-primary mt-3 shrink-0 sm:mt-0">
          {step.action.label}
        </a>
      ) : null}
    </section>
  );
}

export interface HistoryItem {
  iso: string;
  at: string;
  /** What happened, in the owner's words. */
  what: string;
  /** Who set the stage by hand (events have none). */
  by: string | null;
  note: string;
  /** The stage it left the request in. */
  stage: Stage;
}

/** What moved the request, newest first: each event and each stage set by hand, with the stage it gave. */
export function StageHistory({ items }: { items: HistoryItem[] }) {
  if (items.length === 0) return <p className="mt-3 text-slate-700">Nothing has happened yet.</p>;
  return (
    <ol className="mt-4 space-y-2" aria-label="History, newest first">
      {items.map((h) => (
        <li key={h.iso + h.what} className="rounded-md border border-slate-200 p-3">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <time dateTime={h.iso} className="text-slate-700">
              {h.at}
            </time>
            <span className="font-semibold">{h.what}</span>
            {h.by ? <span>by {h.by}</span> : null}
            <span aria-hidden="true">→</span>
            <StatusBadge status={h.stage} />
          </p>
          {h.note ? <p className="mt-1 whitespace-pre-line">{h.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
