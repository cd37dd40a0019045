/**
 * About page and home page "Why choose" content.
 * The state registration number is not written here: the page inserts it from business.license.
 */
import type { z } from "zod";
import type { step } from "./schema.ts";
import { business } from "./business.ts";

type Card = z.input<typeof step>;

export const credentials = [
  {
    title: "$1 Million Liability Insurance",
    description:
      "Every job is covered by $1 million in general liability insurance. We'll send a certificate of insurance on request, before work begins.",
  },
  {
    title: "Workers' Compensation",
    description:
      "Our crew is covered by workers' compensation, so you're never responsible if someone is injured while working on your property.",
  },
  {
    title: "Bonded",
    description: "We're bonded, which gives you an added layer of financial protection on every job we take on.",
  },
  {
    title: "Background-Checked Crews",
    description:
      "Everyone who works on your property has passed a background check. You'll know who's coming and when.",
  },
  {
    title: "State Contractor Registration",
    description: "We're registered as a contractor with the State of Idaho, as Idaho law requires.",
  },
] satisfies Card[];

export const equipment = [
  {
    title: "Hot Water Units",
    description:
      "Heated water breaks down grease, oil and grime that cold water just moves around. It's essential for driveways, drive-thrus, dumpster pads and fleet vehicles.",
  },
  {
    title: "Variable Pressure",
    description:
      "Our equipment runs up to 4,000 PSI for concrete and can be turned down to a gentle soft wash under 500 PSI for roofs, siding and wood, so every surface gets the right pressure.",
  },
  {
    title: "Eco-Friendly Cleaning Agents",
    description:
      "We use biodegradable cleaning solutions, and we pre-wet and rinse your plants and lawn so they're protected while we work.",
  },
  {
    title: "Water Reclamation",
    description:
      "On commercial sites we can capture and recover wash water, keeping dirt, oil and detergent out of storm drains and the Boise River.",
  },
] satisfies Card[];

export const story = [
  "Gem State Exterior Cleaning is a family-owned business that started in 2018 with a simple idea: Treasure Valley homeowners deserved a cleaning company that showed up on time, explained what it was doing and treated their property with care. We're headquartered in Meridian, and the neighborhoods we work in are the ones we live in.",
  "Our high-desert climate is hard on homes and businesses. Summer dust, hard-water spots from sprinklers, algae on shaded roofs and siding, and oil on driveways all build up year after year. We learned early that the answer isn't always more pressure. Concrete gets a powerful, hot-water clean, while roofs, siding, fences and decks get a gentle soft wash that cleans without damaging them.",
  "We've grown since then, but how we work hasn't changed. We give honest, written estimates, train every crew member ourselves, protect your plants and pets, and stand behind every job with a 100% satisfaction guarantee. If something isn't right, we come back and make it right.",
];

export const whyChoose = [
  {
    title: "Licensed & Insured",
    description:
      "Registered with the State of Idaho and covered by $1 million in liability insurance and workers' compensation, so your property and your peace of mind are protected.",
  },
  {
    title: "Fast & Efficient",
    description:
      `Most residential jobs are done in 2–4 hours. We reply to every request within ${business.replyWithinHours} hours and show up when we say we will.`,
  },
  {
    title: "Experienced Team",
    description:
      "Trained, background-checked crews who have been cleaning Treasure Valley homes and businesses since 2018, and who know which surfaces need pressure and which need a soft wash.",
  },
  {
    title: "Satisfaction Guaranteed",
    description:
      "Every job comes with our 100% satisfaction guarantee. If anything we cleaned isn't right, we come back and make it right at no charge.",
  },
] satisfies Card[];

export const statewideTravel =
  "Based in Meridian, we also travel statewide for larger commercial and multi-property jobs; call us to plan a project anywhere in Idaho.";
