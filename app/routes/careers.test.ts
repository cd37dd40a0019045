import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parse as parseYaml } from "yaml";
import { businessDay, endOfBusinessDay, expiredJobs, jobs, openJobs } from "../content/careers.ts";
import { jobSchema } from "../content/schema.ts";
import { loader, meta } from "./careers.tsx";

const JOBS_DIR = path.resolve(import.meta.dirname, "../../content/jobs");
/** Each listing's file as written: what the owner typed, before any code read it. */
const files = readdirSync(JOBS_DIR)
  .filter((name) => name.endsWith(".yaml"))
  .map((name) => ({
    slug: name.slice(0, -5),
    data: parseYaml(readFileSync(path.join(JOBS_DIR, name), "utf8")) as Record<string, unknown>,
  }));

type Posting = Record<string, unknown> & { "@type": string };
function postings(): Posting[] {
  const loaderData = loader();
  const tags = meta({ loaderData } as unknown as Parameters<typeof meta>[0]) as { "script:ld+json"?: Posting }[];
  return tags.flatMap((tag) => (tag["script:ld+json"]?.["@type"] === "JobPosting" ? [tag["script:ld+json"]] : []));
}

afterEach(() => vi.useRealTimers());

describe("job postings: the dates search engines are given", () => {
  it("each JobPosting carries its listing's own posting date and last day, whatever day the site is built", () => {
    // 10 PM in Boise on the 25th is already the 26th in UTC; then a build weeks later.
    for (const buildTime of ["2026-11-26T05:00:00Z", "2026-12-20T18:00:00Z"]) {
      vi.useFakeTimers({ now: new Date(buildTime), toFake: ["Date"] });
      const found = postings();
      expect(found.length, `postings built at ${buildTime}`).toBeGreaterThan(0);
      for (const posting of found) {
        const file = files.find((f) => f.data.title === posting.title);
        expect(file, `the file of ${String(posting.title)}`).toBeDefined();
        expect(posting.datePosted).toBe(file!.data.datePosted);
        expect(posting.validThrough).toBe(endOfBusinessDay(String(file!.data.validThrough)));
      }
      vi.useRealTimers();
    }
  });

  it("leaves an expired listing off the page and its JobPosting data, its last day included", () => {
    const last = [...jobs].sort((a, b) => a.validThrough.localeCompare(b.validThrough))[0]!;
    const dayAfter = new Date(`${last.validThrough}T12:00:00Z`);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
    // The evening of its last day in Boise (already the next day in UTC): still open.
    vi.useFakeTimers({ now: new Date(`${dayAfter.toISOString().slice(0, 10)}T05:30:00Z`), toFake: ["Date"] });
    expect(loader().jobs.map((j) => j.slug)).toContain(last.slug);
    expect(postings().map((p) => p.title)).toContain(last.title);
    // The next morning in Boise: gone from both.
    vi.setSystemTime(new Date(`${dayAfter.toISOString().slice(0, 10)}T16:00:00Z`));
    expect(loader().jobs.map((j) => j.slug)).not.toContain(last.slug);
    expect(postings().map((p) => p.title)).not.toContain(last.title);
  });

  it("the business's day is Boise's calendar day, not UTC's, and a last day ends at midnight in Boise (MST or MDT)", () => {
    expect(businessDay(new Date("2026-11-26T05:00:00Z"))).toBe("2026-11-25");
    expect(businessDay(new Date("2026-11-26T07:00:00Z"))).toBe("2026-11-26");
    expect(endOfBusinessDay("2027-01-31")).toBe("2027-01-31T23:59:59-07:00");
    expect(endOfBusinessDay("2027-07-31")).toBe("2027-07-31T23:59:59-06:00");
    const listings = [{ validThrough: "2026-11-25" }, { validThrough: "2026-11-26" }];
    expect(openJobs(listings, "2026-11-26")).toEqual([{ validThrough: "2026-11-26" }]);
    expect(expiredJobs(listings, "2026-11-26")).toEqual([{ validThrough: "2026-11-25" }]);
  });

  it("every listing file names both dates; a missing, impossible or reversed date is refused", () => {
    for (const { slug, data } of files) {
      expect(data.datePosted, `${slug}: datePosted`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(data.validThrough, `${slug}: validThrough`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const { slug, data } = files[0]!;
    const check = (edit: Record<string, unknown>) => jobSchema.safeParse({ ...data, slug, ...edit }).success;
    expect(check({})).toBe(true);
    expect(check({ datePosted: undefined })).toBe(false);
    expect(check({ validThrough: undefined })).toBe(false);
    expect(check({ datePosted: "2026-02-30" })).toBe(false);
    expect(check({ datePosted: "10/05/2026" })).toBe(false);
    expect(check({ datePosted: "2026-11-10", validThrough: "2026-11-09" })).toBe(false);
  });
});
