/**
 * Customer testimonials for the About page and the employee testimonial for Careers (content/testimonials.yaml).
 * Before launch the owner replaces these with real reviews, quoted with the customer's or employee's permission.
 */
import { loadCollection } from "./load.ts";

export const { customers: testimonials, employee: employeeTestimonial } = loadCollection("testimonials");
