import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { launchPlaceholders } from "../app/server/launch-check.server.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
/** The files `npm run launch-check` reads: the script, its rules and the content modules they import. */
const FILES = [
  "package.json",
  "scripts/launch-check.ts",
  "app/server/launch-check.server.ts",
  "app/content",
  "app/lib/paths.ts",
  "app/lib/zod.ts",
  "content",
];
const PRODUCTION = {
  SITE_URL: "https://www.example-cleaning.test",
  SMTP_URL: "smtps://website:secret@smtp.example-mail.test:465",
};

/** Runs the launch check in `cwd` with only the given settings; its exit code and output. */
async function launchCheck(cwd: string, env: Record<string, string>) {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ["scripts/launch-check.ts"], {
      cwd,
      env: { PATH: process.env.PATH, ...env },
    });
    return { code: 0, output: stdout };
  } catch (err) {
    const { code, stdout } = err as { code: number; stdout: string };
    return { code, output: stdout };
  }
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of the files the check reads, each edited by `edit` (which must change it). */
function copyWith(edits: Record<string, (text: string) => string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "gs-launch-"));
  dirs.push(dir);
  for (const file of FILES) cpSync(path.join(ROOT, file), path.join(dir, file), { recursive: true });
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  for (const [file, edit] of Object.entries(edits)) {
    const before = readFileSync(path.join(dir, file), "utf8");
    const after = edit(before);
    expect(after, `${file} was edited`).not.toBe(before);
    writeFileSync(path.join(dir, file), after);
  }
  return dir;
}

describe("npm run launch-check", () => {
  it("exits 0 on a copy whose placeholders are replaced, with production settings", async () => {
    // Job listings open for a long while yet (the shipped ones' last days pass as the calendar moves on).
    const openListings = Object.fromEntries(
      readdirSync(path.join(ROOT, "content/jobs"))
        .filter((name) => name.endsWith(".yaml"))
        .map((name) => [
          `content/jobs/${name}`,
          (text: string) => text.replace(/^validThrough: .*$/m, "validThrough: 2999-12-31"),
        ]),
    );
    const copy = copyWith({
      ...openListings,
      "content/price-book.yaml": (text) => text.replace(/^confirmed: false$/m, "confirmed: true"),
      "content/business.yaml": (text) =>
        text
          .replace(/^license: .*$/m, 'license: "Idaho Contractor Registration #RCE-12345"')
          .replace(/^phone: .*$/m, "phone: (208) 344-2710")
          .replace(
            /^social:\n(?: {2}.*\n)+/m,
            "social:\n  - name: Facebook\n    href: https://www.facebook.com/gemstatecleaning\n  - name: Google Business Profile\n    href: https://g.page/r/gemstate\n",
          )
          .replace(/^ {2}confirmed: false$/m, "  confirmed: true"),
    });
    const { code, output } = await launchCheck(copy, PRODUCTION);
    expect(output).toContain("no placeholders left");
    expect(code).toBe(0);
  });

  it("exits 1 and lists each placeholder of the content as shipped, with the file or setting and what to do", async () => {
    const copy = copyWith({});
    const { code, output } = await launchCheck(copy, {});
    expect(code).toBe(1);
    const expected = launchPlaceholders({});
    // Each rule the shipped content still breaks, and the two settings.
    expect(expected.map((p) => p.where)).toEqual(
      expect.arrayContaining(["SITE_URL (setting)", "SMTP_URL / MAIL_TRANSPORT (settings)"]),
    );
    for (const p of expected) expect(output).toContain(`- ${p.where}: ${p.what}.\n  To do: ${p.fix}.`);
  });

  it("lists an unconfirmed rating, and a job listing whose last day has passed, each with what to do", async () => {
    const copy = copyWith({
      "content/jobs/pressure-washing-technician.yaml": (text) =>
        text
          .replace(/^datePosted: .*$/m, "datePosted: 2020-01-06")
          .replace(/^validThrough: .*$/m, "validThrough: 2020-03-31"),
    });
    const { code, output } = await launchCheck(copy, PRODUCTION);
    expect(code).toBe(1);
    expect(output).toMatch(
      /- content\/business\.yaml \(rating\): the rating [\d.]+ from \d+ reviews is not confirmed.*\n {2}To do: .*Google Business Profile.*confirmed: true/,
    );
    expect(output).toMatch(
      /- content\/jobs\/pressure-washing-technician\.yaml \(validThrough\): the job listing "Pressure Washing Technician" expired after 2020-03-31.*\n {2}To do: /,
    );
  });

  it("names a setting that is still missing even when the content is ready, and MAIL_TRANSPORT=files as no SMTP", async () => {
    const copy = copyWith({});
    const settings = (await launchCheck(copy, { ...PRODUCTION, MAIL_TRANSPORT: "files" })).output;
    expect(settings).toContain("SMTP_URL / MAIL_TRANSPORT (settings): no SMTP server");
    expect(settings).not.toContain("SITE_URL (setting)");
  });
});

describe("the placeholder rules", () => {
  const ready = {
    business: {
      phone: { e164: "+12083442710", display: "(208) 344-2710" },
      license: "RCE-12345",
      social: [{ name: "Instagram", href: "https://www.instagram.com/gemstate/" }],
      rating: { value: 4.8, count: 31, confirmed: true },
    },
    priceBook: { confirmed: true },
    jobs: [{ slug: "crew-lead", title: "Crew Lead", validThrough: "2026-11-26" }],
    today: "2026-11-26",
  };

  it("find nothing in finished content with production settings", () => {
    expect(launchPlaceholders(PRODUCTION, ready)).toEqual([]);
  });

  it("find each kind of placeholder", () => {
    const where = (content: typeof ready) => launchPlaceholders(PRODUCTION, content).map((p) => p.where);
    expect(where({ ...ready, priceBook: { confirmed: false } })).toEqual(["content/price-book.yaml"]);
    expect(where({ ...ready, business: { ...ready.business, license: "#RCE-PLACEHOLDER" } })).toEqual([
      "content/business.yaml (license)",
    ]);
    for (const e164 of ["+12085550100", "+19865550199"])
      expect(where({ ...ready, business: { ...ready.business, phone: { e164, display: "" } } })).toEqual([
        "content/business.yaml (phone)",
      ]);
    expect(where({ ...ready, business: { ...ready.business, phone: { e164: "+12085550200", display: "" } } })).toEqual(
      [],
    );
    expect(
      where({ ...ready, business: { ...ready.business, rating: { ...ready.business.rating, confirmed: false } } }),
    ).toEqual(["content/business.yaml (rating)"]);
    // The day after its last day, in the business's calendar.
    expect(where({ ...ready, today: "2026-11-27" })).toEqual(["content/jobs/crew-lead.yaml (validThrough)"]);
    for (const href of ["https://www.facebook.com/", "https://www.google.com/maps", "not a url"]) {
      expect(where({ ...ready, business: { ...ready.business, social: [{ name: "x", href }] } })).toEqual([
        "content/business.yaml (social)",
      ]);
    }
  });
});
