/**
 * The business identity. The one place a phone number, e-mail or name is written;
 * every page reads it from here. The owner replaces the placeholders before launch.
 */
export const business = {
  name: "Gem State Exterior Cleaning",
  legalName: "Gem State Cleaning Systems LLC",
  /** The legal line as shown in the footer and on the legal pages. */
  dba: "Gem State Cleaning Systems LLC dba Gem State Exterior Cleaning",
  phone: { display: "(208) 555-0134", href: "tel:+12085550134", e164: "+12085550134" },
  email: "info@gemstateexteriorcleaning.com",
  origin: "https://www.gemstateexteriorcleaning.com",
  headquarters: { city: "Meridian", state: "ID", zip: "83646", display: "Meridian, ID 83646" },
  /** A service-area business: no street address is published. */
  mapsUrl: "https://www.google.com/maps/search/?api=1&query=Meridian%2C%20ID%2083646",
  license: "Idaho Contractor Registration #RCE-PLACEHOLDER",
  foundedYear: 2018,
  insurance: "$1 million general liability",
  tagline: "Licensed & Insured | Serving All of Idaho",
  replyWithinHours: 24,
  /** The time zone of the hours below (Boise and the Treasure Valley: Mountain Time). */
  timeZone: "America/Boise",
  hours: [
    { days: "Monday – Friday", schema: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "07:00", closes: "19:00", display: "7:00 AM – 7:00 PM" },
    { days: "Saturday", schema: ["Saturday"], opens: "08:00", closes: "18:00", display: "8:00 AM – 6:00 PM" },
    { days: "Sunday", schema: ["Sunday"], opens: "09:00", closes: "17:00", display: "9:00 AM – 5:00 PM" },
  ],
  /** Placeholder social profiles for the footer; the owner fills in the real addresses. */
  social: [
    { name: "Facebook", href: "https://www.facebook.com/" },
    { name: "Instagram", href: "https://www.instagram.com/" },
    { name: "Google Business Profile", href: "https://www.google.com/maps" },
  ],
  /** Claims used in copy and structured data. */
  pressure: { equipmentMaxPsi: 4000, pressureWashing: "1,500–4,000 PSI", softWashing: "under 500 PSI" },
  typicalJob: "2–4 hours",
  payments: ["Credit and debit cards", "Checks", "Venmo", "Zelle", "Cash App", "Online invoices"],
  rating: { value: 4.9, count: 127 },
  priceRange: "$$",
  serviceRadiusMeters: 50000,
} as const;

