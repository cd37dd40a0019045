/**
 * How a customer's text is read (docs/decisions/036-stop-words.md), against a table of real replies in both
 * directions: what must stop the texts, and what must not (an answer about the job, "Cancel my appointment?").
 * Property tests: the case, and whitespace or punctuation around a text, never change what it means.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { asksToStop, keywordOf, START_WORDS, STOP_WORDS, type Keyword } from "./rules.server.ts";

/** Replies that stop: Twilio's eight words, the Spanish ones, and plain requests, written as people write them. */
const STOPS = [
  // Twilio's default opt-out words, as typed on a phone.
  "STOP",
  "Stop",
  "stop.",
  "STOP!!!",
  " stop ",
  "Stop 🛑",
  "🛑 STOP 🛑",
  "S T O P",
  "STOPALL",
  "Stop all",
  "UNSUBSCRIBE",
  "Unsubscribe.",
  "un-subscribe",
  "END",
  "end.",
  "QUIT",
  "Quit!",
  "REVOKE",
  "revoke",
  "OPTOUT",
  "opt-out",
  "Opt out",
  "OPT OUT!",
  "CANCEL",
  "cancel",
  "Cancel.",
  // With polite words around.
  "Stop please",
  "Please STOP",
  "STOP thank you",
  "Stop now",
  "Ok stop",
  "STOP STOP STOP",
  "Stop it",
  // Spanish.
  "ALTO",
  "Parar",
  "Pare",
  "Cancelar",
  "Detener",
  "BASTA",
  "Basta ya",
  "Alto por favor",
  "No más mensajes",
  "no mas mensajes",
  "No me envíen más mensajes",
  "Dejen de enviarme mensajes, por favor",
  "Ya no me escriban",
  "Quiero darme de baja",
  // A short sentence that plainly asks to stop.
  "Please stop texting me",
  "please stop texting me.",
  "STOP TEXTING ME",
  "Stop-texting me!",
  "Can you stop texting me?",
  "Stop sending me texts",
  "Stop messaging me please",
  "stop contacting me",
  "Stop all texts",
  "take me off your list",
  "Take me off your text list please",
  "Remove me from your list",
  "Please remove my number",
  "remove me",
  "unsubscribe me",
  "Please unsubscribe me from these",
  "no more texts",
  "No more messages please 🙏",
  "I want to opt out",
  "Opt me out",
  "Don't text me",
  "Do not text me again",
  "Don't text me, call me",
  "Cancel these texts",
  "I revoke my consent",
  "Thanks for the quote but please stop texting me",
];

/** Replies that must not stop: answers about the job, and words that only look like a keyword. */
const NOT_STOPS: [string, Keyword | null][] = [
  ["Don't stop by before noon", null],
  ["Please stop by at 3", null],
  ["You can stop at the side gate", null],
  ["C", "confirm"],
  ["c.", "confirm"],
  ["R", "reschedule"],
  ["Can you come at 2?", null],
  ["Cancel my appointment?", null],
  ["cancel it", null],
  ["Cancel please", null],
  ["I need to cancel the Tuesday visit", null],
  ["Can I cancel and rebook?", null],
  ["Quiero cancelar mi cita", null],
  ["The end of the driveway has oil stains", null],
  ["Don't stop texting me, it's helpful", null],
  ["Don't text me before noon", null],
  ["Is the side gate ok?", null],
  ["Yes", "start"],
  ["Start", "start"],
  ["unstop", "start"],
  ["HELP", "help"],
  ["Ayuda", "help"],
  ["can you help", null],
  ["Stopped by the store, be there at 9", null],
  ["Endless thanks!", null],
  ["Quite nice work", null],
  ["", null],
];

describe("what a customer's text means", () => {
  it.each(STOPS)("%j stops the texts", (text) => {
    expect(keywordOf(text)).toBe("stop");
  });

  it.each(NOT_STOPS)("%j does not stop them (it is %s)", (text, meaning) => {
    expect(asksToStop(text)).toBe(false);
    expect(keywordOf(text)).toBe(meaning);
  });

  it("knows Twilio's eight opt-out words and the Spanish ones the brief names", () => {
    for (const word of ["STOP", "UNSUBSCRIBE", "END", "QUIT", "STOPALL", "REVOKE", "OPTOUT", "CANCEL"])
      expect(STOP_WORDS).toContain(word);
    for (const word of ["ALTO", "PARAR", "PARE", "CANCELAR", "DETENER", "BASTA", "NOMASMENSAJES"])
      expect(STOP_WORDS).toContain(word);
    for (const word of ["START", "UNSTOP", "YES"]) expect(START_WORDS).toContain(word);
  });
});

/** A text with its letters' case changed where `flips` says. */
const recase = (text: string, flips: boolean[]) =>
  [...text].map((ch, i) => (flips[i % flips.length] ? ch.toLowerCase() : ch.toUpperCase())).join("");

const around = fc.stringMatching(/^[ \t\n.!?,;:()"'*~-]{0,4}$/);
const table = [...STOPS, ...NOT_STOPS.map(([text]) => text)];

describe("what never changes the meaning", () => {
  it("the case of any letter", () => {
    fc.assert(
      fc.property(fc.constantFrom(...table), fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }), (text, flips) => {
        expect(keywordOf(recase(text, flips))).toBe(keywordOf(text));
      }),
    );
  });

  it("whitespace and punctuation before and after the text", () => {
    fc.assert(
      fc.property(fc.constantFrom(...table), around, around, (text, before, after) => {
        expect(keywordOf(`${before}${text}${after}`)).toBe(keywordOf(text));
      }),
    );
  });

  it("for any text at all, not only the table's", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), around, around, fc.boolean(), (text, before, after, upper) => {
        const cased = upper ? text.toUpperCase() : text.toLowerCase();
        expect(keywordOf(`${before}${cased}${after}`)).toBe(keywordOf(text.toLowerCase()));
      }),
    );
  });
});
