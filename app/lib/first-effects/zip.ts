/**
 * The service-area answer beside every ZIP field, from the first paint (docs/decisions/024-first-effect.md):
 * written into each page by the server (app/root.tsx), with the ZIP table and the phone number, it answers
 * what the visitor types before the app has started, with the same function the app then uses
 * (app/lib/service-area.ts) and into the same elements (app/components/area-note.tsx's AreaNote, hidden
 * without an answer): the app takes them over as they are, and from then on answers itself.
 */
import { type AreaAnswer, type ZipTable, areaAnswer, areaMessage } from "../service-area.ts";
import { appStarted } from "./global.ts";

/** Writes an answer (or none) into an AreaNote's elements, as the component renders it. */
export function showArea(note: HTMLElement, answer: AreaAnswer | null, phone: string) {
  note.hidden = !answer;
  if (answer) note.dataset.area = answer.tier;
  else delete note.dataset.area;
  const { title, text } = answer ? areaMessage(answer, phone) : { title: "", text: "" };
  const [titleSlot, textSlot] = [note.querySelector("[data-area-title]"), note.querySelector("[data-area-text]")];
  if (titleSlot) titleSlot.textContent = title;
  if (textSlot) textSlot.textContent = text;
}

export type ZipAnswerData = { table: ZipTable; phone: string };

export function install({ table, phone }: ZipAnswerData) {
  document.addEventListener("input", (event) => {
    const input = event.target;
    if (appStarted() || !(input instanceof HTMLInputElement) || input.name !== "zipcode") return;
    const note = input.closest("[data-zip-answer]")?.querySelector<HTMLElement>("[data-area-note]");
    if (note) showArea(note, areaAnswer(input.value, table), phone);
  });
}
