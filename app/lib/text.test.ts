import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { forbiddenIn, HIDDEN_SAMPLES, hostileText, KEPT_SAMPLES } from "../../tests/support/hidden-text.ts";
import { cleanLine, cleanText, MARKER, visible, visibleDeep, visibleLine } from "./text.ts";

/** Text made only of characters every rule keeps (no hidden character, no line break, no tab). */
const keptText = fc.string({
  unit: fc.oneof(fc.constantFrom(...KEPT_SAMPLES), fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 })),
});
const plain = (value: string) => forbiddenIn(value, "one").length === 0;

describe("text hygiene: input", () => {
  it("removes what the issue showed: a right-to-left override and a NUL", () => {
    expect(cleanLine("Bob\u202Egnp.exe")).toBe("Bobgnp.exe");
    expect(cleanLine("Nul\u0000Byte")).toBe("NulByte");
    expect(cleanText("a\r\nb\rc\u2028d\u202E")).toBe("a\nb\nc\nd");
    expect(cleanLine("a\tb\r\n\nc")).toBe("a b c");
    expect(cleanLine("x\uD800y")).toBe(`x${MARKER}y`);
  });

  it("leaves no hidden character in a single line (no tab or line break either), nor in a multi-line text", () => {
    fc.assert(
      fc.property(hostileText(), (value) => {
        expect(forbiddenIn(cleanLine(value), "one")).toEqual([]);
        expect(forbiddenIn(cleanText(value), "many")).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(hostileText(), (value) => {
        expect(cleanLine(cleanLine(value))).toBe(cleanLine(value));
        expect(cleanText(cleanText(value))).toBe(cleanText(value));
      }),
      { numRuns: 500 },
    );
  });

  it("keeps every other character as it is: accents, emoji, CJK, Hebrew and Arabic letters, joiners", () => {
    fc.assert(
      fc.property(keptText, (value) => {
        fc.pre(plain(value));
        expect(cleanLine(value)).toBe(value);
        expect(cleanText(value)).toBe(value);
        expect(visible(value)).toBe(value);
      }),
      { numRuns: 500 },
    );
    for (const sample of KEPT_SAMPLES) expect(cleanLine(sample)).toBe(sample);
  });

  it("removes hidden characters only: what is left is the text with them taken out", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(keptText, fc.constantFrom(...HIDDEN_SAMPLES))), (parts) => {
        const text = parts.map(([kept]) => kept).join("");
        fc.pre(plain(text));
        expect(cleanLine(parts.map(([kept, hidden]) => kept + hidden).join(""))).toBe(text);
      }),
    );
  });
});

describe("text hygiene: output", () => {
  it("shows each hidden character as � (a stored row from before the rules)", () => {
    expect(visible("Bob\u202Egnp.exe")).toBe("Bob\uFFFDgnp.exe");
    expect(visible("Nul\u0000Byte\r\nnext")).toBe("Nul\uFFFDByte\nnext");
    expect(visibleLine(" Nul\u0000Byte\r\n\tnext ")).toBe("Nul\uFFFDByte next");
  });

  it("never emits a hidden character; keeps line breaks only where the output has lines; leaves cleaned text as it is", () => {
    fc.assert(
      fc.property(hostileText(), (value) => {
        expect(forbiddenIn(visible(value), "many")).toEqual([]);
        expect(forbiddenIn(visibleLine(value), "one")).toEqual([]);
        expect(visible(cleanText(value))).toBe(cleanText(value));
        expect(visible(visible(value))).toBe(visible(value));
      }),
      { numRuns: 500 },
    );
  });

  it("visibleDeep reaches every string of a page's data and leaves other values alone", () => {
    const at = new Date(0);
    const data = visibleDeep({ a: "x\u202E", list: [{ b: "\u0000" }, 3, null], at, ok: true });
    expect(data).toEqual({ a: `x${MARKER}`, list: [{ b: MARKER }, 3, null], at, ok: true });
    expect(data.at).toBe(at);
    fc.assert(
      fc.property(fc.jsonValue(), hostileText(), (json, value) => {
        const strings = (v: unknown): string[] =>
          typeof v === "string"
            ? [v]
            : v !== null && typeof v === "object"
              ? Object.entries(v).flatMap(([key, inner]) => [key, ...strings(inner)])
              : [];
        const keys = strings({ json }).length;
        const shown = strings(visibleDeep({ json, value, list: [value] })).slice(keys);
        expect(shown.flatMap((s) => forbiddenIn(s, "many"))).toEqual([]);
      }),
    );
  });
});
