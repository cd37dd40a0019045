/** Home page choices: which services get a card, in order, and the card titles that differ. */
export const featuredServices = [
  { slug: "pressure-washing" },
  { slug: "house-washing" },
  { slug: "soft-washing" },
  { slug: "fleet-cleaning" },
  { slug: "concrete-cleaning" },
  { slug: "commercial-pressure-washing", title: "Commercial Services" },
] as const;
