/**
 * Careers page content: benefits, the three job listings, culture and the application steps.
 * Each job's Apply Now button leads to the application form at /careers/apply?position={slug} (decision 010).
 */
import type { z } from "zod";
import type { jobSchema, step } from "./schema.ts";

export const jobs = [
  {
    slug: "pressure-washing-technician",
    title: "Pressure Washing Technician",
    location: "Boise, ID",
    type: "Full-time",
    experience: "Entry level",
    salary: "$18-24/hour",
    pay: { min: 18, max: 24 },
    description:
      "Clean homes, driveways, roofs, fences and decks across Boise and the Treasure Valley as part of a two- or three-person crew. You'll learn when to pressure wash and when to soft wash, how to set up and run our equipment safely, and how to protect landscaping and property while you work. No experience needed: we train you from day one, and pay increases as you learn new services.",
    requirements: [
      "Valid Idaho driver's license and a clean driving record",
      "Able to lift 50 lb and stand, climb ladders and work on your feet for a full day",
      "Comfortable working outdoors in summer heat and cool spring and fall mornings",
      "Reliable, on time and careful around customers' homes, plants and pets",
      "Able to pass a background check",
      "Available for some early starts and occasional Saturdays in peak season",
    ],
    benefits: [
      "Paid, hands-on training on all equipment and cleaning methods",
      "Raises as you master new services, within the $18-24/hour range",
      "Company truck, equipment and work gear provided",
      "Paid time off",
      "A clear path to crew lead",
    ],
  },
  {
    slug: "commercial-cleaning-specialist",
    title: "Commercial Cleaning Specialist",
    location: "Meridian, ID",
    type: "Full-time",
    experience: "1-2 years",
    salary: "$22-28/hour",
    pay: { min: 22, max: 28 },
    description:
      "Take ownership of our commercial work: storefronts, restaurant patios and dumpster pads, drive-thrus, parking structures, building exteriors and fleet vehicles. You'll run jobs on recurring schedules, often early mornings or evenings so businesses stay open, follow proper wastewater handling with our water reclamation equipment, and be the person property managers can count on.",
    requirements: [
      "1-2 years of pressure washing, exterior cleaning or similar commercial field experience",
      "Valid Idaho driver's license and a clean driving record",
      "Able to lift 50 lb and work outdoors in all seasons",
      "Comfortable with hot water units, surface cleaners and water reclamation equipment, or eager to learn them",
      "Flexible for early morning, evening and some weekend shifts",
      "Able to pass a background check",
    ],
    benefits: [
      "Pay of $22-28/hour based on experience",
      "Company truck, equipment and work gear provided",
      "Paid time off",
      "Training and certification opportunities",
      "Room to grow into crew lead or commercial account roles",
    ],
  },
  {
    slug: "customer-service-representative",
    title: "Customer Service Representative",
    location: "Boise, ID (remote options)",
    type: "Full-time",
    experience: "Entry level",
    salary: "$16-20/hour",
    pay: { min: 16, max: 20 },
    description:
      "Be the first voice our customers hear. You'll answer calls, texts and estimate requests, explain our services in plain language, build each day's schedule for the crews, and follow up after jobs to make sure customers are happy. After training in our Boise office, much of the work can be done remotely.",
    requirements: [
      "Friendly, clear communication by phone, text and e-mail",
      "Organized, with an eye for detail when scheduling and quoting",
      "Comfortable learning scheduling and invoicing software",
      "Reliable internet and a quiet workspace for remote days",
      "Available during business hours, including some Saturdays",
    ],
    benefits: [
      "Remote work options after training",
      "Paid training on our services and scheduling tools",
      "Paid time off",
      "A small, supportive team where your ideas are heard",
    ],
  },
] satisfies z.input<typeof jobSchema>[];

/** The icons the careers benefit cards use (mapped to lucide-react by the page). */
export type BenefitIcon = "dollar-sign" | "heart-pulse" | "graduation-cap" | "calendar" | "truck" | "trending-up";

export const benefits = [
  {
    title: "Competitive Pay",
    description: "Hourly pay that's posted up front for every position, with raises as you learn new services and take on more.",
    icon: "dollar-sign",
  },
  {
    title: "Health Benefits",
    description: "Health coverage for full-time team members, because a physical job deserves real support.",
    icon: "heart-pulse",
  },
  {
    title: "Paid Training",
    description: "We teach you every piece of equipment, every surface and every safety step, on the clock.",
    icon: "graduation-cap",
  },
  {
    title: "Paid Time Off",
    description: "Time off that you actually get to use, plus schedules posted ahead so you can plan your life.",
    icon: "calendar",
  },
  {
    title: "Company Vehicles & Gear",
    description: "Field crews drive company trucks with professional equipment, and we provide work gear and safety equipment.",
    icon: "truck",
  },
  {
    title: "Room to Grow",
    description: "Technicians become crew leads, and crew leads train the next team. We promote from within first.",
    icon: "trending-up",
  },
] satisfies { title: string; description: string; icon: BenefitIcon }[];

export const culture = [
  "We treat every property like it's our own home, from the flower beds to the front door.",
  "Safety comes first: nobody climbs, sprays or drives in a way that puts themselves or a customer at risk.",
  "We show up when we say we will and tell customers right away when plans change.",
  "Experienced team members train new ones, and questions are always welcome.",
  "We own our mistakes and go back to make things right.",
  "A family-owned business that knows everyone's name and respects your time off.",
];

export const applicationSteps = [
  {
    title: "Apply Online",
    description: "Pick a position and fill out the short application. A résumé is optional; tell us about yourself in a few lines.",
  },
  {
    title: "Phone Screening",
    description: "We'll call you within a few business days for a 15-minute conversation about the role, your schedule and your questions.",
  },
  {
    title: "In-Person Interview",
    description: "Meet the team in the Treasure Valley, see the equipment and talk through what a normal day looks like.",
  },
  {
    title: "Start Working",
    description: "Complete your paperwork and background check, then start paid training alongside an experienced crew member.",
  },
] satisfies z.input<typeof step>[];
