/**
 * Customer testimonials for the About page and the employee testimonial for Careers.
 * Before launch the owner replaces these with real reviews, quoted with the customer's or employee's permission.
 */
import type { z } from "zod";
import type { testimonialSchema } from "./schema.ts";

export const testimonials = [
  {
    name: "Sarah M.",
    location: "Meridian",
    rating: 5,
    date: "October 2026",
    text: "Our north-facing siding had green streaks and the sprinklers had left white spots all along the back of the house. The crew soft washed everything in about three hours, rinsed our flower beds before and after, and the house looks like it did the year we moved in. They even texted photos when they finished because we were at work.",
  },
  {
    name: "Dave R.",
    location: "Eagle",
    rating: 5,
    date: "August 2026",
    text: "We had years of tire marks and a big oil stain on the driveway, plus a patio covered in cottonwood debris. They quoted it from a few photos, showed up on the day they said, and the concrete came out a shade lighter than I thought it could. Fair price and no upselling.",
  },
  {
    name: "Maria G.",
    location: "Nampa",
    rating: 5,
    date: "June 2026",
    text: "I manage a small retail center, and the sidewalks and dumpster area needed cleaning without disrupting our tenants. They came in at 6 in the morning, were done before the first store opened, and sent the certificate of insurance our owner asked for without any back-and-forth. We've put them on a quarterly schedule.",
  },
] satisfies z.input<typeof testimonialSchema>[];

export const employeeTestimonial = {
  name: "Tyler J.",
  role: "Crew Lead",
  years: "Crew lead since 2021",
  text: "I started here with no pressure washing experience, and they trained me on every piece of equipment before I ever worked a job on my own. What I like most is that we take the time to do it right: we walk the property with the customer, protect the plants, and nobody rushes you to the next driveway. Now I train new technicians the same way I was trained.",
};
