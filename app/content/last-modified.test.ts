import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sitePaths } from "../lib/pages.ts";
import { collectionSlugs } from "./build-time/load.server.ts";
import { commitDates, contentOf, lastChanged } from "./last-modified.server.ts";

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A git repository whose content folder got two commits at given times. */
function repository(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "gs-lastmod-"));
  dirs.push(dir);
  const git = (args: string[], date?: string) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.test", ...args], {
      cwd: dir,
      env: { ...process.env, ...(date ? { GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date } : {}) },
      stdio: "ignore",
    });
  git(["init", "-q"]);
  mkdirSync(path.join(dir, "content/services"), { recursive: true });
  writeFileSync(path.join(dir, "content/faq.yaml"), "a\n");
  writeFileSync(path.join(dir, "content/services/roof-cleaning.md"), "a\n");
  writeFileSync(path.join(dir, "content/services/_README.md"), "a\n");
  git(["add", "."]);
  git(["commit", "-q", "-m", "first"], "2026-03-01T10:00:00-07:00");
  writeFileSync(path.join(dir, "content/services/roof-cleaning.md"), "b\n");
  writeFileSync(path.join(dir, "content/services/_README.md"), "b\n");
  git(["commit", "-q", "-am", "second"], "2026-06-15T09:30:00-06:00");
  return path.join(dir, "content");
}

describe("the sitemap's <lastmod>", () => {
  it("is the time of the last commit that changed a page's content files, not the time of the build", () => {
    const dates = commitDates(repository());
    expect(Date.parse(lastChanged(["faq.yaml"], dates)!)).toBe(Date.parse("2026-03-01T10:00:00-07:00"));
    expect(Date.parse(lastChanged(["services/roof-cleaning.md"], dates)!)).toBe(
      Date.parse("2026-06-15T09:30:00-06:00"),
    );
    // A folder: its newest file; editors' notes (_README.md) count for no page.
    expect(Date.parse(lastChanged(["faq.yaml", "services/"], dates)!)).toBe(Date.parse("2026-06-15T09:30:00-06:00"));
    expect(lastChanged(["about.yaml"], dates)).toBeUndefined();
  });

  it("is left out, not invented, without the git history", () => {
    const copy = mkdtempSync(path.join(tmpdir(), "gs-lastmod-copy-"));
    dirs.push(copy);
    expect(commitDates(copy).size).toBe(0);
  });

  it("knows the content files of every page of the sitemap", () => {
    for (const page of sitePaths(collectionSlugs("blog")).filter((p) => !p.startsWith("/blog/"))) {
      expect(contentOf(page), page).toBeDefined();
    }
  });
});
