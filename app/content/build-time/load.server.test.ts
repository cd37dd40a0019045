/**
 * The messages the owner reads when a content file cannot be used: each names the file, the field (or
 * line) and the fix. Each test edits a copy of content/ and loads it from there.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { contentCopies } from "../../../tests/support/content-copies.ts";
import { ContentError, defaultContentDir, loadCollection } from "./load.server.ts";

const copies = contentCopies();
afterAll(copies.removeAll);
const contentWith = copies.withEdit;

/** The ContentError that loading throws: its message, whole. */
function messageOf(load: () => unknown): string {
  try {
    load();
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError);
    return (error as ContentError).message;
  }
  throw new Error("the collection loaded: the edit was not caught");
}

/** The line a message names ("line 7, column 1 (\"state: ID\")") is that line of the edited file. */
function expectNamedLine(message: string, fileText: string) {
  const [, number, text] = /line (\d+), column \d+ \("([^"]*)"\)/.exec(message) ?? [];
  expect(number, message).toBeDefined();
  expect(fileText.split("\n")[Number(number) - 1]?.trim()).toBe(text);
}

describe("a content file the site cannot use", () => {
  it("missing a required field: names the file and the field, and says to add it", () => {
    const dir = contentWith("services/house-washing.md", (text) => text.replace(/^tagline: .*\n/m, ""));
    const message = messageOf(() => loadCollection("services", dir));
    expect(message).toContain("content/services/house-washing.md");
    expect(message).toMatch(/tagline: missing\. Fix: add it \(a text\)/);
  });

  it("with a misspelt field: says which field to rename to what", () => {
    const dir = contentWith("faq.yaml", (text) => text.replace(/^(\s+)answer:/m, "$1answr:"));
    const message = messageOf(() => loadCollection("faq", dir));
    expect(message).toContain("content/faq.yaml");
    expect(message).toMatch(
      /questions › #1 \("what-areas-do-you-serve"\) › answr: is not a field here; "answer" is missing\. Fix: rename answr to answer/,
    );
    // One problem, told once (not "unknown field" and "answer missing" apart).
    expect(message).toContain("has a problem:");
  });

  it("with broken YAML indentation: names the file's line and what to check", () => {
    const dir = contentWith("business.yaml", (text) => text.replace(/^ {2}city: Meridian$/m, "   city: Meridian"));
    const message = messageOf(() => loadCollection("business", dir));
    expect(message).toContain("content/business.yaml");
    expectNamedLine(message, readFileSync(path.join(dir, "business.yaml"), "utf8"));
    expect(message).toMatch(/Fix: check the indentation of that line and the lines just above it/);
  });

  it("with a YAML mistake in a Markdown file's front matter: names the file's own line", () => {
    const dir = contentWith("cities/boise.md", (text) => text.replace(/^state: ID$/m, "state: ID\n  oops: [unclosed"));
    const message = messageOf(() => loadCollection("cities", dir));
    expect(message).toContain("content/cities/boise.md");
    // The line in the file, counted from its first line (the front matter starts on line 2).
    expectNamedLine(message, readFileSync(path.join(dir, "cities/boise.md"), "utf8"));
  });

  it("with a description too long for the cards: says how long it may be", () => {
    const dir = contentWith("services/roof-cleaning.md", (text) =>
      text.replace(/^description: .*$/m, `description: ${"Soft washing for roofs. ".repeat(10)}`),
    );
    const message = messageOf(() => loadCollection("services", dir));
    expect(message).toContain("content/services/roof-cleaning.md");
    expect(message).toMatch(
      /description: is \d+ characters long, more than 200\. Fix: shorten it to 200 characters or fewer/,
    );
  });

  it("with an icon the site cannot draw: lists the names it can", () => {
    const dir = contentWith("careers.yaml", (text) => text.replace(/icon: dollar-sign/, "icon: rocket"));
    const message = messageOf(() => loadCollection("careers", dir));
    expect(message).toContain("content/careers.yaml");
    expect(message).toMatch(
      /benefits › #1 \("Competitive Pay"\) › icon: "rocket" is not one of the choices\. Fix: use one of: droplets, home, .*dollar-sign/,
    );
  });

  it("with two services in the same place: names both files and the field", () => {
    const taken = /^order: (\d+)$/m.exec(
      readFileSync(path.join(defaultContentDir(), "services/pressure-washing.md"), "utf8"),
    )?.[1];
    const dir = contentWith("services/roof-cleaning.md", (text) => text.replace(/^order: \d+$/m, `order: ${taken}`));
    const message = messageOf(() => loadCollection("services", dir));
    expect(message).toMatch(/content\/services\/(roof-cleaning|pressure-washing)\.md/);
    expect(message).toMatch(
      new RegExp(
        `order: ${taken} is also the order of content/services/(roof-cleaning|pressure-washing)\\.md\\. Fix: give each file its own order number`,
      ),
    );
  });

  it("with too few intro paragraphs below the front matter: counts paragraphs, not list items", () => {
    const dir = contentWith("cities/kuna.md", (text) =>
      text.replace(/\n---\n[\s\S]*$/, "\n---\n\nOne paragraph only.\n"),
    );
    const message = messageOf(() => loadCollection("cities", dir));
    expect(message).toContain("content/cities/kuna.md");
    expect(message).toMatch(
      /the text below the front matter: has fewer than 2 paragraphs\. Fix: write at least 2 paragraphs, with an empty line between them/,
    );
  });

  it("loads the edited copy when it is valid: the order decides the list", () => {
    const first = loadCollection("services")[0]!.slug;
    const dir = contentWith(`services/${first}.md`, (text) => text.replace(/^order: \d+$/m, "order: 999"));
    const slugs = loadCollection("services", dir).map((s) => s.slug);
    expect(slugs.at(-1)).toBe(first);
    expect(slugs[0]).not.toBe(first);
  });
});
