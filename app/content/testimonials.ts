/**
 * Customer testimonials for the About page and the employee testimonial for Careers (content/testimonials.yaml).
 * Before launch the owner replaces these with real reviews, quoted with the customer's or employee's permission.
 */
export { customers as testimonials, employee as employeeTestimonial } from "./modules/testimonials.ts";
