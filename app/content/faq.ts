/**
 * The 13 questions of the FAQ page: the cities served, payments, pressure levels, how long a job takes, ...
 * The phone number and e-mail are never written here: the page's "Still Have Questions" card shows them.
 */
import type { z } from "zod";
import type { faqItemSchema } from "./schema.ts";

export const faq = [
  {
    id: "what-areas-do-you-serve",
    question: "What areas do you serve?",
    answer:
      "We're based in Meridian and work across the Treasure Valley every week: Boise, Meridian, Nampa, Caldwell, Eagle, Kuna, Star and Garden City. We also serve McCall, Emmett, Middleton and Parma, and we travel statewide for larger commercial and multi-property jobs. McCall and Parma are scheduled by appointment, so give us a little extra notice there. If you're not sure whether we cover your address, send us your ZIP code and we'll confirm.",
  },
  {
    id: "are-you-licensed-and-insured",
    question: "Are you licensed and insured?",
    answer:
      "Yes. We're registered as a contractor with the State of Idaho and carry $1 million in general liability insurance plus workers' compensation for our crew, so you're not on the hook if someone is hurt on your property. Everyone on our crews is background-checked. We're happy to send a certificate of insurance before the job, which many property managers and HOAs require.",
  },
  {
    id: "how-much-pressure-do-you-use",
    question: "How much pressure do you use?",
    answer:
      "We match the pressure to the surface, so it won't damage your home. Our equipment goes up to 4,000 PSI, but we only use high pressure where it belongs. Pressure washing (1,500–4,000 PSI) is for hard, durable surfaces: concrete driveways, sidewalks, patios, pool decks, dumpster pads and commercial flatwork. Soft washing (under 500 PSI) is for anything that high pressure could damage: roofs, vinyl and painted siding, stucco, brick and stone facades, wood fences and decks, gutters and window screens. With soft washing, a biodegradable cleaning solution does the work and a gentle rinse carries the dirt, algae and mildew away.",
  },
  {
    id: "how-long-does-a-typical-job-take",
    question: "How long does a typical job take?",
    answer:
      "A typical residential job takes 2–4 hours. A house wash on an average single-story home, or a driveway with its sidewalk, usually falls at the shorter end. Larger homes, roof soft washing or several services combined take longer. We'll give you a time estimate with your quote, and the crew will tell you when they arrive if anything changes. Commercial jobs are planned individually, often early in the morning or in the evening so your business stays open.",
  },
  {
    id: "do-you-offer-free-estimates",
    question: "Do you offer free estimates?",
    answer:
      "Yes. Estimates are always free and come with no obligation. Many jobs can be quoted from your address, a few photos and a short conversation. For larger homes, roofs and commercial properties we may stop by to look in person. Your quote comes in writing and lists exactly what's included, so there are no surprises on the day of the job.",
  },
  {
    id: "what-payment-methods-do-you-accept",
    question: "What payment methods do you accept?",
    answer:
      "We accept credit and debit cards, checks, Venmo, Zelle and Cash App. We can also send you an online invoice that you can pay by card from your phone or computer. Payment is due when the job is finished, after you've had a chance to look at the work. Commercial and property-management accounts can be billed by invoice.",
  },
  {
    id: "do-i-need-to-be-home-during-the-cleaning",
    question: "Do I need to be home during the cleaning?",
    answer:
      "No. Most of our customers aren't home while we work. We need access to an outdoor water spigot and to the areas being cleaned, with gates unlocked, windows and doors closed, vehicles moved out of the way and pets kept inside. We'll text or call when we're on the way and when we're done, and we can send photos of the finished work. If you'd like to walk the property with the crew lead before or after, just let us know.",
  },
  {
    id: "do-you-need-to-use-my-water",
    question: "Do you need to use my water?",
    answer:
      "For most homes, yes. We connect to a standard outdoor spigot, so please make sure one is turned on and working, especially in spring, when many Treasure Valley homeowners still have their outdoor faucets shut off for winter. We bring all the hoses, equipment and cleaning solutions. If your property has no accessible spigot, as at some commercial sites and new construction, tell us when you ask for your estimate and we'll plan for it.",
  },
  {
    id: "are-your-cleaning-products-safe-for-plants-and-pets",
    question: "Are your cleaning products safe for plants and pets?",
    answer:
      "Yes, when they're used the way we use them. We use biodegradable cleaning agents, wet down your plants, shrubs and lawn before we start, and rinse them again when we're done, so the solution is diluted and washed away. We cover delicate plants when needed. Please keep pets and children inside while we work and until the washed surfaces have been rinsed and are dry, usually within an hour or so after we finish.",
  },
  {
    id: "do-you-work-in-the-winter",
    question: "Do you work in the winter?",
    answer:
      "We don't wash when temperatures are at or below freezing, because water turns to ice on driveways, sidewalks and siding and can get into cracks. Our main washing season runs from spring through late fall. In winter we work on days when it stays above freezing, and we install holiday lights. If rain, high wind or a cold snap makes a job unsafe or the results poor, we'll reschedule at no charge and let you know as early as we can.",
  },
  {
    id: "how-often-should-i-have-my-house-washed",
    question: "How often should I have my house washed?",
    answer:
      "For most homes in the Treasure Valley, a house wash once a year is enough to keep dust, spider webs and sprinkler hard-water spots from building up; spring is the most popular time. Driveways and sidewalks usually need cleaning every one to two years, and more often if oil drips or leaf stains are a problem. Roofs with algae streaks or moss typically need soft washing every two to three years, and wood decks and fences do best with a yearly cleaning. Restaurants, drive-thrus and busy storefronts often book monthly or quarterly service.",
  },
  {
    id: "what-is-your-satisfaction-guarantee",
    question: "What is your satisfaction guarantee?",
    answer:
      "Every job comes with our 100% satisfaction guarantee. If you're not happy with any area we cleaned, tell us within 7 days and we'll come back and re-clean it at no charge. We'd rather make it right than leave you with a job you're not proud to show the neighbors. Some stains, like rust, old oil or paint that's already oxidized, can't always be removed completely; if we think that's the case we'll tell you before we start, not after.",
  },
  {
    id: "how-do-i-book-a-cleaning",
    question: "How do I book a cleaning?",
    answer:
      "Call or text us, fill out the free estimate form on any page, or use the contact page to tell us about your project. We reply within 24 hours, usually sooner during business hours (Monday to Friday 7 AM to 7 PM, Saturday 8 AM to 6 PM, Sunday 9 AM to 5 PM). We'll confirm your quote, agree on a date and remind you the day before. For urgent jobs, calling is fastest.",
  },
] satisfies z.input<typeof faqItemSchema>[];
