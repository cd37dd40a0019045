import { describe, expect, it } from "vitest";
import { z } from "zod";
import { credentials, equipment, whyChoose } from "./about.ts";
import { business } from "./business.ts";
import { applicationSteps, benefits, jobs } from "./careers.ts";
import { faq } from "./faq.ts";
import { featuredServices } from "./home.ts";
import { aboutExtendedAreas, locations, locationsExtendedAreas } from "./locations.ts";
import { faqItemSchema, iconName, jobSchema, locationSchema, serviceSchema, step, testimonialSchema } from "./schema.ts";
import { fleetProcess, holidayFaq, services } from "./services.ts";
import { employeeTestimonial, testimonials } from "./testimonials.ts";

/** Every content module, parsed with its schema: a malformed record fails here, before it ships. */
describe("content", () => {
  it("has the twelve services, in the navigation's order", () => {
    const parsed = z.array(serviceSchema).parse(services);
    expect(parsed.map((s) => s.slug)).toEqual([
      "pressure-washing",
      "house-washing",
      "soft-washing",
      "concrete-cleaning",
      "fleet-cleaning",
      "driveway-cleaning",
      "sidewalk-cleaning",
      "fence-deck-cleaning",
      "roof-cleaning",
      "gutter-cleaning",
      "commercial-pressure-washing",
      "holiday-light-installation",
    ]);
    expect(new Set(parsed.map((s) => s.title)).size).toBe(12);
  });

  it("has the twelve cities with their response times and coordinates", () => {
    const parsed = z.array(locationSchema).parse(locations);
    expect(parsed.map((l) => l.slug)).toEqual(["boise", "meridian", "eagle", "caldwell", "nampa", "kuna", "star", "garden-city", "emmett", "mccall", "middleton", "parma"]);
    const response = Object.fromEntries(parsed.map((l) => [l.city, l.avgResponse]));
    for (const city of ["Boise", "Meridian", "Eagle", "Garden City", "Star"]) expect(response[city]).toBe("Same Day");
    for (const city of ["Caldwell", "Nampa", "Kuna", "Emmett", "Middleton"]) expect(response[city]).toBe("Next Day");
    for (const city of ["McCall", "Parma"]) expect(response[city]).toBe("By Appointment");
    // The ZIP codes the company gave for Boise and Meridian are there (more may be added); every ZIP is
    // an Idaho one, listed once per city (a ZIP can serve two cities: 83714 is Boise's and Garden City's).
    expect(parsed.find((l) => l.city === "Boise")!.zipCodes).toEqual(expect.arrayContaining(["83701", "83702", "83703", "83704", "83705", "83706", "83709", "83712", "83713", "83714", "83716", "83717"]));
    expect(parsed.find((l) => l.city === "Meridian")!.zipCodes).toEqual(expect.arrayContaining(["83642", "83646"]));
    for (const l of parsed) {
      expect(l.zipCodes.length, l.city).toBeGreaterThan(0);
      expect(new Set(l.zipCodes).size, l.city).toBe(l.zipCodes.length);
      for (const zip of l.zipCodes) expect(zip, l.city).toMatch(/^83[2-8]\d\d$/);
    }
    expect(parsed.find((l) => l.city === "Eagle")!.coordinates).toEqual([-116.3549, 43.6963]);
    expect(parsed.find((l) => l.city === "Caldwell")!.page.neighborhoods).toContain("Pleasant Valley");
  });

  it("has the extended areas: 7 on About, 9 on Locations", () => {
    expect(aboutExtendedAreas).toEqual(["Payette", "Ontario", "Fruitland", "New Plymouth", "Weiser", "Middleton", "Emmett"]);
    expect(locationsExtendedAreas).toHaveLength(9);
    expect(locationsExtendedAreas).toEqual(expect.arrayContaining(["Sun Valley", "Twin Falls", "Idaho Falls", "Coeur d'Alene"]));
  });

  it("has 13 FAQ items with unique slug ids and 8 holiday FAQ items faq-1 … faq-8", () => {
    const items = z.array(faqItemSchema).length(13).parse(faq);
    expect(new Set(items.map((i) => i.id)).size).toBe(13);
    expect(z.array(faqItemSchema).parse(holidayFaq).map((i) => i.id)).toEqual(Array.from({ length: 8 }, (_, i) => `faq-${i + 1}`));
  });

  it("has the three job listings with their experience and pay", () => {
    const parsed = z.array(jobSchema).parse(jobs);
    expect(parsed.map((j) => [j.title, j.experience, j.salary])).toEqual([
      ["Pressure Washing Technician", "Entry level", "$18-24/hour"],
      ["Commercial Cleaning Specialist", "1-2 years", "$22-28/hour"],
      ["Customer Service Representative", "Entry level", "$16-20/hour"],
    ]);
    expect(parsed.map((j) => j.location)).toEqual([expect.stringContaining("Boise"), expect.stringContaining("Meridian"), expect.stringContaining("remote")]);
  });

  it("has the other page lists with their counts", () => {
    z.array(testimonialSchema).length(3).parse(testimonials);
    expect(testimonials.every((t) => t.rating === 5)).toBe(true);
    z.object({ name: z.string(), text: z.string().min(50) }).parse(employeeTestimonial);
    z.array(step).length(4).parse(whyChoose);
    z.array(step).length(4).parse(equipment);
    z.array(step).min(4).parse(credentials);
    z.array(step).length(4).parse(applicationSteps);
    z.array(step).min(3).parse(fleetProcess);
    z.array(z.object({ title: z.string(), description: z.string(), icon: iconName })).length(6).parse(benefits);
    expect(featuredServices.map((f) => services.some((s) => s.slug === f.slug))).toEqual(Array(6).fill(true));
  });

  it("keeps the phone, e-mail and hours in one place", () => {
    // One number written three ways: as shown, as a tel: link and in E.164.
    const digits = business.phone.e164.slice(2);
    expect(business.phone.e164).toMatch(/^\+1\d{10}$/);
    expect(business.phone).toEqual({ display: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`, href: `tel:${business.phone.e164}`, e164: business.phone.e164 });
    expect(business.email).toBe("info@gemstateexteriorcleaning.com");
    expect(business.hours.map((h) => h.display)).toEqual(["7:00 AM – 7:00 PM", "8:00 AM – 6:00 PM", "9:00 AM – 5:00 PM"]);
  });

  it("never writes the phone number or e-mail into page copy", () => {
    const copy = JSON.stringify([services, locations, faq, jobs, testimonials, whyChoose, equipment, credentials]);
    expect(copy).not.toContain(business.phone.display.slice(-8));
    expect(copy).not.toContain(business.email);
  });
});
