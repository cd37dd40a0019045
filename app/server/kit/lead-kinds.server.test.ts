import { describe, expect, it } from "vitest";
import { storedFields } from "../../forms/form-fields.ts";
import { contactForm, contactSchema } from "../../forms/schemas.ts";
import { type LeadKind, requestKind } from "./lead-kinds.server.ts";

/** A contact-form request as the action stores it, from what the visitor sent. */
function contactRequest(sent: Record<string, unknown>) {
  const values = contactSchema.parse({
    firstName: "Dana",
    lastName: "Reyes",
    email: "dana@example.com",
    phone: "(208) 555-0134",
    city: "Boise",
    zipcode: "83702",
    serviceType: "residential",
    ...sent,
  });
  return storedFields(contactForm, values, { photosReceived: null, photosRefused: null, askedAgainFrom: null });
}

describe("the kind a request is stored as", () => {
  const table: [string, LeadKind, Record<string, unknown>, LeadKind][] = [
    [
      "contact form, services and a property type",
      "contact",
      { servicesNeeded: ["House Washing"], serviceType: "residential" },
      "estimate",
    ],
    [
      "contact form, only “Other” ticked",
      "contact",
      { servicesNeeded: ["Other"], serviceType: "commercial" },
      "estimate",
    ],
    [
      "contact form, no service ticked",
      "contact",
      { servicesNeeded: [], serviceType: "residential", message: "Do you clean gutters?" },
      "contact",
    ],
    [
      "contact form, services but no property",
      "contact",
      { servicesNeeded: ["Roof Cleaning"], serviceType: null },
      "contact",
    ],
    ["contact form, blank entries only", "contact", { servicesNeeded: ["", " "], serviceType: " " }, "contact"],
    [
      "a priced service and its property details",
      "contact",
      { priceService: "house-washing", priceInputs: "2,000 sq ft" },
      "estimate",
    ],
    ["the FREE ESTIMATE form without a property type", "estimate", { serviceType: null }, "estimate"],
    ["/pricing's request", "estimate", { priceService: "roof-cleaning", priceInputs: "1 story" }, "estimate"],
    [
      "a job application naming a service",
      "application",
      { servicesNeeded: ["House Washing"], serviceType: "residential" },
      "application",
    ],
    ["a newsletter sign-up", "newsletter", {}, "newsletter"],
  ];
  it.each(table)("%s", (_, sentWith, fields, kind) => {
    expect(requestKind(sentWith, fields)).toBe(kind);
  });

  it("reads the contact form's stored fields: ticked services make an estimate request, none a message", () => {
    expect(requestKind("contact", contactRequest({ servicesNeeded: ["house-washing", "roof-cleaning"] }))).toBe(
      "estimate",
    );
    expect(requestKind("contact", contactRequest({ message: "Do you clean gutters?" }))).toBe("contact");
  });
});
