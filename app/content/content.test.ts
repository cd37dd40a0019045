/**
 * Rules every content collection keeps, whatever the owner writes: each loads and validates, slugs and
 * orders are unique, whatever names a service or an icon names one that exists, and every place that
 * shows the first N of a list (app/lib/limits.ts) has N to show. No test here pins today's entries.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Icon } from "../components/icon.tsx";
import { limits } from "../lib/limits.ts";
import { equipment, whyChoose } from "./about.ts";
import { business } from "./business.ts";
import { benefits, jobs } from "./careers.ts";
import { type CollectionName, collections } from "./collections.ts";
import { faq } from "./faq.ts";
import { featuredServices } from "./home.ts";
import { loadCollection } from "./build-time/load.server.ts";
import { locations } from "./locations.ts";
import { priceBook } from "./price-book.ts";
import { iconName } from "./schema.ts";
import { aboutExtendedAreas, extendedAreaZips, locationsExtendedAreas } from "./service-area.ts";
import { services } from "./services.ts";
import { employeeTestimonial, testimonials } from "./testimonials.ts";

const names = Object.keys(collections) as CollectionName[];
const unique = (list: readonly unknown[]) => new Set(list).size === list.length;

describe("content collections", () => {
  /** Collections the site shows nothing of until the owner adds an entry (the site ships no stock photos: a photo shows a real job, or there is none). */
  const mayBeEmpty: readonly CollectionName[] = ["gallery"];
  it.each(names)("%s loads and validates", (name) => {
    const data = loadCollection(name);
    if (mayBeEmpty.includes(name)) return;
    if (Array.isArray(data)) expect(data.length, `${name} has at least one entry`).toBeGreaterThan(0);
    else expect(Object.keys(data).length).toBeGreaterThan(0);
  });

  it("give each entry its own slug, order and name", () => {
    for (const list of [services, locations, jobs]) {
      expect(unique(list.map((entry) => entry.slug))).toBe(true);
      expect(unique(list.map((entry) => entry.order))).toBe(true);
    }
    expect(unique(services.map((s) => s.title))).toBe(true);
    expect(unique(locations.map((l) => l.city))).toBe(true);
    expect(unique(jobs.map((j) => j.title))).toBe(true);
    expect(unique(faq.map((q) => q.id))).toBe(true);
  });

  it("list services, cities and jobs by their order (the navigation follows it)", () => {
    for (const list of [services, locations, jobs]) {
      const orders = list.map((entry) => entry.order);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
    }
  });

  it("have enough entries for every place that shows the first few (app/lib/limits.ts)", () => {
    expect(services.length).toBeGreaterThanOrEqual(Math.max(limits.mobileMenuServices, limits.footerServices));
    expect(locations.length).toBeGreaterThanOrEqual(
      Math.max(limits.mobileMenuLocations, limits.footerCities, limits.homeCities, limits.primaryAreaCities),
    );
    expect(faq.length).toBeGreaterThan(0);
    expect(jobs.length).toBeGreaterThan(0);
    expect(testimonials.length).toBeGreaterThan(0);
    expect(employeeTestimonial.text.trim()).not.toBe("");
  });

  it("name only services that exist: the price book and the home page's cards", () => {
    const slugs = new Set(services.map((s) => s.slug));
    for (const slug of [...Object.keys(priceBook.services), ...Object.keys(priceBook.callback)])
      expect(slugs, `price book: ${slug}`).toContain(slug);
    for (const { slug } of featuredServices) expect(slugs, `home.yaml: ${slug}`).toContain(slug);
  });

  it("give the fleet and holiday pages the parts only they show", () => {
    const bySlug = (slug: string) => services.find((s) => s.slug === slug);
    expect(bySlug("fleet-cleaning")?.fleetProcess?.length).toBeGreaterThan(0);
    expect(bySlug("holiday-light-installation")?.holidayFaq?.length).toBeGreaterThan(0);
  });

  it("name icons the site can draw", () => {
    const used = [
      ...services.map((s) => s.icon),
      ...benefits.map((b) => b.icon),
      ...equipment.map((e) => e.icon),
      ...whyChoose.map((w) => w.icon),
    ];
    for (const name of new Set([...iconName.options, ...used])) {
      expect(iconName.options, name).toContain(name);
      expect(renderToStaticMarkup(createElement(Icon, { name })), name).toMatch(
        /^<svg[^>]*aria-hidden="true"[\s\S]*<\/svg>$/,
      );
    }
  });

  it("give every city an Idaho ZIP code, and the extended towns theirs", () => {
    for (const l of locations) {
      expect(l.zipCodes.length, l.city).toBeGreaterThan(0);
      for (const zip of l.zipCodes) expect(zip, l.city).toMatch(/^83[2-8]\d\d$/);
    }
    for (const [town, zips] of Object.entries(extendedAreaZips)) expect(zips.length, town).toBeGreaterThan(0);
    for (const town of Object.keys(extendedAreaZips)) {
      expect(aboutExtendedAreas).toContain(town);
      expect(locationsExtendedAreas).toContain(town);
    }
  });

  it("make the phone's link forms and the hours as shown from one field each", () => {
    const digits = business.phone.e164.slice(2);
    expect(business.phone.e164).toMatch(/^\+1\d{10}$/);
    expect(business.phone).toEqual({
      display: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
      href: `tel:${business.phone.e164}`,
      e164: business.phone.e164,
    });
    const twelveHour = (time: string) =>
      new Date(`2026-01-01T${time}:00Z`).toLocaleTimeString("en-US", {
        hour: "numeric",
        minute: "2-digit",
        timeZone: "UTC",
      });
    for (const h of business.hours)
      expect(h.display.replace(/\u202f/g, " ")).toBe(
        `${twelveHour(h.opens)} – ${twelveHour(h.closes)}`.replace(/\u202f/g, " "),
      );
    expect(business.headquarters.display).toBe(
      `${business.headquarters.city}, ${business.headquarters.state} ${business.headquarters.zip}`,
    );
  });

  it("fill every placeholder and never write the phone number or e-mail into page copy", () => {
    const copy = JSON.stringify([
      services,
      locations,
      faq,
      jobs,
      testimonials,
      employeeTestimonial,
      whyChoose,
      equipment,
      loadCollection("about"),
      loadCollection("careers"),
    ]);
    expect(JSON.stringify(whyChoose)).not.toMatch(/\{\{\w+\}\}/);
    expect(copy).not.toContain(business.phone.display.slice(-8));
    expect(copy).not.toContain(business.email);
  });
});
