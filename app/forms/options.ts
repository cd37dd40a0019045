/**
 * The choices the forms offer, with their labels: plain data without Zod, so a form can render them in
 * a page's first load and import its schema (./schemas, which builds the rules from these lists) only
 * on the visitor's first interaction (docs/decisions/005-loading-strategy.md).
 */
export const serviceTypeOptions = [
  { value: "residential", label: "Residential" },
  { value: "commercial", label: "Commercial" },
] as const;

export const servicesNeededOptions = [
  { value: "pressure-washing", label: "Pressure Washing" },
  { value: "house-washing", label: "House Washing" },
  { value: "soft-washing", label: "Soft Washing" },
  { value: "concrete-cleaning", label: "Concrete Cleaning" },
  { value: "roof-cleaning", label: "Roof Cleaning" },
  { value: "driveway-cleaning", label: "Driveway Cleaning" },
  { value: "other", label: "Other" },
] as const;

export const contactMethods = [
  { value: "phone", label: "Phone call" },
  { value: "text", label: "Text message" },
  { value: "email", label: "Email" },
] as const;

export const availabilityOptions = [
  { value: "full-time", label: "Full-time" },
  { value: "part-time", label: "Part-time" },
  { value: "seasonal", label: "Seasonal (spring to fall)" },
  { value: "weekends", label: "Weekends only" },
] as const;

type Option = { readonly value: string; readonly label: string };

/** The values of an option list, typed as a non-empty tuple for z.enum. */
export function optionValues<const T extends readonly [Option, ...Option[]]>(options: T) {
  return options.map((o) => o.value) as { [K in keyof T]: T[K]["value"] };
}

/** The label of a stored value (the value itself if the list no longer has it). */
export function optionLabel(options: readonly Option[], value: string): string {
  return options.find((o) => o.value === value)?.label ?? value;
}

/** The largest résumé the application form takes (the server's upload limit is derived from it). */
export const MAX_RESUME_BYTES = 5 * 1024 * 1024;

/** The most photos a request takes (the estimate, contact and holiday forms); more are refused by name. */
export const MAX_PHOTOS = 6;
/** The largest photo a request takes (the server's upload limit for those forms is derived from it). */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
/** What the photo input offers; the server decides by reading each file, never by its type or name. */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp";
