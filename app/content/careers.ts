/**
 * Careers page content: the job listings (content/jobs/{slug}.yaml, in their `order`) and the benefits,
 * culture and application steps (content/careers.yaml). Each job's Apply Now button leads to the
 * application form at /careers/apply?position={slug} (decision 010).
 *
 * A listing is open from its datePosted through its validThrough, both calendar days in the business's time
 * zone. Search engines must not be shown an expired posting: the Careers page and its JobPosting data list
 * the open ones only (as of the day the site is built), and `npm run launch-check` names the expired ones.
 */
import type { Job } from "./schema.ts";
import { business } from "./business.ts";

export { jobs } from "./modules/jobs.ts";
export { applicationSteps, benefits, culture } from "./modules/careers.ts";

/** The calendar day (YYYY-MM-DD) an instant falls on in the business's time zone (Boise), not in UTC. */
export function businessDay(at: Date, timeZone: string = business.timeZone): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/**
 * The last moment of a calendar day in the business's time zone, with its UTC offset as on that day (MST or
 * MDT): "2027-03-31" → "2027-03-31T23:59:59-06:00". A posting's validThrough, so its last day is included.
 */
export function endOfBusinessDay(day: string, timeZone: string = business.timeZone): string {
  const noon = new Date(`${day}T12:00:00Z`);
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
    .formatToParts(noon)
    .find((p) => p.type === "timeZoneName")!.value;
  const offset = name === "GMT" ? "+00:00" : name.slice(3);
  return `${day}T23:59:59${offset}`;
}

/** The listings still open on `today` (its last day included). */
export const openJobs = <J extends Pick<Job, "validThrough">>(list: readonly J[], today: string): J[] =>
  list.filter((job) => job.validThrough >= today);

/** The listings whose last day is before `today`. */
export const expiredJobs = <J extends Pick<Job, "validThrough">>(list: readonly J[], today: string): J[] =>
  list.filter((job) => job.validThrough < today);
