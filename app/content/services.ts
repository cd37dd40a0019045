/**
 * The 12 services, in the order the navigation shows them:
 * the footer lists the first 5 and the mobile menu the first 6.
 * Pressure and method claims match business.pressure: equipment up to 4,000 PSI, pressure washing
 * 1,500–4,000 PSI, soft washing under 500 PSI.
 * The company's name, phone and e-mail are never written here; pages insert them from business.ts.
 */
import type { z } from "zod";
import type { faqItemSchema, serviceSchema, step } from "./schema.ts";

export type ServiceInput = z.input<typeof serviceSchema>;

export const services = [
  // 1
  {
    slug: "pressure-washing",
    title: "Pressure Washing",
    category: ["Residential", "Commercial"],
    description:
      "Pressure washing from 1,500 to 4,000 PSI for concrete, brick, pavers, stone and metal, with heated water for oil, grease and gum. For homes and businesses across the Treasure Valley.",
    icon: "droplets",
    template: "pressure",
    page: {
      tagline:
        "The right pressure for each hard surface, from careful passes on pavers to full power on stained concrete.",
      intro: [
        "Pressure washing is the workhorse of exterior cleaning: pressurized water, often heated, that strips dirt, grime, gum, oil and mineral build-up from hard surfaces built to take it. Concrete, brick, block walls, pavers, stone and bare metal clean up far better under a commercial pressure washer than under a garden hose and a scrub brush.",
        "Hard surfaces in the Treasure Valley collect a particular mix: fine dust blowing in from fields and new subdivisions, orange rust fans where sprinklers run on iron-rich well water, sticky cottonwood fluff in late spring, and the chalky film winter de-icers leave behind. Left in place, that grime holds moisture against the surface, wears it down through freeze–thaw cycles and makes steps and walkways slick.",
        "High pressure is a tool, not a habit. Our technicians match pressure, nozzle and water temperature to each surface, and anything high pressure would damage, such as vinyl siding, stucco, shingles or painted wood, gets a low-pressure soft wash instead.",
      ],
      method:
        "Our commercial-grade machines produce up to 4,000 PSI, and we work between 1,500 and 4,000 PSI depending on the surface: the low end for pavers, natural stone and brick with soft mortar, the high end for bare concrete and equipment pads. Flat areas are cleaned with a rotary surface cleaner for an even, stripe-free finish. Heated water goes on oil, grease and gum, where cold water only spreads the mess around.",
      process: [
        {
          title: "Walk-through and quote",
          description:
            "We look at every surface with you, note existing cracks, chipped paint or loose mortar, and agree on exactly what gets cleaned before any water is sprayed.",
        },
        {
          title: "Protect the property",
          description:
            "Doors and windows are closed, outlets and light fixtures covered, and cars, furniture and planters moved out of the spray path.",
        },
        {
          title: "Pre-treat stains",
          description:
            "Oil, rust, gum and organic stains get a cleaner made for that stain and time to work, so pressure doesn't have to do everything.",
        },
        {
          title: "Wash at the right pressure",
          description:
            "Each material is cleaned at its own setting: the surface cleaner on open concrete, a wand on steps, edges and walls.",
        },
        {
          title: "Rinse and review",
          description:
            "We rinse debris away from the house and beds, then walk the job with you so you can point out anything you'd like touched up.",
        },
      ],
      surfaces: [
        "Concrete driveways and patios",
        "Brick and stone walls",
        "Pavers and flagstone",
        "Block and retaining walls",
        "Pool decks",
        "Dumpster pads",
        "Metal sheds and shop buildings",
        "Steps and entryways",
      ],
      benefits: [
        {
          title: "Safer footing",
          description:
            "Removing algae, mud film and oily residue cuts down on slips, especially on shady steps and walks that stay damp.",
        },
        {
          title: "Surfaces that last longer",
          description:
            "Dirt and de-icer salts hold moisture in porous concrete and masonry; washing them off reduces wear from Idaho's freeze–thaw winters.",
        },
        {
          title: "A property that looks cared for",
          description:
            "Clean concrete and masonry lift the look of a home or business, whether you're selling, leasing or just pulling in after work.",
        },
        {
          title: "Ready for sealer or paint",
          description:
            "Sealers, stains and coatings only bond to a clean surface. A proper wash is the first step of any refinishing project.",
        },
      ],
      faqs: [
        {
          question: "Can pressure washing damage concrete?",
          answer:
            "It can when it's done carelessly: a narrow nozzle held too close etches the surface and leaves wand marks. We clean open concrete with a rotary surface cleaner and keep pressure within what each surface can handle, which gives an even result without gouging.",
        },
        {
          question: "Do you need to use my water?",
          answer:
            "Usually, yes. We connect to an outdoor spigot, so please make sure one works and is turned on for the season. If a site has no water access, tell us when you book and we'll plan around it.",
        },
        {
          question: "Will it remove the rust stains from my sprinklers?",
          answer:
            "Pressure alone usually won't, because rust from iron in irrigation water is a mineral stain, not dirt. We treat it with a rust remover made for concrete and masonry, then rinse. Most stains lighten a lot or disappear; very old, deep ones may fade rather than vanish.",
        },
        {
          question: "Can you pressure wash in winter?",
          answer:
            "Not when it's freezing. Water left on concrete below 32°F turns to ice on walks and driveways and works into cracks. We book outdoor washing on days that stay above freezing, which in the Treasure Valley can mean waiting for a warm spell or for spring.",
        },
      ],
      keywords: [
        "pressure washing Boise",
        "pressure washing Meridian ID",
        "power washing Treasure Valley",
        "concrete pressure washing Idaho",
        "hot water pressure washing Boise",
      ],
    },
  },
  // 2
  {
    slug: "house-washing",
    title: "House Washing",
    category: ["Residential"],
    description:
      "A low-pressure wash for vinyl, stucco, fiber-cement, brick and painted siding that removes dust, pollen, cobwebs, sprinkler spots and mildew without harming paint or window seals.",
    icon: "home",
    template: "house",
    page: {
      tagline: "Clean siding, trim and eaves, without forcing water behind your siding or stripping paint.",
      intro: [
        "House washing cleans the whole outside of your home: siding, trim, soffits, fascia, eaves, window frames, garage doors and the front entry. It's done with low pressure and cleaning solutions, not a high-pressure blast, because siding is built to shed rain running down it, not water fired up under its laps at thousands of PSI.",
        "Treasure Valley homes get dirty in their own ways. Dust from farm fields and building lots sticks to the west and south walls, spring pollen and cottonwood fluff collect in the eaves, spiders line every soffit, and lawn sprinklers hit the lower few feet of siding with hard, mineral-heavy water until it's streaked white. North walls and shaded corners grow green mildew, and late-summer wildfire smoke can leave a gray film a garden hose won't touch.",
        "Most homes need a wash once a year. Spring, after the last freeze and once the cottonwoods have finished shedding, is the most popular time; early fall works well too, before the weather turns cold.",
      ],
      method:
        "Siding is soft washed at under 500 PSI. A biodegradable detergent suited to the surface goes on from the bottom up, sits long enough to loosen dirt and mildew, and is rinsed from the top down with plenty of low-pressure water. Sprinkler spotting gets a mineral-dissolving cleaner rather than more force. Our 1,500–4,000 PSI settings are kept for the concrete around the house and never pointed at siding, stucco or window seals.",
      process: [
        {
          title: "Look the house over",
          description:
            "We check for loose siding, cracked stucco, failing caulk and open vents or windows, and point out anywhere water could get behind the wall.",
        },
        {
          title: "Protect plants and fixtures",
          description:
            "Plants are watered down before we start, delicate shrubs can be covered, and outlets, lights and doorbells are protected.",
        },
        {
          title: "Apply the cleaner",
          description:
            "The solution goes on gently from the ground up, so it doesn't run in streaks down dry, dirty siding.",
        },
        {
          title: "Rinse from the top down",
          description:
            "Eaves, siding, trim, windows and garage doors are rinsed thoroughly so no cleaner is left to dry on paint or glass.",
        },
        {
          title: "Final walk-around",
          description:
            "We walk the house with you, rinse the plants and walkways one last time, coil the hoses and leave.",
        },
      ],
      surfaces: [
        "Vinyl siding",
        "Stucco",
        "Fiber-cement lap siding",
        "Painted wood siding",
        "Brick and stone veneer",
        "Soffits, fascia and eaves",
        "Window frames and screens",
        "Garage and front doors",
      ],
      benefits: [
        {
          title: "Paint and siding last longer",
          description:
            "Dirt, mildew and mineral deposits wear down finishes over time; a gentle yearly wash slows that down.",
        },
        {
          title: "No pressure damage",
          description:
            "Low pressure keeps water out of the wall and away from window seals, and won't gouge stucco or soft wood.",
        },
        {
          title: "Fewer spiders and wasps",
          description:
            "Clearing webs, egg sacs and old nests from eaves and corners makes the outside of your home less inviting to pests.",
        },
        {
          title: "Ready to list or repaint",
          description:
            "A clean house photographs better for a listing, and new paint needs clean siding to stick.",
        },
      ],
      faqs: [
        {
          question: "Will my windows be clean too?",
          answer:
            "We rinse the windows as part of every house wash and they usually look much better, but it isn't a detailed window cleaning. Sprinkler spots that have baked onto glass for years can etch it; we'll tell you what to expect before we start.",
        },
        {
          question: "Is the cleaning solution safe for my plants and pets?",
          answer:
            "We use biodegradable detergents diluted for each surface, water plants before and after, and ask you to keep pets and children inside while we work. Once everything is rinsed and dry, the yard is back to normal.",
        },
        {
          question: "How long does a house wash take?",
          answer:
            "Most single-family homes take 2–4 hours, depending on size, height and how dirty the siding is. You don't need to be home as long as we can get through the gates and reach a working outdoor spigot.",
        },
        {
          question: "Will washing hurt my stucco?",
          answer:
            "Not the way we do it. Stucco is porous and high pressure can damage it, so it is only soft washed. If we find cracks or loose patches, we show you before washing near them.",
        },
      ],
      keywords: [
        "house washing Boise",
        "soft wash siding Meridian",
        "stucco cleaning Idaho",
        "vinyl siding cleaning Treasure Valley",
        "exterior house cleaning Nampa",
      ],
    },
  },
  // 3
  {
    slug: "soft-washing",
    title: "Soft Washing",
    category: ["Residential", "Commercial"],
    description:
      "Cleaning under 500 PSI that kills algae, moss, mildew and lichen on roofs, siding, stucco and painted surfaces instead of blasting at them, so the results last longer.",
    icon: "spray-can",
    template: "soft",
    page: {
      tagline: "Cleaning solutions do the work, so delicate surfaces come clean without high pressure.",
      intro: [
        "Soft washing cleans with chemistry instead of force. A solution made for the job is applied at low pressure, left to break down dirt and kill organic growth down to the root, then rinsed away. It's the right way to clean anything high pressure would harm: asphalt shingles, stucco, painted wood, vinyl, awnings and older brick.",
        "It matters most on roofs. Black streaks on shingles are usually algae, and the green or gray patches on north-facing slopes and under big trees are moss and lichen. Pressure washing a roof strips the protective granules shingle makers warn you not to lose; soft washing kills the growth in place and lets it rinse away.",
        "Because soft washing kills spores instead of just moving them around, surfaces stay clean longer than after a pressure wash. In our dry climate, sunny walls and roof slopes often stay clear for several seasons, while spots shaded by trees or soaked by sprinklers may need attention sooner.",
      ],
      method:
        "Soft washing stays under 500 PSI and relies on a sodium hypochlorite–based solution with a surfactant, mixed to the strength each surface needs. Once it has had time to work, we rinse with low-pressure water. Plants are soaked before and after, we avoid applying in the hottest part of a summer day so nothing dries on, and runoff is kept away from ponds, gardens and storm drains.",
      process: [
        {
          title: "Identify the growth",
          description:
            "We work out whether we're looking at dirt, algae, mildew, moss or lichen, and what it's growing on, because each needs a different mix.",
        },
        {
          title: "Protect the landscaping",
          description:
            "Plants, lawn and shrubs near the work area are soaked with clean water so they don't absorb the solution, and sensitive ones are covered.",
        },
        {
          title: "Apply at low pressure",
          description:
            "The solution is applied evenly with a low-pressure pump, from the ground, a ladder or, on roofs, by a crew member using fall protection.",
        },
        {
          title: "Let it work",
          description:
            "We give it the dwell time it needs and keep surfaces from drying out in the sun so the solution doesn't spot.",
        },
        {
          title: "Rinse thoroughly",
          description:
            "Surfaces, plants and walkways are rinsed with plenty of fresh water before we pack up.",
        },
      ],
      surfaces: [
        "Asphalt shingle roofs",
        "Concrete and clay tile roofs",
        "Stucco and EIFS",
        "Vinyl and painted siding",
        "Awnings and canopies",
        "Older brick and stone",
        "Vinyl fences",
        "Signs and monument walls",
      ],
      benefits: [
        {
          title: "Kills growth at the root",
          description:
            "Algae, mildew and moss are killed rather than knocked loose, so they take much longer to come back.",
        },
        {
          title: "Safe for delicate surfaces",
          description:
            "Low pressure won't strip shingle granules, etch stucco, lift vinyl laps or drive water behind siding.",
        },
        {
          title: "Protects roofs and paint",
          description:
            "Moss and lichen hold moisture and pry at shingles and coatings; removing them protects what you've paid for.",
        },
        {
          title: "Longer between cleanings",
          description:
            "A soft-washed surface generally stays clean longer than one that was only pressure washed, because the spores are gone too.",
        },
      ],
      faqs: [
        {
          question: "What's the difference between soft washing and pressure washing?",
          answer:
            "Pressure washing uses 1,500–4,000 PSI to physically remove dirt from hard surfaces like concrete. Soft washing uses under 500 PSI and cleaning solutions to dissolve dirt and kill growth on surfaces high pressure would damage. Many jobs use both: soft washing on the house, pressure on the driveway.",
        },
        {
          question: "Will soft washing harm my plants?",
          answer:
            "Not when it's done carefully. The active ingredient is the same chemistry as household bleach, diluted for each surface. We soak plants before and after and rinse well, and in summer we schedule around the afternoon heat.",
        },
        {
          question: "Can you soft wash a commercial building?",
          answer:
            "Yes. Painted block, EIFS, stucco, metal panels, awnings and signs are all soft washed. We can work early or after hours and cover storm drains on site.",
        },
        {
          question: "How soon will growth come back?",
          answer:
            "It depends on shade, trees and moisture. Sunny surfaces often stay clean a long time; north-facing slopes under trees or walls hit by sprinklers come back sooner. We'll tell you what we'd expect for your property.",
        },
      ],
      keywords: [
        "soft washing Boise",
        "soft wash roof cleaning Idaho",
        "low pressure washing Meridian",
        "algae and moss removal Treasure Valley",
        "stucco soft washing Eagle",
      ],
    },
  },
  // 4
  {
    slug: "concrete-cleaning",
    title: "Concrete Cleaning",
    category: ["Residential", "Commercial"],
    description:
      "Deep cleaning for driveways, sidewalks, patios, pool decks and garage floors: oil, rust, tire marks, de-icer residue and ground-in dirt removed with an even, stripe-free finish.",
    icon: "square",
    template: "concrete",
    page: {
      tagline: "Every slab on the property, from garage floor to patio, cleaned to an even finish in one visit.",
      intro: [
        "Concrete looks solid, but it's porous and soaks up whatever lands on it. Oil drips and tire marks build up on driveways, mud and gum on sidewalks and front walks, grill grease and leaf stains on patios, and years of tracked-in grime on garage floors. Concrete cleaning removes what sits on the surface and draws out much of what has soaked in.",
        "Winter is hard on Idaho concrete. Magnesium chloride and other de-icers get tracked in from the roads and dry to a chalky film, and those salts make freeze–thaw damage worse, especially in concrete's first few winters. Washing them off in spring is an easy way to limit the damage. The rest of the year adds rust fans from sprinklers on well water, fertilizer spots and a steady layer of valley dust.",
        "Concrete cleaning is the whole-property package: every flat surface, inside the garage and out, in one visit. If you only need one area done, our driveway cleaning and sidewalk cleaning services cover those on their own.",
      ],
      method:
        "Bare concrete is cleaned at 3,000–4,000 PSI with a rotary surface cleaner, which spins two jets under a hood for an even finish without the stripes a hand wand leaves. Oil and grease are pre-treated with a degreaser and washed with heated water; rust and fertilizer stains get a concrete-safe rust remover. Stamped, colored or sealed concrete and pavers are cleaned toward the 1,500 PSI end of our range so color and sealer stay put.",
      process: [
        {
          title: "Clear and sweep",
          description:
            "Cars, mats, planters and furniture are moved, and loose debris is swept up so it isn't blasted into the lawn or garage.",
        },
        {
          title: "Treat the stains",
          description:
            "Oil spots, rust rings, gum and leaf stains are pre-treated with the right product and given time to soak in.",
        },
        {
          title: "Surface clean every slab",
          description:
            "The rotary surface cleaner goes over each slab in overlapping passes for a uniform look from edge to edge.",
        },
        {
          title: "Detail edges and joints",
          description:
            "Steps, expansion joints, curbs and the strip along walls are finished by hand with a wand.",
        },
        {
          title: "Post-treat and rinse",
          description:
            "Stubborn stains get a second treatment if they need it, then everything is rinsed so the concrete dries evenly.",
        },
      ],
      surfaces: [
        "Driveways",
        "Sidewalks and front walks",
        "Patios",
        "Pool decks",
        "Garage floors",
        "Steps and porches",
        "Stamped and decorative concrete",
        "Pavers",
      ],
      benefits: [
        {
          title: "Stains out before they set",
          description:
            "Oil, rust and tire marks get harder to remove the longer they sit. Cleaning them early gives the best result.",
        },
        {
          title: "Less winter damage",
          description:
            "Rinsing off de-icer salts and moisture-holding dirt helps limit surface scaling and flaking through Idaho winters.",
        },
        {
          title: "Better footing",
          description:
            "Algae and slick grime on shady walks, steps and pool decks are removed, so the surface grips again.",
        },
        {
          title: "An even finish",
          description:
            "The surface cleaner leaves clean, uniform concrete without the wand stripes and swirl marks of a rushed job.",
        },
      ],
      faqs: [
        {
          question: "Can you remove every oil stain?",
          answer:
            "Fresh and moderate stains usually come out completely. Oil that has soaked in for years may leave a lighter shadow, because it has gone deep into the concrete. We'll tell you honestly what to expect before we start.",
        },
        {
          question: "Should concrete be cleaned before it's sealed?",
          answer:
            "Yes. Sealer locks in whatever is on the surface, so concrete should be clean and completely dry first. If you're planning to seal, tell us your sealing date so we can wash with enough drying time in between.",
        },
        {
          question: "When is the best time to clean concrete in Idaho?",
          answer:
            "Spring, once nights stay above freezing, to get winter de-icer residue off, and late summer or fall before the first hard freeze. We don't wash concrete in freezing weather because the water turns to ice.",
        },
        {
          question: "Where does the dirty water go?",
          answer:
            "Degreaser and oily runoff don't belong in the storm drain, which isn't connected to a treatment plant. We control runoff on every job, block drains when we use degreasers, and recover the wash water on sites that require it.",
        },
      ],
      keywords: [
        "concrete cleaning Boise",
        "oil stain removal Idaho",
        "patio cleaning Meridian",
        "garage floor cleaning Treasure Valley",
        "concrete pressure washing Nampa",
      ],
    },
  },
  // 5
  {
    slug: "fleet-cleaning",
    title: "Fleet Cleaning",
    category: ["Commercial"],
    description:
      "On-site washing for truck, van, trailer and heavy-equipment fleets at your yard, before or after hours, with degreasing, aluminum brightening and water reclamation where required.",
    icon: "truck",
    template: "fleet",
    page: {
      tagline: "Trucks, vans, trailers and equipment washed at your yard, on a schedule that keeps them working.",
      intro: [
        "Fleet cleaning brings the wash to you. Instead of drivers losing hours in a truck-wash line, our crew comes to your yard, lot or job site and washes trucks, vans, trailers and heavy equipment where they park: before the shift starts, after it ends, or on weekends. The vehicles stay in service and come back clean.",
        "Treasure Valley fleets take a beating. Construction sites and farm roads coat them in mud and road film, harvest dust cakes onto everything, and winter highways spray magnesium chloride that clings to frames, fuel tanks and wheels and keeps working on the metal long after the storm. Regular washing gets that corrosive residue off and keeps lights, reflective tape and USDOT numbers readable.",
        "We work with delivery and service fleets, contractors, landscapers, farms and ag businesses, and equipment rental yards, on weekly, every-other-week or monthly schedules, or as a one-time cleanup before an inspection, a sale or the start of a season.",
      ],
      method:
        "Fleet washing uses our full 1,500–4,000 PSI range: heated water and the higher settings on undercarriages, wheel wells, engine-area grime and equipment caked with grease and mud; lower pressure on painted cabs, decals and box sides. Road film comes off with a truck-wash detergent, and aluminum tanks, wheels and trailers can get a two-step brightener. Where wash water could reach a storm drain, we block the drain and recover the water with a vacuum reclaim system for proper disposal.",
      process: [
        {
          title: "Plan the fleet",
          description:
            "We agree on the units, where they park and the days and hours they're free, then set a per-unit price.",
        },
        {
          title: "Set up and contain",
          description:
            "Our rig sets up clear of traffic, with storm drains blocked and berms laid wherever wash water has to be captured.",
        },
        {
          title: "Degrease and wash",
          description:
            "Grease and road film are pre-soaked, then each unit is washed top to bottom at the pressure and temperature it needs.",
        },
        {
          title: "Rinse, check and report",
          description:
            "Units are rinsed spot-free and checked, and you get a short note on anything we noticed, like a cracked lens or missing tape.",
        },
      ],
      surfaces: [
        "Box trucks and delivery vans",
        "Semi tractors and trailers",
        "Pickups and service trucks",
        "Dump trucks",
        "Excavators, loaders and skid steers",
        "Tractors and farm implements",
        "Buses and shuttle vans",
        "Aluminum tanks and wheels",
      ],
      benefits: [
        {
          title: "No downtime",
          description:
            "Washing at your yard before or after hours means no driver time lost to a truck wash and no vehicles off the road.",
        },
        {
          title: "Slows corrosion",
          description:
            "Getting mag chloride, road salt and caked mud off frames and undercarriages protects expensive equipment.",
        },
        {
          title: "A clean DOT appearance",
          description:
            "Clean lights, reflectors, conspicuity tape, plates and USDOT numbers help your units present well at roadside inspections.",
        },
        {
          title: "Your name, seen clean",
          description:
            "Every truck with your logo on it is advertising. Clean ones tell customers you take care of your work.",
        },
      ],
      faqs: [
        {
          question: "Do you wash fleets in winter?",
          answer:
            "Yes, within limits. Winter is when mag chloride does the most damage, so we schedule washes on days above freezing, usually midday, and can work in a shop or wash bay that has a floor drain. We won't leave water freezing on your lot or on vehicle steps.",
        },
        {
          question: "What happens to the wash water?",
          answer:
            "Fleet wash water carries oil, grease and detergent, and it shouldn't go into a storm drain. Where it could reach one, we block the drain, recover the water with our reclaim system and dispose of it properly. If your site has its own wash pad and oil separator, we use it.",
        },
        {
          question: "How is fleet washing priced?",
          answer:
            "Usually per unit, by vehicle type and size, with better rates for regular schedules and larger fleets. Heavy equipment and one-time deep cleanings are quoted after we see them.",
        },
        {
          question: "Does someone from our company need to be there?",
          answer:
            "Not usually. Once we've agreed which units to wash and where they'll be parked, we can work before you open or after you close. We need access to the yard and, ideally, a water connection; if there's none on site, tell us while we plan the schedule.",
        },
      ],
      keywords: [
        "fleet washing Boise",
        "truck washing Treasure Valley",
        "mobile fleet cleaning Idaho",
        "heavy equipment cleaning Nampa",
        "trailer washing Meridian",
        "on-site fleet wash Caldwell",
      ],
    },
  },
  // 6
  {
    slug: "driveway-cleaning",
    title: "Driveway Cleaning",
    category: ["Residential"],
    description:
      "Driveway cleaning that lifts oil drips, tire marks, sprinkler rust and winter de-icer film from concrete, pavers and exposed aggregate, leaving an even, stripe-free finish.",
    icon: "car",
    template: "concrete",
    page: {
      tagline: "The first thing people see when they pull up, clean from the garage door to the street.",
      intro: [
        "Your driveway takes more abuse than any other surface at home. Cars drip oil and coolant, tires leave dark arcs where they turn, and the edges collect mud washed off the lawn. Because it's such a big slab right at the front of the house, a stained driveway can make an otherwise tidy home look tired.",
        "Idaho adds its own marks. Sprinklers on well water paint orange rust fans along the edges, winter brings de-icer film tracked up from the street, and spring drops cottonwood fluff and Siberian elm seeds that pile into the corners and along the garage door. In newer subdivisions, dust from lots still under construction settles on everything.",
        "A driveway cleaning covers the driveway itself, the apron down to the street and the walk to your front door. Many homeowners pair it with a house wash so the whole front of the property is done the same day.",
      ],
      method:
        "Bare concrete driveways are cleaned at 3,000–4,000 PSI with a rotary surface cleaner, which cleans evenly and avoids the zebra stripes of a hand wand. Oil spots are pre-treated with a degreaser and hit with heated water; rust fans get a rust remover made for concrete. Pavers, exposed aggregate and stamped or sealed concrete are cleaned at lower pressure, toward the 1,500 PSI end, so joint sand, stones and sealer stay where they belong.",
      process: [
        {
          title: "Clear the driveway",
          description:
            "Park on the street for the morning; we sweep away gravel, leaves and seeds before any water goes down.",
        },
        {
          title: "Spot-treat stains",
          description:
            "Oil drips, rust fans and tire marks each get their own treatment and time to soak.",
        },
        {
          title: "Surface clean the slab",
          description:
            "The rotary surface cleaner covers the whole driveway in overlapping passes, from the garage door to the apron.",
        },
        {
          title: "Finish edges and joints",
          description:
            "Edges, expansion joints, the curb cut and the strip along the lawn are cleaned by hand.",
        },
        {
          title: "Final rinse",
          description:
            "Everything is rinsed so the driveway dries evenly, and you can drive on it as soon as we're done.",
        },
      ],
      surfaces: [
        "Concrete driveways",
        "Driveway aprons and curb cuts",
        "Exposed aggregate",
        "Stamped and colored concrete",
        "Paver driveways",
        "RV and boat pads",
        "Side-yard parking slabs",
        "Front walks",
      ],
      benefits: [
        {
          title: "Curb appeal from the street",
          description:
            "A clean driveway frames the house and makes the whole front yard look sharper.",
        },
        {
          title: "Stains gone while they're fresh",
          description:
            "Regular cleaning catches oil and rust before they soak in deep enough to leave a permanent shadow.",
        },
        {
          title: "Less dirt carried inside",
          description:
            "Less grit and oil get tracked into the garage and house on shoes, tires and paws.",
        },
        {
          title: "Care for newer concrete",
          description:
            "Washing off de-icer residue each spring helps limit surface flaking on concrete that's only a few winters old.",
        },
      ],
      faqs: [
        {
          question: "Do I need to be home?",
          answer:
            "No. Leave the driveway clear of vehicles and make sure an outdoor spigot is on, and we'll let you know when we're finished.",
        },
        {
          question: "Will my driveway have stripes afterward?",
          answer:
            "It shouldn't. Stripes and swirl marks come from a wand held at uneven distances. We clean the open slab with a rotary surface cleaner, which gives an even finish.",
        },
        {
          question: "How often should a driveway be cleaned?",
          answer:
            "Once a year is plenty for most homes, ideally in spring to wash off winter residue. Driveways with heavy sprinkler rust, lots of trees or a leaky vehicle may want a second cleaning in the fall.",
        },
        {
          question: "Can you clean pavers without washing out the sand?",
          answer:
            "Yes, by using lower pressure and keeping the spray angled across the joints. A little joint sand loss is normal with any cleaning; if your joints are already low, you'll be able to see afterward whether they need topping up.",
        },
      ],
      keywords: [
        "driveway cleaning Boise",
        "driveway pressure washing Meridian",
        "driveway oil stain removal Idaho",
        "paver driveway cleaning Eagle",
        "driveway rust stain removal Treasure Valley",
      ],
    },
  },
  // 7
  {
    slug: "sidewalk-cleaning",
    title: "Sidewalk Cleaning",
    category: ["Residential", "Commercial"],
    description:
      "Sidewalk and walkway cleaning for homes, HOAs and storefronts: gum, spills, grime, algae and de-icer residue removed for safer footing and a better first impression.",
    icon: "footprints",
    template: "concrete",
    page: {
      tagline: "Safer, cleaner walking surfaces for homes, HOAs and storefronts.",
      intro: [
        "Sidewalks are where people walk first and where grime shows the most. At a home it's the front walk and the public sidewalk along the street; in an HOA it's the common paths; at a business it's the walk from the parking lot to the door, where gum, coffee, food spills and cigarette stains build up day after day.",
        "Shaded walks on the north side of buildings and under trees stay damp and grow a slick film of algae, and every winter leaves a layer of de-icer residue and traction sand behind. Cleaning those surfaces makes them safer to walk on and keeps the grime from being tracked indoors.",
        "We clean sidewalks for homeowners, HOAs and property managers, and on recurring schedules for shops, restaurants and offices, early in the morning or after closing so foot traffic isn't interrupted.",
      ],
      method:
        "Sidewalks are cleaned with a rotary surface cleaner at 2,500–4,000 PSI for an even finish, with heated water for gum, grease and food spills that cold water only smears. Gum is softened with heat and lifted rather than scraped. Around storefronts we control runoff and, where the site requires it, vacuum up the wash water instead of letting it reach the storm drain.",
      process: [
        {
          title: "Mark the work area",
          description:
            "Cones and signs go out so people can get around us safely, and entrances stay usable.",
        },
        {
          title: "Pre-treat spots",
          description: "Gum, grease, drink spills and leaf or berry stains get a targeted treatment first.",
        },
        {
          title: "Clean the walk",
          description: "The surface cleaner runs the length of each walk in even, overlapping passes.",
        },
        {
          title: "Detail around fixtures",
          description:
            "Curbs, ramps, steps and the edges around benches, planters and bike racks are cleaned by hand.",
        },
        {
          title: "Rinse and reopen",
          description: "We rinse, check for anything left, pick up the cones and leave the walk open.",
        },
      ],
      surfaces: [
        "Public sidewalks along your property",
        "Front walks and garden paths",
        "HOA common walkways",
        "Storefront sidewalks",
        "Entryways and landings",
        "Curb ramps and steps",
        "Courtyards and plazas",
        "Outdoor dining areas",
      ],
      benefits: [
        {
          title: "Better footing",
          description:
            "Removing algae, spills and slick grime reduces slip hazards on walks people use every day.",
        },
        {
          title: "A welcoming entrance",
          description:
            "A clean walk up to the door tells guests and customers the place is looked after.",
        },
        {
          title: "Cleaner floors inside",
          description: "Less grit and grime on the walk means less tracked onto carpet, tile and entry mats.",
        },
        {
          title: "Scheduled around you",
          description:
            "Early-morning and after-hours cleaning keeps walks open when residents and customers need them.",
        },
      ],
      faqs: [
        {
          question: "Can you get chewing gum off?",
          answer:
            "Yes. We soften gum with heated water and lift it off the concrete. Old gum can leave a faint shadow on very porous concrete, but the raised black spots are gone.",
        },
        {
          question: "Do you offer recurring cleaning for businesses?",
          answer:
            "Yes. Many storefronts and restaurants book monthly or quarterly cleaning, and busy entrances sometimes more often. We'll suggest a schedule after we've seen the site.",
        },
        {
          question: "Can you fix cracked or uneven sidewalk?",
          answer:
            "No, we clean concrete but don't repair it. If we notice a trip hazard, a cracked panel or a lifted edge while we work, we'll point it out so you can call a concrete contractor.",
        },
      ],
      keywords: [
        "sidewalk cleaning Boise",
        "walkway pressure washing Meridian",
        "storefront sidewalk cleaning Idaho",
        "gum removal Treasure Valley",
        "HOA sidewalk cleaning Nampa",
      ],
    },
  },
  // 8
  {
    slug: "fence-deck-cleaning",
    title: "Fence & Deck Cleaning",
    category: ["Residential"],
    description:
      "Gentle cleaning for wood, vinyl and composite fences and decks that lifts graying, mildew and dirt without gouging the boards, and leaves wood ready for stain.",
    icon: "fence",
    template: "house",
    page: {
      tagline: "Wood, vinyl and composite cleaned gently, without fuzzing or gouging the boards.",
      intro: [
        "Fences and decks sit out in every kind of Idaho weather: high-desert sun that grays and dries wood, sprinklers soaking the same boards with mineral-heavy water every morning, and snow piled against them all winter. After a few years, cedar turns silver, the shady side of a vinyl fence turns green, and composite decking collects grime and mildew in its texture.",
        "Cleaning them takes a lighter touch than concrete. Too much pressure tears wood fibers and leaves a fuzzy, furrowed surface that looks worse once it dries and soaks up stain unevenly. We clean wood with cleaners and low pressure, then brighten it to bring back its natural color.",
        "A clean deck is also the first step before staining or sealing. If you plan to refinish this year, we'll leave the wood clean and ready so the new finish goes on evenly.",
      ],
      method:
        "Wood is soft washed under 500 PSI with a wood-safe cleaner that lifts gray, weathered fibers, dirt and mildew, then treated with an oxalic-acid brightener that restores color and balances the wood after cleaning. Vinyl fences are soft washed the same gentle way. Composite decking is cleaned at low pressure with a cleaner that fits the decking maker's care instructions. Nothing wooden ever sees the 1,500–4,000 PSI we use on concrete.",
      process: [
        {
          title: "Check the boards",
          description:
            "We look for loose boards, popped nails, soft or rotted spots and failing finish, and tell you about them before we start.",
        },
        {
          title: "Protect what's nearby",
          description:
            "Furniture, grills and planters are moved, and plants and siding next to the deck or fence are wetted down and protected.",
        },
        {
          title: "Clean",
          description: "A wood-safe cleaner goes on and is left to loosen dirt, mildew and graying.",
        },
        {
          title: "Rinse and brighten",
          description:
            "We rinse at low pressure along the grain, then apply brightener to bring back the color of the wood.",
        },
        {
          title: "Let it dry",
          description:
            "Wood must dry completely before any stain or sealer. We'll tell you how long to wait given the weather.",
        },
      ],
      surfaces: [
        "Cedar and pine fences",
        "Vinyl fences",
        "Wood decks",
        "Composite decks",
        "Railings and stairs",
        "Pergolas and arbors",
        "Gates",
        "Wooden playsets",
      ],
      benefits: [
        {
          title: "Color back, boards intact",
          description:
            "Graying and mildew come off without the fuzzing and gouges high pressure leaves in wood.",
        },
        {
          title: "Ready for stain",
          description:
            "Clean, brightened wood takes stain evenly, and a finish on clean wood lasts longer.",
        },
        {
          title: "Less slippery",
          description: "Removing mildew and algae makes deck boards and stairs safer underfoot.",
        },
        {
          title: "Longer-lasting wood",
          description:
            "Dirt and mildew hold moisture in the boards; cleaning them off slows rot, cupping and splitting.",
        },
      ],
      faqs: [
        {
          question: "Will pressure washing damage my deck?",
          answer:
            "High pressure can, which is why we don't use it on wood. It raises the grain and cuts grooves that show through any stain. We clean with wood-safe solutions at low pressure and rinse along the grain.",
        },
        {
          question: "How long should I wait to stain after cleaning?",
          answer:
            "Until the wood is completely dry, which is usually at least two warm, dry days in the Treasure Valley summer and longer in cool or damp weather. Follow your stain maker's directions on moisture and temperature.",
        },
        {
          question: "My vinyl fence has turned green. Can you fix that?",
          answer:
            "Yes. The green is algae or mildew, usually on the shaded side or where sprinklers hit. Soft washing kills it and rinses it off without scratching the vinyl.",
        },
        {
          question: "Is the cleaning safe for the lawn and plants along the fence?",
          answer:
            "Yes, with care. We water plants and grass before and after and rinse thoroughly, so the cleaner is diluted and washed away rather than left to sit.",
        },
      ],
      keywords: [
        "fence cleaning Boise",
        "deck cleaning Meridian",
        "vinyl fence cleaning Idaho",
        "wood deck washing Eagle",
        "composite deck cleaning Treasure Valley",
      ],
    },
  },
  // 9
  {
    slug: "roof-cleaning",
    title: "Roof Cleaning",
    category: ["Residential", "Commercial"],
    description:
      "Soft-wash roof cleaning under 500 PSI that kills black algae streaks, moss and lichen on shingles and tile without stripping granules or cracking tiles.",
    icon: "house-roof",
    template: "soft",
    page: {
      tagline: "Black streaks, moss and lichen removed from your roof without a pressure washer.",
      intro: [
        "The dark streaks running down many roofs aren't dirt. They're usually algae, which feeds on the limestone filler in asphalt shingles. The green cushions and gray-green crusts on shaded slopes are moss and lichen. In the Treasure Valley's dry climate, growth mostly shows up on north-facing slopes, under big trees and near sprinklers, while on cabins around McCall it can cover a roof.",
        "Growth isn't just cosmetic. Moss holds water against the shingles, lifts their edges and wicks water underneath, and in winter that water freezes and expands. Lichen grips the surface and takes granules with it when it finally lets go. Removing it properly helps the roof reach the life it was built for.",
        "A roof should never be cleaned with a pressure washer. High pressure strips the granules that shield shingles from the sun, cracks tile and forces water under the roofing. We soft wash roofs, which kills the growth in place and lets it rinse away.",
      ],
      method:
        "Roofs are soft washed under 500 PSI with a sodium hypochlorite–based solution mixed for the roofing material and the amount of growth. We apply it, let it dwell and rinse at low pressure. Thick moss is brushed off by hand where it comes away safely, and growth that's left clings loosely until the next rains or snowmelt wash it off. Our 1,500–4,000 PSI machines are never used on shingles or tile.",
      process: [
        {
          title: "Inspect the roof",
          description:
            "We check the roofing material, pitch and growth, and look for missing shingles or cracked tiles, and tell you what we find before we start.",
        },
        {
          title: "Protect the property below",
          description:
            "Plants, lawn and siding under the eaves are soaked, downspouts are directed away from gardens, and patio furniture is moved.",
        },
        {
          title: "Treat the growth",
          description:
            "The solution is applied at low pressure from a ladder or from the roof, with our crew using fall protection.",
        },
        {
          title: "Rinse and brush",
          description:
            "After the dwell time, the roof is rinsed gently and heavy moss is brushed off by hand where it releases.",
        },
        {
          title: "Clean up",
          description:
            "Gutters are flushed, walks and plants are rinsed, and we go over the result with you.",
        },
      ],
      surfaces: [
        "Asphalt shingle roofs",
        "Architectural shingles",
        "Concrete tile roofs",
        "Clay tile roofs",
        "Metal roofs",
        "Cedar shake roofs",
        "Low-slope roofs",
        "Garage, shed and shop roofs",
      ],
      benefits: [
        {
          title: "Kills growth, spares shingles",
          description:
            "Algae, moss and lichen are killed with a cleaning solution instead of being blasted off along with the granules.",
        },
        {
          title: "Protects the roof's life",
          description:
            "Getting moisture-holding moss off the shingles helps prevent lifted edges, leaks and freeze damage.",
        },
        {
          title: "A better-looking home",
          description: "A streak-free roof changes how the whole house looks from the street.",
        },
        {
          title: "Stays clean longer",
          description:
            "Because the spores are killed rather than scattered, regrowth is slower than after a pressure wash.",
        },
      ],
      faqs: [
        {
          question: "Why not just pressure wash the roof?",
          answer:
            "High pressure knocks off the protective granules on asphalt shingles, can crack tile and drives water under the roofing, and shingle manufacturers advise against it. Soft washing kills the growth with a cleaning solution and low pressure, so the roof itself isn't harmed.",
        },
        {
          question: "Will the moss disappear right away?",
          answer:
            "Algae streaks usually fade during the cleaning. Thick moss and lichen are killed but can take a few weeks of weather to let go and wash off completely; we brush off what comes away safely during the visit.",
        },
        {
          question: "How often does a roof need cleaning?",
          answer:
            "It depends on shade and moisture. Many Treasure Valley roofs only need it every few years; shaded north slopes under trees, and mountain cabins, may need it more often.",
        },
        {
          question: "Do you clean roofs in winter?",
          answer:
            "No. We don't go up on roofs with frost, ice or snow, and the solution needs temperatures well above freezing to work and rinse properly. Spring through fall is roof-cleaning season.",
        },
      ],
      keywords: [
        "roof cleaning Boise",
        "roof moss removal Idaho",
        "soft wash roof cleaning Meridian",
        "roof algae streak removal Treasure Valley",
        "shingle roof cleaning Eagle",
        "cabin roof cleaning McCall",
      ],
    },
  },
  // 10
  {
    slug: "gutter-cleaning",
    title: "Gutter Cleaning",
    category: ["Residential", "Commercial"],
    description:
      "Gutters cleared by hand and downspouts flushed, so spring seeds, cottonwood fluff and fall leaves don't cause overflows, ice buildup or water pooling at the foundation.",
    icon: "waves",
    template: "house",
    page: {
      tagline: "Gutters cleared by hand and downspouts flushed, so water goes where it should.",
      intro: [
        "Gutters only work when water can get through them. When they fill with leaves, seeds, shingle grit and mud, rain and snowmelt spill over the edge, soak the ground along the foundation, streak the siding and, in winter, freeze into heavy ice along the eaves.",
        "Treasure Valley gutters fill up twice a year. In spring, Siberian elm seeds, maple helicopters and cottonwood fluff pack into them; in fall it's leaves, pine needles and summer dust turned to sludge. The best times to clean are late spring, after the seeds have dropped, and late fall once the trees are bare and before everything freezes.",
        "Cleaning also gives us a close look at the roof edge. We'll tell you about sagging runs, loose hangers, leaking seams and downspouts that empty against the house, so small problems get fixed before they turn into expensive ones.",
      ],
      method:
        "Debris is scooped out by hand and bagged, not blown across your roof and yard. Gutters and downspouts are then flushed with low-pressure water to wash out grit and find clogs, and stubborn downspouts are cleared with a drain snake. The black \"tiger stripes\" on the outside of gutters can be removed on request with a soft wash under 500 PSI. We never aim the 1,500–4,000 PSI of a pressure washer into gutters or up under the shingles.",
      process: [
        {
          title: "Set ladders safely",
          description:
            "Ladders go up with standoffs that keep their weight off the gutters, and we check the roof edge before climbing.",
        },
        {
          title: "Remove debris by hand",
          description: "Leaves, seeds and sludge are scooped out and bagged for disposal.",
        },
        {
          title: "Flush gutters and downspouts",
          description:
            "Low-pressure water clears the grit left behind and shows whether each downspout drains freely.",
        },
        {
          title: "Check flow and hardware",
          description:
            "We watch water run through every section and note leaks, sagging runs, loose hangers and poor drainage.",
        },
        {
          title: "Clean up and report",
          description:
            "Roof edges, walks and flower beds below are cleaned up, and we tell you what we found.",
        },
      ],
      surfaces: [
        "Seamless aluminum gutters",
        "Downspouts",
        "Gutter guards and screens",
        "Roof valleys at the gutter line",
        "Gutter faces (tiger stripes)",
        "Commercial box gutters",
        "Scuppers and roof drains",
        "Garage and shop gutters",
      ],
      benefits: [
        {
          title: "Protects the foundation",
          description:
            "Water leaves through the downspouts instead of spilling along the foundation and into crawl spaces and window wells.",
        },
        {
          title: "No overflow stains",
          description: "Clear gutters stop the dirty water that streaks siding, stucco and brick below the eaves.",
        },
        {
          title: "Less winter ice",
          description:
            "Gutters that drain don't hold water that freezes into heavy ice and pulls on the hangers.",
        },
        {
          title: "Early warning",
          description:
            "A close look at every run catches leaks, sagging and loose downspouts while they're still cheap to fix.",
        },
      ],
      faqs: [
        {
          question: "How often should gutters be cleaned?",
          answer:
            "Twice a year for most homes: late spring and late fall. Homes under big cottonwoods, elms or pines may need an extra visit.",
        },
        {
          question: "Do you clean gutters that have guards?",
          answer:
            "Yes. Guards keep leaves out, but seeds and grit still get through and debris mats on top. We clean the top of the guards and, where they lift off without damage, the gutter underneath.",
        },
        {
          question: "Do you repair gutters?",
          answer:
            "Gutter cleaning doesn't include repairs, and we don't install gutters. We'll tell you exactly what we found, with photos if you'd like, so a gutter contractor can fix it.",
        },
        {
          question: "Can you clean gutters on a two-story home?",
          answer:
            "Yes. We work from ladders on most one- and two-story homes. Very tall or steep buildings may need other access, which we'll discuss when we quote.",
        },
      ],
      keywords: [
        "gutter cleaning Boise",
        "gutter cleaning Meridian ID",
        "downspout cleaning Treasure Valley",
        "gutter flushing Idaho",
        "commercial gutter cleaning Nampa",
      ],
    },
  },
  // 11
  {
    slug: "commercial-pressure-washing",
    title: "Commercial Pressure Washing",
    category: ["Commercial"],
    description:
      "Pressure washing for storefronts, restaurants, offices, warehouses and HOAs: sidewalks, drive-thrus, dumpster pads, building exteriors and parking areas, done after hours.",
    icon: "building",
    template: "pressure",
    page: {
      tagline: "Clean entrances, walks and buildings for your customers, done outside your business hours.",
      intro: [
        "Customers judge a business before they walk in. A gum-spotted sidewalk, a grease-stained drive-thru lane, a smelly dumpster corral or a dusty building front says more than any sign. Commercial pressure washing keeps the outside of your property as clean as the inside, on a schedule that fits how you operate.",
        "We work with retail centers, restaurants, offices, medical buildings, warehouses, apartment communities and HOAs across the Treasure Valley. Most of the work happens early in the morning, in the evening or on weekends, so entrances stay open and parking lots stay usable while you're doing business.",
        "Commercial sites come with rules residential jobs don't: storm drain protection, wash water that has to be recovered instead of sent down the drain, and property managers who need a certificate of insurance before anyone starts. We're set up for all of it and carry $1 million in liability coverage.",
      ],
      method:
        "Commercial work uses the full range of our equipment: up to 4,000 PSI with heated water on drive-thru lanes, dumpster pads, loading docks and gum-covered walks, and soft washing under 500 PSI on painted building fronts, EIFS, awnings and signs. Restaurant grease gets a degreaser before the wash. Storm drains are covered, and where a site requires it, wash water is recovered with a vacuum reclaim system and disposed of properly.",
      process: [
        {
          title: "Site walk and scope",
          description:
            "We walk the property with you or your manager, map out what gets cleaned, and agree on hours, access and any landlord or HOA rules.",
        },
        {
          title: "Insurance and schedule",
          description:
            "We send a certificate of insurance and set a one-time date or a recurring monthly, quarterly or seasonal schedule.",
        },
        {
          title: "Set up and protect",
          description:
            "Cones, signs and drain covers go out before any water does; entrances, vehicles and landscaping are protected.",
        },
        {
          title: "Clean and recover",
          description:
            "Each surface gets the right pressure, temperature and cleaner, and wash water is contained and recovered where required.",
        },
        {
          title: "Sign-off",
          description:
            "We check the work with your manager or send photos, and note anything that needs attention before the next visit.",
        },
      ],
      surfaces: [
        "Storefronts and entrances",
        "Sidewalks and plazas",
        "Drive-thru lanes",
        "Dumpster pads and enclosures",
        "Loading docks",
        "Parking garages and stairwells",
        "Building exteriors and awnings",
        "Apartment and HOA common areas",
      ],
      benefits: [
        {
          title: "Better first impressions",
          description:
            "Clean walks, entrances and building fronts make customers, tenants and visitors feel welcome before they reach the door.",
        },
        {
          title: "Safer for customers and staff",
          description:
            "Removing grease, algae and spills from walks and entrances cuts slip hazards where foot traffic is heaviest.",
        },
        {
          title: "No disruption",
          description:
            "Early, late and weekend scheduling means no blocked doors, closed lanes or wet walks during business hours.",
        },
        {
          title: "Done by the rules",
          description:
            "Drain protection, water recovery where required, proof of insurance and a crew that follows your site rules.",
        },
      ],
      faqs: [
        {
          question: "Can you work outside business hours?",
          answer:
            "Yes, and most commercial cleaning is done that way: before opening, after close or on weekends. Restaurants usually book after closing; retail centers often prefer early mornings.",
        },
        {
          question: "Can you provide a certificate of insurance?",
          answer:
            "Yes. We carry $1 million in general liability coverage and can send a certificate naming your company or property manager before work begins.",
        },
        {
          question: "How often should a commercial property be cleaned?",
          answer:
            "Dumpster pads and drive-thrus often need monthly cleaning, busy sidewalks and entrances monthly or quarterly, and building exteriors once or twice a year. We'll recommend a schedule after seeing your site.",
        },
        {
          question: "What do you do with the wash water?",
          answer:
            "We keep detergent and grease out of the storm drains, which aren't connected to a treatment plant. Drains are covered, and where your city or property requires it we vacuum up the wash water and dispose of it properly.",
        },
      ],
      keywords: [
        "commercial pressure washing Boise",
        "storefront cleaning Meridian",
        "dumpster pad cleaning Idaho",
        "drive-thru pressure washing Treasure Valley",
        "parking garage cleaning Boise",
        "HOA pressure washing Nampa",
      ],
    },
  },
  // 12
  {
    slug: "holiday-light-installation",
    title: "Holiday Light Installation",
    category: ["Residential", "Commercial"],
    description:
      "Custom holiday lighting designed, installed with commercial-grade LEDs, maintained all season, then taken down and stored. Book in October or early November.",
    icon: "sparkles",
    template: "holiday",
    page: {
      tagline:
        "Custom-fit holiday lights without a cold weekend on a ladder: designed, installed, maintained and taken down for you.",
      intro: [
        "Holiday light installation is a full-season service. We design a display for your home or business, install it with commercial-grade LED lights cut to fit your roofline, keep it shining through the season, and take it down and store it once the holidays are over. You never untangle a strand or climb onto a frosty roof.",
        "Book in October or early November. We install from early November into December, and the most popular dates, the ones before Thanksgiving and before the first real snow, are the first to go. Booking early gets you the install date you want and time to plan the design together.",
        "We light rooflines, peaks, windows, trees, shrubs and walkways for homes across the Treasure Valley, and storefronts, offices, restaurants and HOA entrances for businesses that want to look their best through the busiest weeks of the year.",
      ],
      method:
        "Displays are built with commercial-grade LED strands and C9 or C7 bulbs on wire cut to length for each run, so there's no slack wire or bunched-up strands. Everything attaches with plastic clips that grip gutters and shingle edges; we use no nails, screws or staples. Each display runs on outdoor-rated cords and a timer, with circuits planned so nothing overloads an outlet. If your gutters or roofline need cleaning first, we can soft wash them under 500 PSI before the lights go up.",
      process: [
        {
          title: "Design and quote",
          description:
            "We measure the roofline and talk through colors, style and what you'd like lit, then send a written quote.",
        },
        {
          title: "Installation",
          description:
            "Our crew installs the display with commercial-grade LEDs and clips, sets the timer and tests every run before leaving.",
        },
        {
          title: "In-season maintenance",
          description:
            "If a bulb or strand goes out during the season, let us know and we'll come out to fix it.",
        },
        {
          title: "Takedown in January",
          description:
            "After the holidays we take everything down carefully, leaving gutters and shingles just as we found them.",
        },
        {
          title: "Storage",
          description:
            "Lights are labeled by location, packed and stored until next season, ready to go back up on your home.",
        },
      ],
      surfaces: [
        "Rooflines and gutters",
        "Peaks and gables",
        "Windows and doorways",
        "Trees and trunk wraps",
        "Shrubs and hedges",
        "Walkways and driveway edges",
        "Wreaths and garland",
        "Storefronts and building entrances",
      ],
      benefits: [
        {
          title: "No ladders, no cold fingers",
          description:
            "We do the climbing, clipping and untangling, so you don't spend a November weekend on a ladder.",
        },
        {
          title: "A clean, custom fit",
          description:
            "Lights cut to your roofline look straight and even, without sagging strands or extra wire.",
        },
        {
          title: "Efficient LEDs",
          description:
            "Commercial-grade LEDs use a fraction of the electricity of old incandescent strings and stay cool to the touch.",
        },
        {
          title: "Worry-free all season",
          description: "Maintenance, takedown and storage are part of the service, not extra chores for you.",
        },
      ],
      faqs: [
        {
          question: "Can you light up a business or an HOA entrance?",
          answer:
            "Yes. We design displays for storefronts, offices, restaurants and neighborhood entrances, and can install outside business hours so customers aren't disturbed.",
        },
        {
          question: "Will the lights run up my power bill?",
          answer:
            "Not by much. LED strands draw far less power than incandescent lights, and the timer keeps them on only during the evening hours you choose.",
        },
        {
          question: "Can you hang decorations I already own?",
          answer:
            "Often, yes, if they're in good shape and rated for outdoor use. We'll look at them during the design visit. We can't guarantee decorations we didn't supply the way we stand behind our own.",
        },
        {
          question: "What if it snows on installation day?",
          answer:
            "We don't work on roofs covered in snow or ice. If the weather turns, we move your install to the next safe day and keep you posted.",
        },
      ],
      keywords: [
        "holiday light installation Boise",
        "Christmas light installation Meridian",
        "professional Christmas lights Idaho",
        "commercial holiday lighting Treasure Valley",
        "holiday lights Eagle ID",
        "Christmas light takedown and storage",
      ],
    },
  },
] satisfies ServiceInput[];

/** The fleet page's process: the step number comes from the position. */
export const fleetProcess = [
  {
    title: "Scheduling and fleet assessment",
    description:
      "We visit your yard or talk it through by phone: how many units, what types, how dirty they get, where they park and when they're free. Then we set a wash schedule and a per-unit price that fit your operation.",
  },
  {
    title: "On-site setup and containment",
    description:
      "Our rig arrives at the agreed time, before or after your hours, and sets up clear of traffic. Storm drains are blocked, and berms and mats go down wherever wash water has to be captured.",
  },
  {
    title: "Pre-treatment and degreasing",
    description:
      "Road film, diesel soot, grease and mud get a pre-soak and a degreaser matched to the job. Aluminum tanks, wheels and trailers can be brightened to remove oxidation and road stains.",
  },
  {
    title: "Wash and rinse",
    description:
      "Each unit is washed top to bottom, with heated water where grease and caked mud call for it and lower pressure on cabs, decals and lettering, then rinsed clean so no detergent is left to spot.",
  },
  {
    title: "Inspection and report",
    description:
      "We walk every unit, touch up anything missed and recover the wash water. After each visit you get a short report listing the units washed and anything we noticed, such as a burned-out light, a cracked lens or missing reflective tape.",
  },
] satisfies z.input<typeof step>[];

/** Holiday-lights page FAQ: exactly 8 items with ids faq-1 ... faq-8. */
export const holidayFaq = [
  {
    id: "faq-1",
    question: "When should I book holiday light installation?",
    answer:
      "Book in October or early November. We install from early November into December, and the calendar fills quickly after Halloween. Booking early gets you the date you want, usually before Thanksgiving, and leaves time to plan the design.",
  },
  {
    id: "faq-2",
    question: "What's included in the service?",
    answer:
      "The design, commercial-grade LED lights, clips, cords and a timer, professional installation, maintenance through the season, takedown in January and storage of the lights until next year. Your written quote lists exactly what's covered for your home.",
  },
  {
    id: "faq-3",
    question: "Do I own the lights, or do you?",
    answer:
      "That depends on the option you choose. With a lease-style plan, the lights stay ours and we handle replacement and storage. With a purchase plan, the lights are yours to keep, and we can store them for you between seasons. We'll explain both when we quote.",
  },
  {
    id: "faq-4",
    question: "Will installation damage my gutters or shingles?",
    answer:
      "No. We attach lights with plastic clips that grip the gutter lip or the edge of the shingles. We never use nails, screws, staples or adhesive, so nothing is left behind when the lights come down.",
  },
  {
    id: "faq-5",
    question: "How do the lights turn on and off?",
    answer:
      "Every display is plugged into a timer. We set it to turn on around dusk and off at the time you choose, and we'll change the schedule whenever you ask during the season.",
  },
  {
    id: "faq-6",
    question: "What if a strand or bulb goes out in the middle of the season?",
    answer:
      "Let us know by phone or text. Maintenance is part of the service: we come out, find the problem and replace the bulb, strand or cord for the lights we installed. Wind, heavy snow and curious squirrels occasionally cause trouble, and we fix that too.",
  },
  {
    id: "faq-7",
    question: "When do the lights come down, and where do they go?",
    answer:
      "Takedowns start in early January, after New Year's, and run through the month; if you need yours down by a certain date, tell us and we'll plan for it. We don't go up on icy roofs, so a storm can shift the day. The lights are then labeled, packed and stored until next season.",
  },
  {
    id: "faq-8",
    question: "How much does holiday lighting cost?",
    answer:
      "It depends on how many feet of roofline and ridges we light, the height and pitch of the roof, how many trees, shrubs and windows you want lit, whether you lease or buy the lights, and extras like wreaths and garland. We measure and give you a written quote before anything is scheduled.",
  },
] satisfies z.input<typeof faqItemSchema>[];
