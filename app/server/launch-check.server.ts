/**
 * The placeholders the site ships with, which the owner replaces before launch: one list of rules, read by
 * `npm run launch-check` (scripts/launch-check.ts, exit 1 while any is left) and by the production server,
 * which logs each as a warning at start. The content (content/*.yaml) is read through its modules (app/content/*).
 */
import { business } from "../content/business.ts";
import { businessDay, expiredJobs, jobs } from "../content/careers.ts";
import { priceBook } from "../content/price-book.ts";

export interface Placeholder {
  /** The file or setting that holds it. */
  where: string;
  what: string;
  /** What the owner does about it. */
  fix: string;
}

export interface LaunchContent {
  business: {
    phone: { e164: string; display: string };
    license: string;
    social: readonly { name: string; href: string }[];
    rating: { value: number; count: number; confirmed: boolean };
  };
  priceBook: { confirmed: boolean };
  jobs: readonly { slug: string; title: string; validThrough: string }[];
  /** Today in the business's time zone (YYYY-MM-DD): a job listing whose last day is before it has expired. */
  today: string;
}

/** 555-0100 to 555-0199 are reserved for fiction in every North American area code: never a real line. */
const fictionalPhone = (e164: string) => /^\+1\d{3}55501\d{2}$/.test(e164);

/** A social link to a network's front page (facebook.com/, google.com/maps) names no profile. */
function namesNoProfile(href: string): boolean {
  try {
    const url = new URL(href);
    return url.search === "" && url.hash === "" && ["", "/maps"].includes(url.pathname.replace(/\/+$/, ""));
  } catch {
    return true;
  }
}

/** Every placeholder still in the content and the settings (`env`: the process's environment, unparsed). */
export function launchPlaceholders(
  env: Record<string, string | undefined>,
  content: LaunchContent = { business, priceBook, jobs, today: businessDay(new Date()) },
): Placeholder[] {
  const found: Placeholder[] = [];
  const set = (name: string) => (env[name] ?? "").trim() !== "";
  if (!content.priceBook.confirmed) {
    found.push({
      where: "content/price-book.yaml",
      what: "the price book holds placeholder prices (confirmed: false): public US ranges, not this company's",
      fix: "put in your own rates and minimums, then set confirmed: true",
    });
  }
  if (/placeholder/i.test(content.business.license)) {
    found.push({
      where: "content/business.yaml (license)",
      what: `the license number is a placeholder: "${content.business.license}"`,
      fix: "write your Idaho contractor registration number",
    });
  }
  if (fictionalPhone(content.business.phone.e164)) {
    found.push({
      where: "content/business.yaml (phone)",
      what: `the phone number ${content.business.phone.display} is a 555-01xx number, reserved for fiction`,
      fix: "write the business's own number, in the form (208) 000-0000",
    });
  }
  for (const link of content.business.social) {
    if (namesNoProfile(link.href)) {
      found.push({
        where: "content/business.yaml (social)",
        what: `the ${link.name} link (${link.href}) is a placeholder: it names no profile`,
        fix: "link your own profile's address, or remove the entry",
      });
    }
  }
  if (!content.business.rating.confirmed) {
    const { value, count } = content.business.rating;
    found.push({
      where: "content/business.yaml (rating)",
      what: `the rating ${value} from ${count} reviews is not confirmed (confirmed: false), so search engines are not given it`,
      fix: "write the average and the number of reviews your Google Business Profile shows, then set confirmed: true (or leave it unconfirmed: a rating is published only when it is real)",
    });
  }
  for (const job of expiredJobs(content.jobs, content.today)) {
    found.push({
      where: `content/jobs/${job.slug}.yaml (validThrough)`,
      what: `the job listing "${job.title}" expired after ${job.validThrough}: it is left off the Careers page and search engines at the next build`,
      fix: "set a new last day (validThrough) if the job is still open, or delete the listing, then build and deploy the site",
    });
  }
  if (!set("SITE_URL")) {
    found.push({
      where: "SITE_URL (setting)",
      what: "SITE_URL is not set: the default address is used",
      fix: "set SITE_URL to the site's https:// address, the same for `npm run build` and the server",
    });
  }
  if (!set("SMTP_URL") || env.MAIL_TRANSPORT?.trim() === "files") {
    found.push({
      where: "SMTP_URL / MAIL_TRANSPORT (settings)",
      what: "no SMTP server: the owner's e-mails are not sent",
      fix: "set SMTP_URL to your mail provider's smtps:// address and leave MAIL_TRANSPORT unset",
    });
  }
  return found;
}

/** The list as the owner reads it: one line per placeholder, with where it is and what to do. */
export function formatPlaceholders(found: Placeholder[]): string {
  return found.map((p) => `- ${p.where}: ${p.what}.\n  To do: ${p.fix}.`).join("\n");
}
