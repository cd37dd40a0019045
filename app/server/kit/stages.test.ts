import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  EVENTS,
  isWon,
  LOST,
  STAGE_VALUES,
  stageFrom,
  stageLabel,
  stageRank,
  stagesAlong,
  type EventKind,
  type Stage,
  type StageEvent,
} from "./stages.ts";

const t0 = Date.parse("2030-03-04T15:00:00Z");
/** Events one minute apart, in the order written. */
const timeline = (...items: (EventKind | { set: Stage })[]): StageEvent[] =>
  items.map((item, i) => {
    const at = new Date(t0 + i * 60_000);
    return typeof item === "string" ? { kind: item, at } : { kind: "set", stage: item.set, at };
  });

describe("stageFrom: what the events give", () => {
  it.each<[string, (EventKind | { set: Stage })[], Stage]>([
    ["nothing happened yet", [], "new"],
    ["the owner texted", ["owner-text"], "contacted"],
    ["the owner answered the window request", ["window-answered"], "contacted"],
    ["a quote went out", ["quote-sent"], "quoted"],
    ["the quote was accepted", ["quote-sent", "quote-accepted"], "accepted"],
    ["the deposit was paid", ["quote-sent", "quote-accepted", "deposit-paid"], "deposit-paid"],
    ["the window was confirmed", ["quote-sent", "quote-accepted", "deposit-paid", "window-confirmed"], "scheduled"],
    ["a text after the quote does not take it back", ["quote-sent", "owner-text"], "quoted"],
    [
      "the invoice of a completed job was paid in full",
      ["quote-accepted", { set: "completed" }, "invoice-paid"],
      "paid",
    ],
    [
      "a window confirmed after payment does not take Paid back",
      [{ set: "completed" }, "invoice-paid", "window-confirmed"],
      "paid",
    ],
    [
      "a cancelled window gives back the stage before it",
      ["quote-sent", "quote-accepted", "deposit-paid", "window-confirmed", "window-cancelled"],
      "deposit-paid",
    ],
    [
      "a deposit paid after the window still counts once the window is cancelled",
      ["quote-sent", "quote-accepted", "window-confirmed", "deposit-paid", "window-cancelled"],
      "deposit-paid",
    ],
    [
      "a window confirmed again schedules again",
      ["window-confirmed", "window-cancelled", "window-confirmed"],
      "scheduled",
    ],
    ["a cancelled window of a job not scheduled changes nothing", ["quote-sent", "window-cancelled"], "quoted"],
    [
      "completed by hand, then a window cancelled: still completed",
      ["window-confirmed", { set: "completed" }, "window-cancelled"],
      "completed",
    ],
    ["the owner's hand sets any stage, back too", ["quote-sent", "quote-accepted", { set: "contacted" }], "contacted"],
    ["events after a hand move on from it", [{ set: "contacted" }, "quote-sent"], "quoted"],
    [
      "lost stays lost whatever happens after",
      ["quote-sent", { set: "lost" }, "quote-accepted", "deposit-paid"],
      "lost",
    ],
    ["until the owner sets another stage", [{ set: "lost" }, { set: "quoted" }, "quote-accepted"], "accepted"],
    [
      "scheduled by hand, then the window cancelled",
      ["quote-sent", { set: "scheduled" }, "window-cancelled"],
      "quoted",
    ],
  ])("%s", (_, items, stage) => {
    expect(stageFrom(timeline(...items)).stage).toBe(stage);
  });

  it("takes the events in the order they happened, not the order given", () => {
    const [sent, accepted, cancelled] = timeline("quote-sent", "quote-accepted", "window-cancelled");
    const confirmed: StageEvent = { kind: "window-confirmed", at: new Date(t0 + 90_000) };
    expect(stageFrom([cancelled!, accepted!, confirmed, sent!]).stage).toBe("accepted");
  });

  it("first contact: the owner's first text, quote or window answer, or a stage set by hand other than new or lost", () => {
    expect(stageFrom(timeline("quote-accepted", "deposit-paid")).firstContactAt).toBeNull();
    expect(stageFrom(timeline({ set: "lost" }, { set: "new" })).firstContactAt).toBeNull();
    const events = timeline("deposit-paid", "owner-text", "quote-sent");
    expect(stageFrom(events).firstContactAt).toEqual(events[1]!.at);
    const hand = timeline({ set: "new" }, { set: "contacted" });
    expect(stageFrom(hand).firstContactAt).toEqual(hand[1]!.at);
  });

  it("lists the stage after each event (the request page's history)", () => {
    expect(stagesAlong(timeline("quote-sent", "window-confirmed", "window-cancelled")).map((s) => s.stage)).toEqual([
      "quoted",
      "scheduled",
      "quoted",
    ]);
  });

  it("labels every stage and every event in the owner's words", () => {
    for (const stage of STAGE_VALUES) expect(stageLabel(stage)).not.toBe(stage);
    for (const event of Object.values(EVENTS)) expect(event.label).toMatch(/^[A-Z][a-z]/);
    expect(isWon("accepted") && isWon("scheduled") && isWon("completed")).toBe(true);
    expect(isWon("quoted") || isWon(LOST)).toBe(false);
  });
});

describe("stageFrom: rules for any events", () => {
  const kinds = Object.keys(EVENTS) as EventKind[];
  const anEvent: fc.Arbitrary<EventKind | { set: Stage }> = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...kinds) },
    { weight: 1, arbitrary: fc.constantFrom(...STAGE_VALUES).map((stage) => ({ set: stage })) },
  );
  const automatic = fc.array(fc.constantFrom(...kinds), { maxLength: 20 });

  it("events never move a request backwards, except a cancelled window taking a scheduled job back", () => {
    fc.assert(
      fc.property(automatic, (items) => {
        const along = stagesAlong(timeline(...items));
        along.forEach(({ event, stage }, i) => {
          const before = i === 0 ? "new" : along[i - 1]!.stage;
          if (event.kind === "window-cancelled") {
            if (before === "scheduled") expect(stageRank(stage)).toBeLessThan(stageRank("scheduled"));
            else expect(stage).toBe(before);
          } else expect(stageRank(stage)).toBeGreaterThanOrEqual(stageRank(before));
        });
      }),
    );
  });

  it("a cancelled window gives back what the same events without the window give", () => {
    fc.assert(
      fc.property(automatic, automatic, (before, after) => {
        const windowless = (list: EventKind[]) =>
          list.filter((k) => k !== "window-confirmed" && k !== "window-cancelled");
        const items: EventKind[] = [
          ...windowless(before),
          "window-confirmed",
          ...windowless(after),
          "window-cancelled",
        ];
        expect(stageFrom(timeline(...items)).stage).toBe(stageFrom(timeline(...windowless(items))).stage);
      }),
    );
  });

  it("the owner's hand gives exactly its stage; only the hand gives lost, and events leave it lost", () => {
    fc.assert(
      fc.property(fc.array(anEvent, { maxLength: 20 }), (items) => {
        const along = stagesAlong(timeline(...items));
        along.forEach(({ event, stage }, i) => {
          if (event.kind === "set") expect(stage).toBe(event.stage);
          else expect(stage === LOST).toBe(i > 0 && along[i - 1]!.stage === LOST);
        });
      }),
    );
  });

  it("an event recorded twice gives what it gives once", () => {
    fc.assert(
      fc.property(fc.array(anEvent, { maxLength: 15 }), fc.nat(), (items, pick) => {
        if (items.length === 0) return;
        const events = timeline(...items);
        const i = pick % events.length;
        const twice = [...events.slice(0, i + 1), events[i]!, ...events.slice(i + 1)];
        expect(stageFrom(twice)).toEqual(stageFrom(events));
      }),
    );
  });
});
