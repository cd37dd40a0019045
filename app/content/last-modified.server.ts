/**
 * When each page's content last changed, for the sitemap's <lastmod> (Google uses it only when it is honest:
 * a value that is always the build's "now" is ignored). A blog post's is its own date (updated, else
 * published); any other page's is the date of the last commit that changed the content files it shows (git,
 * read once at build time). A change of the code or of the footer's business details is not a change of a
 * page's content. Without the git history (a copy of the files), a page other than a post gets no <lastmod>,
 * which the sitemap format allows, rather than a made-up one.
 */
import { execFileSync } from "node:child_process";
import { defaultContentDir } from "./build-time/load.server.ts";

/** Each content file (relative to the content folder) with the ISO 8601 time of the last commit that changed it. */
export function commitDates(contentDir = defaultContentDir()): Map<string, string> {
  const dates = new Map<string, string>();
  let log: string;
  try {
    log = execFileSync("git", ["log", "--format=%x00%cI", "--name-only", "--relative", "--no-renames", "--", "."], {
      cwd: contentDir,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch {
    return dates;
  }
  // Newest commit first: the first date seen for a file is its last change.
  for (const commit of log.split("\0").slice(1)) {
    const [date, ...files] = commit.split("\n").map((line) => line.trim());
    for (const file of files) if (file && !dates.has(file)) dates.set(file, date!);
  }
  return dates;
}

/**
 * The content files (or folders, ending in "/") each page shows, by path; a service's, city's or post's page
 * by its own file. Undefined for a path this list does not know.
 */
export function contentOf(pagePath: string): string[] | undefined {
  const own = /^\/services\/([a-z0-9-]+)$/.exec(pagePath);
  if (own) return [`services/${own[1]}.md`, "gallery/"];
  const city = /^\/locations\/pressure-washing-([a-z0-9-]+)-id$/.exec(pagePath);
  if (city) return [`cities/${city[1]}.md`];
  return (
    {
      "/": ["home.yaml", "services/", "cities/", "about.yaml"],
      "/about": ["about.yaml", "testimonials.yaml", "service-area.yaml", "cities/"],
      "/services": ["services/"],
      "/locations": ["cities/", "service-area.yaml"],
      "/blog": ["blog/"],
      "/careers": ["careers.yaml", "jobs/", "testimonials.yaml"],
      "/careers/apply": ["jobs/"],
      "/faq": ["faq.yaml"],
      "/contact": ["business.yaml"],
      "/pricing": ["price-book.yaml"],
      "/privacy-policy": ["legal/privacy-policy.md"],
      "/terms-of-service": ["legal/terms-of-service.md"],
      "/gallery": ["gallery/"],
    } as Record<string, string[]>
  )[pagePath];
}

/** The newest of the dates of `files` (a folder: every file in it); undefined when none has one. */
export function lastChanged(files: readonly string[], dates: ReadonlyMap<string, string>): string | undefined {
  let newest: string | undefined;
  for (const [file, date] of dates) {
    // A folder's notes for editors (_README.md) are not shown on any page.
    const shown = !file.split("/").pop()!.startsWith("_");
    if (!shown || !files.some((f) => (f.endsWith("/") ? file.startsWith(f) : file === f))) continue;
    if (!newest || Date.parse(date) > Date.parse(newest)) newest = date;
  }
  return newest;
}
