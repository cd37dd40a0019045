import {
  about,
  business,
  careers,
  faq,
  home,
  locationsContent,
  serviceArea,
  services as serviceContent,
  testimonials,
} from "./content.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import type { Page } from "@playwright/test";
import { firstN, limits } from "../../app/lib/limits.ts";

const { services, fleetProcess, holidayFaq } = serviceContent;
const { locations } = locationsContent;
const { locationsExtendedAreas, aboutExtendedAreas } = serviceArea;

/** The JSON-LD blocks of the page, parsed. */
async function structuredData(page: Page): Promise<Record<string, any>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b));
}

const main = (page: Page) => page.getByRole("main");

test.describe("pages (content and counts)", () => {
  test.skip(({ isMobile }) => isMobile, "content is the same at every width; layout is covered elsewhere");

  // Counts and lists come from the content modules and app/lib/limits.ts: the owner's changes break no test.
  test("home: hero, the featured service cards, the reasons, the first cities as buttons, closing call to action", async ({
    page,
  }) => {
    await page.goto("/");
    const hero = page.getByRole("region", { name: /Pressure washing and exterior cleaning/ });
    await expect(hero.getByRole("link", { name: "Get Free Estimate" })).toHaveAttribute("href", "/contact");
    await expect(hero.getByRole("link", { name: `Call ${business.phone.display}` })).toHaveAttribute(
      "href",
      business.phone.href,
    );
    const cards = page.locator("#services article");
    const featured = home.featuredServices.map((f) => ({
      slug: f.slug,
      title: ("title" in f && f.title) || services.find((s) => s.slug === f.slug)!.title,
    }));
    await expect(cards.getByRole("heading")).toHaveText(featured.map((f) => f.title));
    await expect(cards.getByRole("link", { name: /Learn More/ })).toHaveCount(featured.length);
    for (const [i, f] of featured.entries())
      await expect(cards.nth(i).getByRole("link")).toHaveAttribute("href", `/services/${f.slug}`);
    await expect(page.locator("#why li h3")).toHaveText(about.whyChoose.map((w) => w.title));
    const cityLinks = page.locator("#areas ul a");
    const homeCities = firstN(locations, limits.homeCities);
    await expect(cityLinks).toHaveText(homeCities.map((l) => l.city));
    await expect(cityLinks.last()).toHaveAttribute("href", `/locations/pressure-washing-${homeCities.at(-1)!.slug}-id`);
    await expect(
      page
        .getByRole("region", { name: /Ready for a cleaner/ })
        .getByRole("link")
        .first(),
    ).toHaveAttribute("href", "/contact");
  });

  test("about: licensing, equipment, the testimonials with their stars, the primary and extended areas", async ({
    page,
  }) => {
    await page.goto("/about");
    const licensing = page.locator("#licensing");
    for (const claim of ["$1 Million", "Workers' Compensation", "Bonded", "Background-Checked", business.license])
      await expect(licensing).toContainText(claim);
    await expect(page.locator("#equipment h3")).toHaveText(about.equipment.map((e) => e.title));
    const reviews = page.locator("#reviews figure");
    await expect(reviews).toHaveCount(testimonials.testimonials.length);
    for (const [i, t] of testimonials.testimonials.entries()) {
      await expect(reviews.nth(i)).toContainText(t.name);
      await expect(reviews.nth(i).getByRole("img", { name: `${t.rating} out of 5 stars` })).toBeVisible();
    }
    const [primary, extended] = [
      page.locator("#areas ul").first().locator("li"),
      page.locator("#areas ul").nth(1).locator("li"),
    ];
    await expect(primary).toHaveText(firstN(locations, limits.primaryAreaCities).map((l) => l.city));
    await expect(extended).toHaveText(aboutExtendedAreas);
    await expect(page.locator("#areas")).toContainText(about.statewideTravel);
  });

  test("services index: a card per service and the Residential and Commercial lists derived from the categories", async ({
    page,
  }) => {
    await page.goto("/services");
    const cards = page.locator("#all article");
    await expect(cards).toHaveCount(services.length);
    for (const [i, s] of services.entries()) {
      await expect(cards.nth(i).getByRole("heading")).toHaveText(s.title);
      await expect(cards.nth(i)).toContainText(s.category.join(" & "));
      await expect(cards.nth(i)).toContainText(s.description);
      await expect(cards.nth(i).getByRole("link")).toHaveAttribute("href", `/services/${s.slug}`);
    }
    const list = (name: string) => page.getByRole("region", { name }).getByRole("link");
    await expect(list("Residential services")).toHaveText(
      services.filter((s) => (s.category as readonly string[]).includes("Residential")).map((s) => s.title),
    );
    await expect(list("Commercial services")).toHaveText(
      services.filter((s) => (s.category as readonly string[]).includes("Commercial")).map((s) => s.title),
    );
  });

  test("service pages: their own words, pressure method, and links to the roof, driveway and sidewalk pages", async ({
    page,
  }) => {
    const intros = new Set<string>();
    for (const s of services) {
      await page.goto(`/services/${s.slug}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(s.title);
      const intro = (await page.locator("#overview p").first().textContent()) ?? "";
      expect(intros.has(intro), `${s.slug} repeats another page's introduction`).toBe(false);
      intros.add(intro);
      await expect(page.locator("#overview")).toContainText("Pressure and method");
      await expect(page.locator("#surfaces li")).toHaveCount(s.page.surfaces.length);
    }
    await page.goto("/services/concrete-cleaning");
    await expect(page.locator('#overview a[href="/services/driveway-cleaning"]')).toHaveCount(1);
    await expect(page.locator('#overview a[href="/services/sidewalk-cleaning"]')).toHaveCount(1);
    await page.goto("/services/soft-washing");
    await expect(page.locator('#overview a[href="/services/roof-cleaning"]')).toHaveCount(1);
  });

  test("fleet page: the numbered process steps", async ({ page }) => {
    await page.goto("/services/fleet-cleaning");
    const steps = page.locator("#process li");
    await expect(steps).toHaveCount(fleetProcess.length);
    for (const [i, step] of fleetProcess.entries()) {
      await expect(steps.nth(i)).toContainText(String(i + 1));
      await expect(steps.nth(i).getByRole("heading")).toHaveText(`Step ${i + 1}: ${step.title}`);
      await expect(steps.nth(i)).toContainText(step.description);
    }
  });

  test("holiday page: FAQ items faq-1 … faq-N, October booking advice, Service structured data", async ({ page }) => {
    await page.goto("/services/holiday-light-installation");
    for (const [i, item] of holidayFaq.entries())
      await expect(page.locator(`#faq-${i + 1}`)).toContainText(item.question);
    await expect(page.locator('[id^="faq-"]')).toHaveCount(holidayFaq.length);
    await expect(main(page)).toContainText("October or early November");
    const service = (await structuredData(page)).find((d) => d["@type"] === "Service");
    expect(service).toMatchObject({ name: "Holiday Light Installation", provider: { name: business.name } });
  });

  test("locations index: a card per city with the first ZIP codes and +N more, the extended areas", async ({
    page,
  }) => {
    await page.goto("/locations");
    const cards = page.locator("#cities article");
    await expect(cards).toHaveCount(locations.length);
    for (const [i, l] of locations.entries()) {
      const card = cards.nth(i);
      await expect(card).toContainText(l.population);
      await expect(card).toContainText(l.avgResponse);
      await expect(card).toContainText(l.description);
      const chips = card.getByRole("list", { name: /ZIP codes/ }).getByRole("listitem");
      const more = l.zipCodes.length - limits.zipChips;
      await expect(chips).toHaveText([...firstN(l.zipCodes, limits.zipChips), ...(more > 0 ? [`+${more} more`] : [])]);
      await expect(card.getByRole("link")).toHaveAttribute("href", `/locations/pressure-washing-${l.slug}-id`);
    }
    await expect(page.locator("#extended li")).toHaveText(locationsExtendedAreas);
    await expect(page.locator("#local")).toContainText("Why choose a local company");
    await expect(main(page)).toContainText("service-area guarantee");
  });

  test("city pages: call, quote, map on request, services, neighbourhoods, reasons, closing actions, LocalBusiness data", async ({
    page,
  }) => {
    for (const l of locations) {
      await page.goto(`/locations/pressure-washing-${l.slug}-id`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(l.city);
      await expect(main(page).getByRole("link", { name: `Call ${business.phone.display}` })).toHaveAttribute(
        "href",
        business.phone.href,
      );
      const quote = `/contact?city=${encodeURIComponent(l.city)}`;
      await expect(main(page).getByRole("link", { name: "Get Free Quote", exact: true })).toHaveAttribute(
        "href",
        quote,
      );
      // The map is a preview until the visitor asks for it: no frame, no request to another host.
      await expect(page.locator("#map iframe")).toHaveCount(0);
      await expect(page.locator("#map figure")).toContainText(`Map preview: ${l.city}`);
      await expect(page.locator("#map").getByRole("button", { name: "Show map" })).toBeVisible();
      await expect(
        page.locator("#map").getByRole("link", { name: new RegExp(`Open ${l.city} in Google Maps`) }),
      ).toBeVisible();
      await expect(page.locator("#services li h3")).toHaveText(l.page.services.map((s) => `${s.name} in ${l.city}`));
      await expect(page.locator("#neighborhoods li")).toHaveText(l.page.neighborhoods);
      await expect(page.locator("#reasons li")).toHaveCount(l.page.reasons.length);
      await expect(main(page).getByRole("link", { name: "Schedule Service" })).toHaveAttribute("href", quote);
      await expect(main(page).getByRole("link", { name: "Contact Us Today" })).toHaveAttribute("href", "/contact");
      const data = (await structuredData(page)).find((d) => d["@type"] === "HomeAndConstructionBusiness");
      // The rating only once the owner confirmed it matches the Google Business Profile (launch-check lists it until then).
      if (business.rating.confirmed)
        expect(data!.aggregateRating).toEqual({
          "@type": "AggregateRating",
          ratingValue: business.rating.value,
          reviewCount: business.rating.count,
          bestRating: 5,
          worstRating: 1,
        });
      else expect(data!.aggregateRating).toBeUndefined();
      expect(data).toMatchObject({
        priceRange: business.priceRange,
        geo: { longitude: l.coordinates[0], latitude: l.coordinates[1] },
      });
      expect(data!.areaServed).toEqual(
        expect.arrayContaining([expect.objectContaining({ geoRadius: business.serviceRadiusMeters }), ...l.zipCodes]),
      );
    }
  });

  test("no two city pages share more than half of their body text", async ({ request }) => {
    const shingles = new Map<string, Set<string>>();
    for (const l of locations) {
      const html = await (await request.get(`/locations/pressure-washing-${l.slug}-id`)).text();
      const body = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)![1]!;
      const words = body
        .replace(/<[^>]+>/g, " ")
        .replaceAll(l.city, "CITY")
        .toLowerCase()
        .split(/\W+/)
        .filter(Boolean);
      const set = new Set<string>();
      for (let i = 0; i + 5 <= words.length; i++) set.add(words.slice(i, i + 5).join(" "));
      shingles.set(l.city, set);
    }
    const cities = [...shingles.keys()];
    for (let i = 0; i < cities.length; i++)
      for (let j = i + 1; j < cities.length; j++) {
        const a = shingles.get(cities[i]!)!;
        const b = shingles.get(cities[j]!)!;
        const shared = [...a].filter((s) => b.has(s)).length;
        expect(shared / Math.min(a.size, b.size), `${cities[i]} vs ${cities[j]}`).toBeLessThan(0.5);
      }
  });

  test("careers: open positions, the benefits, every job with every field, process, JobPosting data", async ({
    page,
  }) => {
    // The listings open on the day the site was built (the tests run on the day of the build).
    const open = careers.openJobs(careers.jobs, careers.businessDay(new Date()));
    await page.goto("/careers");
    await hydrated(page);
    await page.getByRole("link", { name: "View Open Positions" }).click();
    await expect(page).toHaveURL(/#positions$/);
    await expect(page.locator("#positions")).toBeInViewport();
    await expect(page.locator("#benefits li")).toHaveCount(careers.benefits.length);
    const jobs = page.locator("#positions article");
    await expect(jobs).toHaveCount(open.length);
    for (const [i, job] of open.entries()) {
      const card = jobs.nth(i);
      for (const value of [
        job.title,
        job.location,
        job.type,
        job.experience,
        job.salary,
        job.description,
        ...job.requirements,
        ...job.benefits,
      ])
        await expect(card).toContainText(value);
      await expect(card.getByRole("link", { name: /Apply Now/ })).toHaveAttribute(
        "href",
        `/careers/apply?position=${job.slug}`,
      );
    }
    await expect(page.getByRole("region", { name: "How we work" }).getByRole("listitem")).toHaveCount(
      careers.culture.length,
    );
    await expect(main(page).locator("figure blockquote")).toHaveCount(1);
    await expect(page.locator("#process li h3")).toHaveText(
      careers.applicationSteps.map((step, i) => `Step ${i + 1}: ${step.title}`),
    );
    const postings = (await structuredData(page)).filter((d) => d["@type"] === "JobPosting");
    expect(postings.map((p) => p.title)).toEqual(open.map((j) => j.title));
    for (const [i, job] of open.entries()) {
      expect(postings[i]).toMatchObject({
        datePosted: job.datePosted,
        validThrough: careers.endOfBusinessDay(job.validThrough),
        baseSalary: { currency: "USD", value: { minValue: job.pay.min, maxValue: job.pay.max, unitText: "HOUR" } },
      });
    }
  });

  test("privacy policy and terms are real pages with the required statements", async ({ page }) => {
    await page.goto("/privacy-policy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
    await expect(main(page)).toContainText(
      "will not be shared with third parties or affiliates for marketing or promotional purposes",
    );
    await expect(main(page)).toContainText(business.email);
    await page.goto("/terms-of-service");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
    await expect(main(page)).toContainText("satisfaction guarantee");
  });
});

test.describe("FAQ accordion", () => {
  test("every question of content/faq.yaml, one open at a time, the open one closes, FAQPage data, Still Have Questions", async ({
    page,
  }) => {
    await page.goto("/faq");
    await hydrated(page);
    const items = main(page).locator("details");
    await expect(items.locator("summary")).toHaveText(faq.map((q) => q.question));
    const summaries = items.locator("summary");
    await summaries.nth(0).click();
    await expect(items.nth(0)).toHaveAttribute("open", "");
    await summaries.nth(3).click();
    await expect(items.nth(3)).toHaveAttribute("open", "");
    await expect(main(page).locator("details[open]")).toHaveCount(1);
    await summaries.nth(3).click();
    await expect(main(page).locator("details[open]")).toHaveCount(0);
    const data = (await structuredData(page)).find((d) => d["@type"] === "FAQPage");
    expect(
      data!.mainEntity.map((q: { name: string; acceptedAnswer: { text: string } }) => [q.name, q.acceptedAnswer.text]),
    ).toEqual(faq.map((q) => [q.question, q.answer]));
    const still = page.getByRole("region", { name: "Still Have Questions?" });
    await expect(still.getByRole("link", { name: /Call/ })).toHaveAttribute("href", business.phone.href);
    await expect(still.getByRole("link", { name: "Get Free Quote" })).toHaveAttribute("href", "/contact");
    for (const q of faq) await expect(page.locator(`details#${q.id}`)).toContainText(q.answer);
    // The spec (2.11): the answers cover the extended cities it names, and say what the business facts say
    // about payment, pressure and job length.
    const text = ((await main(page).textContent()) ?? "").toLowerCase();
    const facts = [
      ...["McCall", "Emmett", "Middleton", "Parma"],
      ...business.payments.map((p) => p.replace(/s$/, "")),
      business.pressure.pressureWashing,
      business.pressure.softWashing,
      business.typicalJob,
    ];
    for (const fact of facts) expect(text, fact).toContain(fact.toLowerCase());
  });

  // Both before hydration: the keyboard model and the hash are the page's early script (app/lib/early-script.ts).
  test("Home, End and the arrow keys move between questions and wrap around", async ({ page }) => {
    await page.goto("/faq");
    const summaries = main(page).locator("summary");
    await summaries.first().focus();
    await page.keyboard.press("ArrowUp");
    await expect(summaries.last()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(summaries.first()).toBeFocused();
    await page.keyboard.press("End");
    await expect(summaries.last()).toBeFocused();
    await page.keyboard.press("Home");
    await expect(summaries.first()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(summaries.nth(1)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(main(page).locator("details").nth(1)).toHaveAttribute("open", "");
  });

  test("a URL hash opens that question and scrolls to it", async ({ page }) => {
    // A question far down the page.
    const target = faq.at(-1)!;
    await page.goto(`/faq#${target.id}`);
    const item = page.locator(`details#${target.id}`);
    await expect(item).toHaveAttribute("open", "");
    await expect(item).toBeInViewport();
  });
});

test.describe("contact page", () => {
  test.skip(({ isMobile }) => isMobile, "desktop is enough for the contact details");

  test("headquarters card, clipboard, hours, form fields and options, rush service, 24-hour promise", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await page.goto("/contact");
    await hydrated(page);
    const hq = page.getByRole("region", { name: "Headquarters" });
    const maps = hq.getByRole("link", { name: /Open in Google Maps/ });
    await expect(maps).toHaveAttribute("target", "_blank");
    await expect(maps).toHaveAttribute("rel", "noopener noreferrer");
    await expect(maps).toHaveAttribute("href", business.mapsUrl);
    await hq.getByRole("button", { name: "Copy address" }).click();
    await expect(hq.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${business.headquarters.display}\n${business.mapsUrl}`,
    );
    for (const h of business.hours)
      await expect(page.getByRole("region", { name: "Business hours" })).toContainText(h.display);
    await expect(main(page)).toContainText("within 24 hours");
    await expect(page.getByRole("region", { name: /Emergency and rush/ }).getByRole("link")).toHaveAttribute(
      "href",
      business.phone.href,
    );
    const form = page.locator("#contact-form");
    for (const name of ["First name", "Last name", "Email", "Phone", "City", "ZIP code"])
      await expect(form.getByRole("textbox", { name, exact: true })).toHaveAttribute("required", "");
    await expect(form.getByRole("group", { name: /Service type/ }).getByRole("radio")).toHaveCount(2);
    await expect(form.getByRole("group", { name: "Services needed" }).getByRole("checkbox")).toHaveCount(7);
    await expect(form.getByRole("group", { name: "Preferred contact method" }).getByRole("radio")).toHaveCount(3);
    await expect(form.getByRole("textbox", { name: "Project details" })).not.toHaveAttribute("required", "");
  });

  test("a clipboard failure is ignored", async ({ page }) => {
    await page.goto("/contact");
    await hydrated(page);
    await page.evaluate(() =>
      Object.defineProperty(navigator, "clipboard", {
        value: { writeText: () => Promise.reject(new Error("denied")) },
      }),
    );
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.getByRole("button", { name: "Copy address" }).click();
    await expect(page.getByRole("button", { name: "Copy address" })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
