/**
 * The 12 city landing pages. The order matters: the footer shows the first 6, the home page and the
 * mobile menu the first 8. Every page has its own words, so each reads as a page about its city, not
 * one page with the name swapped; the company name, phone and e-mail are inserted by the pages, never
 * written here.
 */
import type { z } from "zod";
import type { locationSchema } from "./schema.ts";

export type LocationInput = z.input<typeof locationSchema>;

export const locations = [
  {
    city: "Boise",
    slug: "boise",
    state: "ID",
    description:
      "House washing, roof soft washing and concrete cleaning across Boise, from North End bungalows and Bench ranch homes to Harris Ranch and downtown storefronts. Same-day service is often available.",
    zipCodes: ["83701", "83702", "83703", "83704", "83705", "83706", "83709", "83712", "83713", "83714", "83716", "83717"],
    population: "235,000+",
    avgResponse: "Same Day",
    coordinates: [-116.2023, 43.615],
    focus: "Older neighborhoods, Foothills homes and downtown storefronts",
    page: {
      headline: "Pressure Washing in Boise, Idaho",
      intro: [
        "Boise is a city of contrasts for exterior cleaning. In the North End and East End, homes built in the early 1900s sit under a canopy of old maples and sycamores, with painted wood siding, brick chimneys and front porches that need a gentle touch. On the Bench, mid-century ranch homes have long runs of driveway and sidewalk that hold years of oil and rust. Up toward the Foothills and out in Harris Ranch, newer stucco and stone homes catch wind-blown dust from the sagebrush slopes every summer.",
        "We match the method to the house. Old paint and cedar shakes get a soft wash under 500 PSI so nothing is stripped or splintered, while concrete, pavers and downtown sidewalks get a surface cleaner and hot water in the 1,500–4,000 PSI range. Boise's water runs hard, so we finish windows and dark trim with a careful final rinse; otherwise mineral spots simply replace the dirt we came to remove.",
      ],
      services: [
        {
          name: "House Washing",
          sentence:
            "North End bungalows with painted lap siding and Bench ranch homes with brick and aluminum trim get a low-pressure wash that lifts dust and cobwebs without lifting paint.",
        },
        {
          name: "Roof Cleaning",
          sentence:
            "Shaded north-facing roofs under the North End's big trees grow moss and black streaks; we soft wash them and treat the growth so it does not return after the first wet spring.",
        },
        {
          name: "Driveway & Concrete Cleaning",
          sentence:
            "Long Bench driveways, aggregate walkways in Southeast Boise and pool decks in Northwest Boise are surface cleaned to remove oil, tire marks and the grey film sprinklers leave behind.",
        },
        {
          name: "Commercial Pressure Washing",
          sentence:
            "Downtown storefronts, patios along 8th Street and parking structures get early-morning sidewalk and gum cleaning, finished before the lunch crowd arrives.",
        },
        {
          name: "Gutter Cleaning",
          sentence:
            "Maple, oak and cottonwood leaves clog gutters quickly in the North End and along the Boise River, so we clear and flush them each fall before the first hard freeze.",
        },
        {
          name: "Fence & Deck Cleaning",
          sentence:
            "Cedar fences and decks facing the Foothills fade and grey in the high-desert sun; we clean them at low pressure so the wood is ready for fresh stain or sealer.",
        },
      ],
      neighborhoods: [
        "Downtown Boise",
        "North End",
        "East End",
        "Boise Bench",
        "Harris Ranch",
        "Southeast Boise",
        "West Boise",
        "Northwest Boise",
      ],
      reasons: [
        {
          title: "We know Boise's older homes",
          description:
            "Original wood siding, old layers of paint and soft brick mortar in the North End and East End call for low pressure and patience. We test a small area first and adjust before washing the whole house.",
        },
        {
          title: "Same-day service across the city",
          description:
            "Our crews are in Boise every working day, so a morning call often puts a crew at your house that afternoon, whether you live on the Bench or in the Barber Valley.",
        },
        {
          title: "A spot-free finish despite hard water",
          description:
            "We rinse glass, dark trim and anodized storefront frames with care and wipe where needed, so Boise's mineral-heavy water does not leave white spots behind.",
        },
      ],
      conditions:
        "Boise summers are hot and dry, and afternoon winds carry Foothills dust, and in bad fire years ash, onto siding and windows. Cottonwood fluff from the Boise River corridor sticks to screens and damp decks in early summer. Winter inversions trap soot that settles as a grey film on light-colored homes. North-facing roofs and fences under mature trees stay damp long enough for moss and algae to take hold, and the city's hard water leaves white rings wherever sprinklers hit glass or brick.",
      keywords: [
        "pressure washing Boise",
        "house washing Boise ID",
        "roof moss removal Boise",
        "North End house washing",
        "concrete cleaning Boise Idaho",
      ],
    },
  },
  {
    city: "Meridian",
    slug: "meridian",
    state: "ID",
    description:
      "Our home base. House washing, irrigation stain removal and concrete cleaning for Meridian's subdivisions, from Old Town to Paramount and Lochsa Falls, with same-day service most days.",
    zipCodes: ["83642", "83646"],
    population: "125,000+",
    avgResponse: "Same Day",
    coordinates: [-116.3915, 43.6121],
    focus: "Newer subdivisions, HOA standards and our home base",
    page: {
      headline: "Pressure Washing in Meridian, Idaho",
      intro: [
        "Meridian is where we are based, and many of the homes we wash here were built in the last twenty-five years: two-story houses with fiber-cement, vinyl or engineered wood siding, three-car garages and wide concrete driveways. The city grew out of dairy and farm ground, and the fields that still border many subdivisions send dust and pollen into every window track and soffit.",
        "Most neighborhoods water their lawns with pressurized irrigation drawn from the canals, and the sediment in that water leaves rust-orange bands on siding, fences and curbs wherever a sprinkler head oversprays. HOAs in communities like Paramount and Bridgetower notice that staining, along with green streaks on north walls. We soft wash the house and treat irrigation stains with a cleaner made for them, instead of blasting them, which can scar both siding and concrete.",
      ],
      services: [
        {
          name: "House Washing",
          sentence:
            "Fiber-cement and vinyl siding on two-story Meridian homes is washed from the ground with a soft wash, so there are no ladders leaning on your gutters and no water forced behind the panels.",
        },
        {
          name: "Irrigation Stain Removal",
          sentence:
            "Rust-orange overspray marks from canal-fed sprinklers are dissolved on siding, vinyl fences, curbs and sidewalks and rinsed off rather than ground deeper into the surface.",
        },
        {
          name: "Driveway Cleaning",
          sentence:
            "Wide three-car driveways and the sidewalks in front of them get a rotary surface cleaner for an even result, without the stripes a wand leaves on broom-finished concrete.",
        },
        {
          name: "Roof Cleaning",
          sentence:
            "Black algae streaks on the north slopes of asphalt shingle roofs are soft washed away, keeping the granules in place and the house within HOA appearance rules.",
        },
        {
          name: "Commercial Pressure Washing",
          sentence:
            "Storefronts, drive-through lanes and dumpster pads along Eagle Road and around The Village are cleaned before opening or after closing.",
        },
        {
          name: "Fence Cleaning",
          sentence:
            "Vinyl privacy fences that turn green on the shady side and grey with field dust on the other are brought back to white at low pressure.",
        },
      ],
      neighborhoods: [
        "Old Town Meridian",
        "Paramount",
        "Bridgetower",
        "Lochsa Falls",
        "Tuscany",
        "Spurwing",
        "Settlers Park Area",
        "South Meridian",
      ],
      reasons: [
        {
          title: "Headquartered in Meridian",
          description:
            "Our crews start every day here, so Meridian jobs are close by and same-day service is common, even for a fence section or a single driveway.",
        },
        {
          title: "Ready for your HOA letter",
          description:
            "Tell us the deadline on your HOA notice and we will schedule to meet it. Ask for before-and-after photos and we will send them so you can show the board the work is done.",
        },
        {
          title: "The right pressure for newer materials",
          description:
            "Engineered wood, vinyl and stamped concrete are easy to damage with a hot wand. Siding gets a soft wash under 500 PSI; higher pressure is kept for surfaces built to take it.",
        },
      ],
      conditions:
        "Meridian sits in the middle of the valley floor, open to the wind with little to slow it down. Spring brings pollen from ornamental pears, maples and lawn grasses that coats siding a yellow-green, and summer adds dust from fields still being farmed or graded for the next subdivision. Pressurized irrigation runs from roughly mid-April to mid-October, so orange staining builds all season long. In winter, the north walls and side-yard fences of closely spaced homes get little sun and hold algae.",
      keywords: [
        "pressure washing Meridian ID",
        "house washing Meridian",
        "irrigation stain removal Meridian",
        "HOA exterior cleaning Meridian",
        "driveway cleaning Meridian Idaho",
      ],
    },
  },
  {
    city: "Eagle",
    slug: "eagle",
    state: "ID",
    description:
      "Careful cleaning for Eagle estates: stone, stucco, long driveways and pavers, plus barns, arenas and irrigation equipment on acreages along the Boise River and in the foothills. Same-day service.",
    zipCodes: ["83616"],
    population: "33,000+",
    avgResponse: "Same Day",
    coordinates: [-116.3549, 43.6963],
    focus: "Luxury homes and estates",
    page: {
      headline: "Pressure Washing in Eagle, Idaho",
      intro: [
        "Eagle homes ask for more care than most. Many are large custom builds with natural stone veneer, stucco, cedar accents, metal roofing details and paver courtyards, set on lots with long driveways and mature landscaping. Between the channels of the Boise River and the foothills to the north there are still horse properties and small acreages with barns, shops and riding arenas.",
        "We clean these properties slowly and by material. Stucco and stone get a soft wash under 500 PSI, because high pressure can etch stucco and wash out mortar joints. Pavers and long concrete driveways get a surface cleaner with hot water for oil and tire marks. On the working side of the property we wash barn siding, equipment and irrigation gear, so the whole place looks cared for and not just the front elevation.",
      ],
      services: [
        {
          name: "Estate House Washing",
          sentence:
            "Stucco, stone veneer and deep eaves on custom homes are soft washed one section at a time, with plantings wetted and covered before we start and rinsed when we finish.",
        },
        {
          name: "Agricultural Building Washing",
          sentence:
            "Horse barns, hay sheds and metal shops on Eagle acreages are washed to remove dust, cobwebs and fly specks from siding, eaves and sliding doors.",
        },
        {
          name: "Driveway & Paver Cleaning",
          sentence:
            "Long driveways, paver motor courts and pool surrounds are cleaned with hot water, taking off tire marks, leaf tannin stains and oil without disturbing the joint sand.",
        },
        {
          name: "Commercial Pressure Washing",
          sentence:
            "Downtown shops, restaurant patios and office buildings around State Street and Eagle Road are washed outside business hours.",
        },
        {
          name: "Irrigation Equipment Cleaning",
          sentence:
            "Pump houses, filter housings and sprinkler equipment are washed down, and the mineral overspray they leave on stone walls and stucco is treated and rinsed away.",
        },
        {
          name: "Farm & Ranch Cleaning",
          sentence:
            "Arena rails, horse trailers, tractors and mowers on equestrian properties are washed so mud and manure come off before they cake on.",
        },
      ],
      neighborhoods: [
        "Downtown Eagle",
        "Two Rivers",
        "Banbury Meadows",
        "Legacy",
        "Lakemoor",
        "Brookwood",
        "Eagle Hills",
        "Eagle Island Area",
      ],
      reasons: [
        {
          title: "Material-by-material care",
          description:
            "We identify stone, stucco, wood and metal finishes before starting and set pressure and cleaner for each, so nothing on a custom home is etched or discolored.",
        },
        {
          title: "Respect for the grounds",
          description:
            "We walk the property with you first, protect plantings and landscape lighting, and leave gates, pool equipment and outdoor furniture exactly as we found them.",
        },
        {
          title: "Same-day when it matters",
          description:
            "Eagle is a short drive from our Meridian base, so a same-day visit before a party, a wedding on the lawn or a listing photo shoot is usually possible.",
        },
      ],
      conditions:
        "Eagle sits in the river bottom where the Boise River splits around Eagle Island, and the extra moisture means algae and mildew build faster on shaded stucco, stone and fences than in drier parts of the valley. Cottonwoods along the river drop seed fluff in early summer and leaves in the fall. North of State Street the foothills send up dust on windy days, and estates that water big lawns from canal systems end up with mineral rings on stone walls and pavers.",
      keywords: [
        "pressure washing Eagle ID",
        "Eagle estate house washing",
        "stucco soft washing Eagle Idaho",
        "paver cleaning Eagle",
        "barn washing Eagle ID",
      ],
    },
  },
  {
    city: "Caldwell",
    slug: "caldwell",
    state: "ID",
    description:
      "Exterior cleaning for Caldwell homes, downtown businesses and Canyon County farms: house washing, concrete, barns and shops, irrigation equipment and farm machinery. Next-day service.",
    zipCodes: ["83605", "83606", "83607"],
    population: "65,000+",
    avgResponse: "Next Day",
    coordinates: [-116.6873, 43.6629],
    focus: "Homes, downtown businesses and the farm country around them",
    page: {
      headline: "Pressure Washing in Caldwell, Idaho",
      intro: [
        "Caldwell is the Canyon County seat and still a farm town at heart. Beyond the older neighborhoods near the College of Idaho and the rebuilt downtown along Indian Creek, the city gives way quickly to onion, seed and sugar-beet ground, with vineyards on the Sunnyslope bench to the south. A house wash in the morning and a machine shed and a row of tractors in the afternoon is a normal day for us here.",
        "Farm dust is the constant. Tillage in spring and harvest in fall lay a fine film of soil over everything, and canal irrigation leaves hard orange and white mineral lines on siding, block walls and equipment. We bring hot water and degreaser for grease and field mud on machinery, work concrete and steel in the 1,500–4,000 PSI range, and soft wash homes under 500 PSI.",
      ],
      services: [
        {
          name: "Residential Pressure Washing",
          sentence:
            "Older homes near the College of Idaho and new builds in the subdivisions off Middleton Road and Ustick Road are cleared of field dust on siding, soffits, patios and screens.",
        },
        {
          name: "Agricultural Building Washing",
          sentence:
            "Pole barns, metal machine sheds, shop doors and livestock buildings are rinsed top to bottom to remove dust, chaff and bird droppings before they eat into painted steel.",
        },
        {
          name: "Concrete & Driveway Cleaning",
          sentence:
            "Shop aprons, driveways and sidewalks tracked with mud and tractor oil are cleaned with hot water and a rotary surface cleaner.",
        },
        {
          name: "Commercial Pressure Washing",
          sentence:
            "Storefronts and sidewalks downtown near Indian Creek Plaza, plus warehouses and loading docks in the industrial area, are cleaned outside business hours.",
        },
        {
          name: "Irrigation Equipment Cleaning",
          sentence:
            "Pump panels, wheel lines and pivot towers are washed free of mud and mineral crust, so leaks and worn parts are easier to spot during off-season maintenance.",
        },
        {
          name: "Farm & Ranch Cleaning",
          sentence:
            "Tractors, harvesters, trucks and stock trailers come clean of grease, mud and manure before the season starts or before they go up for sale.",
        },
      ],
      neighborhoods: [
        "Downtown Caldwell",
        "Canyon County",
        "Middleton Road",
        "Pleasant Valley",
        "Ustick Road",
        "Ten Mile",
        "Caldwell Industrial",
        "Farm Communities",
      ],
      reasons: [
        {
          title: "We understand farm schedules",
          description:
            "We book equipment and shop washing around planting and harvest, and we can start early in the morning before your crews head out to the field.",
        },
        {
          title: "One crew for the house and the farm",
          description:
            "The same visit can cover the house, the shop and the equipment yard, quoted together, so you are not coordinating three different companies.",
        },
        {
          title: "Next-day service",
          description:
            "Caldwell is part of our regular Canyon County schedule, so most requests are on the calendar for the following day.",
        },
      ],
      conditions:
        "Caldwell's fine silt-loam soil lifts on any breeze and settles as a tan film on homes, vehicles and windows. Canal water from the Boise River system carries sediment and minerals that stain whatever the sprinklers reach. Summers are hot and dry, and freeze-thaw winters pit the surface of older concrete, where dirt then collects. Near dairies and feedlots, flies and odor make building and equipment washing a regular job rather than a once-a-year chore.",
      keywords: [
        "pressure washing Caldwell ID",
        "house washing Caldwell Idaho",
        "farm equipment washing Caldwell",
        "barn washing Canyon County",
        "commercial pressure washing Caldwell",
      ],
    },
  },
  {
    city: "Nampa",
    slug: "nampa",
    state: "ID",
    description:
      "House washing, concrete, commercial buildings, fleets and industrial sites across Nampa, from Lake Lowell homes to downtown and the industrial areas along I-84. Next-day service.",
    zipCodes: ["83651", "83652", "83653", "83686", "83687"],
    population: "110,000+",
    avgResponse: "Next Day",
    coordinates: [-116.5635, 43.5407],
    focus: "Homes, commercial buildings, fleets and industrial sites",
    page: {
      headline: "Pressure Washing in Nampa, Idaho",
      intro: [
        "Nampa is the largest city in Canyon County and a working one: food processing plants, trucking yards and manufacturing along I-84 and the railroad, a historic downtown around the old train depot, and neighborhoods that run from older homes near Northwest Nazarene University to new subdivisions on the south side toward Lake Lowell.",
        "That range means we bring more than one setup. Homes get a soft wash and a surface cleaner; fleets are washed on your lot, with water reclamation where the drains require it; industrial buildings, loading docks and equipment get hot water and degreaser at up to 4,000 PSI. Houses near Lake Lowell, with more spiders, midges and algae than the rest of town, need an approach of their own.",
      ],
      services: [
        {
          name: "Residential Pressure Washing",
          sentence:
            "Patios, walkways and vinyl fences in neighborhoods like Sunny Ridge and Centennial are cleaned of dust, algae and sprinkler staining.",
        },
        {
          name: "House & Soft Washing",
          sentence:
            "Homes near Lake Lowell collect spider webs, midge spots and green algae faster than the rest of town, and a soft wash under 500 PSI takes them off siding and eaves safely.",
        },
        {
          name: "Driveway & Concrete Cleaning",
          sentence:
            "Oil drips, rust from irrigation water and tire marks on driveways and sidewalks are lifted with hot water and a surface cleaner.",
        },
        {
          name: "Commercial Building Washing",
          sentence:
            "Downtown brick storefronts, medical offices and retail centers along Garrity Boulevard are washed after hours, so customers never walk through wet work.",
        },
        {
          name: "Fleet & Equipment Washing",
          sentence:
            "Delivery vans, semi tractors, box trucks and construction equipment are washed on site on a recurring schedule, so drivers spend their time on the road instead of at a wash bay.",
        },
        {
          name: "Industrial Cleaning",
          sentence:
            "Loading docks, processing plant exteriors, dumpster pads and heavy equipment get hot-water degreasing to cut through grease, food residue and diesel soot.",
        },
      ],
      neighborhoods: [
        "Downtown Nampa",
        "Lake Lowell",
        "Greenhurst",
        "Northwest Nampa",
        "Sunny Ridge",
        "Centennial",
        "South Nampa",
        "Happy Valley",
      ],
      reasons: [
        {
          title: "Set up for commercial accounts",
          description:
            "We run recurring schedules for fleets and buildings and can work nights or weekends around your shifts and delivery windows.",
        },
        {
          title: "Wash water handled responsibly",
          description:
            "Our equipment can reclaim wash water so grease and soap stay out of storm drains, which matters near Lake Lowell and the irrigation canals that cross town.",
        },
        {
          title: "Next-day service",
          description:
            "Nampa sits on our regular Canyon County route, and most calls are scheduled for the day after you reach us.",
        },
      ],
      conditions:
        "Nampa gets the same hot, dry summers and fine farm dust as the rest of Canyon County, plus exhaust from the rail lines, I-84 and industrial plants that leaves a grey, oily film on buildings and vehicles. Around Lake Lowell and the Deer Flat refuge, warm evenings bring midges, spiders and algae. Canal irrigation stains concrete and siding orange, and the hard freezes of December and January make spring the busiest season for concrete cleaning.",
      keywords: [
        "pressure washing Nampa ID",
        "fleet washing Nampa",
        "commercial pressure washing Nampa Idaho",
        "house washing Nampa",
        "industrial cleaning Nampa",
      ],
    },
  },
  {
    city: "Kuna",
    slug: "kuna",
    state: "ID",
    description:
      "Cleaning for Kuna homes, shops, barns, fences and equipment, from new subdivisions to rural acreages out toward Swan Falls Road. Next-day service from nearby Meridian.",
    zipCodes: ["83634"],
    population: "27,000+",
    avgResponse: "Next Day",
    coordinates: [-116.42, 43.4913],
    focus: "Rural acreages and small-town homes",
    page: {
      headline: "Pressure Washing in Kuna, Idaho",
      intro: [
        "Kuna still feels like a small farm town even as subdivisions fill the fields north of town toward Meridian. South of the railroad tracks the houses thin out into acreages with shops, horse pastures and hay barns, and past those lies the open desert of the Snake River Birds of Prey area.",
        "Many of our Kuna jobs combine the house with everything around it: a shop, a fence line, a horse trailer, a camper. Rural properties on wells often have iron-heavy water that leaves reddish stains where sprinklers hit siding and concrete. We dissolve those stains with a cleaner made for iron rather than trying to blast them out, and we check how much a well can deliver before we start, so the pump is never run dry.",
      ],
      services: [
        {
          name: "House Washing",
          sentence:
            "Ranch homes and newer two-story builds on the edge of town are soft washed to clear the grit that blows in off the open desert to the south.",
        },
        {
          name: "Shop & Barn Washing",
          sentence:
            "Metal shops, pole barns and horse stalls on Kuna acreages are rinsed down so dust and cobwebs do not build up along doorframes and wainscot.",
        },
        {
          name: "Concrete Cleaning",
          sentence:
            "Shop aprons, patios and driveways are cleaned of tire tracks, oil and the red stains that well-water sprinklers leave behind.",
        },
        {
          name: "Fence Cleaning",
          sentence:
            "Vinyl horse fencing and cedar privacy fences dulled by dust and algae are washed at low pressure so boards and rails stay sound.",
        },
        {
          name: "RV & Equipment Washing",
          sentence:
            "Campers, boats, stock trailers and tractors are washed right where they are parked, which saves hauling them into town.",
        },
        {
          name: "Storefront Cleaning",
          sentence:
            "Businesses along Main Street and the downtown blocks by Indian Creek get sidewalks and entrances cleaned on a schedule that works around opening hours.",
        },
      ],
      neighborhoods: [
        "Downtown Kuna",
        "Kuna Estates",
        "Crimson Point",
        "Black Cat",
        "Swan Falls",
        "Rural Kuna",
        "Ten Mile",
        "Kuna Cave Area",
      ],
      reasons: [
        {
          title: "Used to rural properties",
          description:
            "Long lanes, livestock, gates and wells are normal for us. We plan around your animals and leave every gate closed the way we found it.",
        },
        {
          title: "The whole property in one trip",
          description:
            "House, shop, fences and equipment can be done on one visit and priced together, instead of separate appointments for each.",
        },
        {
          title: "Next-day service",
          description:
            "Kuna is just south of our Meridian base, so most requests land on the schedule for the following day.",
        },
      ],
      conditions:
        "Kuna sits at the edge of the Snake River plain, and there is little between town and the desert to stop the wind. Spring and fall gusts carry fine dust and sagebrush grit that scour south- and west-facing walls and leave a haze on windows. Summers run hotter and drier than along the Boise River, well water is often hard or iron-rich, and wind-driven rain and snow push dirt into siding from the west, leaving streaks under eaves and around window frames.",
      keywords: [
        "pressure washing Kuna ID",
        "house washing Kuna Idaho",
        "shop and barn washing Kuna",
        "RV washing Kuna",
        "fence cleaning Kuna",
      ],
    },
  },
  {
    city: "Star",
    slug: "star",
    state: "ID",
    description:
      "Cleaning for Star's new homes and HOA communities: post-construction washing, siding, driveways, fences and common areas along Highway 44 and Highway 16. Same-day service.",
    zipCodes: ["83669"],
    population: "15,000+",
    avgResponse: "Same Day",
    coordinates: [-116.4944, 43.6921],
    focus: "New construction and HOA communities",
    page: {
      headline: "Pressure Washing in Star, Idaho",
      intro: [
        "Star has more than doubled in population since 2010, and much of the town is brand new: subdivisions along State Highway 44 and Highway 16 where homes are finished while the lots next door are still being dug and framed. For owners that means construction dust on new siding, mud on new driveways and HOA rules that expect everything to keep looking new.",
        "We clean new homes with their materials in mind. Fresh concrete is washed gently, or not at all, until it has cured for about a month, and new paint and engineered siding get a soft wash under 500 PSI. For HOAs we wash entry monuments, mailbox clusters, common fences and pathways on whatever schedule the board sets.",
      ],
      services: [
        {
          name: "Post-Construction Washing",
          sentence:
            "Drywall dust, mortar splatter and tracked-in mud are cleaned off new siding, windows and flatwork before move-in day or the final walkthrough.",
        },
        {
          name: "House Washing",
          sentence:
            "Homes that back onto lots still under construction pick up dust every week, and a soft wash once or twice a season keeps siding and window frames from turning grey.",
        },
        {
          name: "Driveway & Sidewalk Cleaning",
          sentence:
            "Concrete marked by construction trucks and stained by irrigation water is surface cleaned, and brand-new pours are left alone until they have cured.",
        },
        {
          name: "HOA Common Area Cleaning",
          sentence:
            "Entry monuments, mailbox kiosks, perimeter fences, pathways and clubhouse patios are washed on a schedule agreed with your HOA or property manager.",
        },
        {
          name: "Fence Cleaning",
          sentence:
            "White vinyl fences browned by dust and sprinkler spray are washed back to the standard your HOA expects.",
        },
        {
          name: "Gutter Cleaning",
          sentence:
            "Gutters on new homes fill with roofing granules and construction debris, and those in the older part of town near the river fill with leaves; we clear and flush both.",
        },
      ],
      neighborhoods: [
        "Star Neighborhood",
        "Northstar",
        "Star Rapids",
        "Can-Ada",
        "Riverside",
        "Pearl",
        "Highway 16",
        "Floating Feather Ranch",
      ],
      reasons: [
        {
          title: "We know new-build materials",
          description:
            "Engineered wood siding, fiber cement, fresh paint and green concrete each have limits. We stay within them, so cleaning never causes damage a builder's warranty will not cover.",
        },
        {
          title: "HOA-ready results",
          description:
            "Give us the date on your HOA notice and we will work to it, whether it is one fence or an entire street of homes.",
        },
        {
          title: "Same-day service",
          description:
            "Star is close to our Meridian base, and same-day visits are often available when a walkthrough or inspection sneaks up on you.",
        },
      ],
      conditions:
        "Star sits on the north side of the Boise River where Ada and Canyon counties meet, with farmland and open foothill ground still around many subdivisions. Every new phase of grading sends dust across finished homes, and the west wind drives it into window tracks and garage door panels. Pressurized irrigation stains new concrete and fences, and homes near the river see more spiders, cottonwood fluff and mildew than those up on the higher ground.",
      keywords: [
        "pressure washing Star ID",
        "new construction cleaning Star Idaho",
        "HOA pressure washing Star",
        "house washing Star ID",
        "driveway cleaning Star Idaho",
      ],
    },
  },
  {
    city: "Garden City",
    slug: "garden-city",
    state: "ID",
    description:
      "Restaurant, retail and commercial pressure washing in Garden City, along Chinden, State Street and the Greenbelt, with early-morning and evening appointments. Riverside homes too. Same-day service.",
    zipCodes: ["83714"],
    population: "12,000+",
    avgResponse: "Same Day",
    coordinates: [-116.2354, 43.6441],
    focus: "Commercial, restaurant and retail properties, with flexible early and evening hours",
    page: {
      headline: "Pressure Washing in Garden City, Idaho",
      intro: [
        "Garden City is a small city almost entirely surrounded by Boise, with a character of its own: an old industrial district that now holds wineries, taprooms and studios, restaurants and patios along the Greenbelt, and a long commercial strip on Chinden Boulevard and State Street. Much of our work here is for businesses that cannot close for a day of cleaning.",
        "So we come when you are closed. Crews can start before your doors open or arrive after the dinner rush. Hot water at up to 4,000 PSI breaks down kitchen grease on concrete and dumpster pads, and we keep wash water out of storm drains that lead toward the Boise River. Homes and townhomes along the river get a soft wash under 500 PSI instead.",
      ],
      services: [
        {
          name: "Restaurant Exterior Cleaning",
          sentence:
            "Grease around kitchen doors, exhaust-hood stains on walls and sticky patio floors at restaurants and taprooms are cleaned with hot water before you open.",
        },
        {
          name: "Storefront & Sidewalk Cleaning",
          sentence:
            "Shops along Chinden Boulevard and State Street get entrances, walks and gum spots cleaned early in the morning, so customers arrive to clean concrete.",
        },
        {
          name: "Commercial Building Washing",
          sentence:
            "Metal buildings, warehouses and workshops in the industrial district are washed free of dust, road film and exhaust residue.",
        },
        {
          name: "Dumpster Pad Cleaning",
          sentence:
            "Dumpster enclosures and grease-bin areas are degreased and deodorized on a regular schedule, with wash water recovered where required.",
        },
        {
          name: "Patio & Outdoor Seating Cleaning",
          sentence:
            "Greenbelt-side patios, beer garden decks and outdoor seating are cleaned after closing, so the space is dry by the next lunch service.",
        },
        {
          name: "House Washing",
          sentence:
            "Older cottages and newer riverside townhomes on the residential streets get a soft wash that clears river-bottom algae and spider webs.",
        },
      ],
      neighborhoods: [
        "Downtown Garden City",
        "Chinden Boulevard",
        "Industrial District",
        "Residential Garden City",
        "Boise River Area",
        "State Street Corridor",
        "Commercial Zone",
        "Mixed Use Areas",
      ],
      reasons: [
        {
          title: "Scheduled around your hours",
          description:
            "Early-morning and evening appointments keep sidewalks, patios and entrances clean without closing a single shift or service.",
        },
        {
          title: "Hot water for grease",
          description:
            "Cold water just spreads restaurant grease around. Our heated equipment breaks it down so it rinses off concrete and dumpster pads instead of smearing.",
        },
        {
          title: "Same-day service",
          description:
            "Garden City sits between our daily routes through Boise and Meridian, so a same-day visit is usually possible after a spill or before an event.",
        },
      ],
      conditions:
        "Garden City lies along the Boise River, so humidity, cottonwood fluff and spider activity run higher here than on the benches above. Commercial strips see heavy foot traffic, spilled food and drinks, and exhaust from Chinden and State Street traffic that leaves a grey film on storefront glass. Gravel lots and industrial yards kick up dust all summer, and the shaded patios and north walls near the river grow algae quickly.",
      keywords: [
        "pressure washing Garden City ID",
        "restaurant pressure washing Garden City",
        "storefront cleaning Chinden Boulevard",
        "dumpster pad cleaning Garden City",
        "commercial pressure washing Garden City Idaho",
      ],
    },
  },
  {
    city: "Emmett",
    slug: "emmett",
    state: "ID",
    description:
      "Ranch, farm and equipment cleaning in Emmett and Gem County: barns, shops, tractors, trailers and irrigation gear, plus house washing for farmhouses and in-town homes. Next-day service.",
    zipCodes: ["83617"],
    population: "8,000+",
    avgResponse: "Next Day",
    coordinates: [-116.4963, 43.8735],
    focus: "Ranches, farms, equipment and irrigation",
    page: {
      headline: "Pressure Washing in Emmett, Idaho",
      intro: [
        "Emmett sits in a sheltered valley on the Payette River, about thirty miles northwest of Boise, and has been an orchard and ranch town for well over a century. Cherry and other fruit orchards still line the bench roads, cattle graze the surrounding hills, and hay and row crops fill the bottomland along the river.",
        "Most of our Emmett work is on the ranch and farm side: barns, shops, equipment, trailers and irrigation gear, usually along with the house. Steel and concrete get hot water at up to 4,000 PSI, and siding gets a soft wash. Because the valley runs on river, canal and well water, we also take care of the mineral scale that builds up on anything the sprinklers touch.",
      ],
      services: [
        {
          name: "Barn & Outbuilding Washing",
          sentence:
            "Hay barns, loafing sheds, calving barns and metal shops are washed down to remove dust, cobwebs and manure splash from walls and doors.",
        },
        {
          name: "Farm Equipment Washing",
          sentence:
            "Swathers, balers, orchard sprayers and feed trucks come clean of grease, chaff and dried mud before winter storage or a trip to the dealer.",
        },
        {
          name: "Irrigation Equipment Cleaning",
          sentence:
            "Pump stations, mainline valves and handline pipe are washed before the water comes on in spring, so cracked fittings and worn gaskets show up on inspection instead of mid-season.",
        },
        {
          name: "Livestock Trailer Washing",
          sentence:
            "Stock and horse trailers are scraped out and washed after sales and long hauls, so the floors can dry instead of staying wet and rotting.",
        },
        {
          name: "Concrete & Shop Floor Cleaning",
          sentence:
            "Shop floors, wash pads and feed-alley concrete are cleared of grease, mud and manure with hot water and a rotary surface cleaner.",
        },
        {
          name: "House Washing",
          sentence:
            "Farmhouses and in-town homes in the valley are soft washed to remove the dust, pollen and river-bottom mildew that collect on siding and under eaves.",
        },
      ],
      neighborhoods: [
        "Downtown Emmett",
        "Gem County",
        "Black Canyon",
        "Payette River Area",
        "Frozen Dog Road",
        "Rural Emmett",
        "Ola Highway",
        "Sweet Area",
      ],
      reasons: [
        {
          title: "We work around the ranch calendar",
          description:
            "Calving, planting, irrigation start-up and harvest come first. We fit washing into the gaps between them and can start at first light.",
        },
        {
          title: "We come to the equipment",
          description:
            "Our trucks carry heated pressure washers and enough hose to reach across a barn lot, so nothing has to be hauled anywhere to get clean.",
        },
        {
          title: "Next-day service",
          description:
            "Emmett is well under an hour from our Meridian base, and most requests are scheduled for the following day.",
        },
      ],
      conditions:
        "The Emmett valley is warmer and more sheltered than the high ground around it, and the Payette River and its canals keep the bottomland humid on summer mornings. Fields and dirt ranch roads throw up dust from spring work through harvest, orchards and hay add leaf litter and chaff, and winter fog can settle in the valley for days, leaving buildings damp. Irrigation water leaves white and tan mineral rings on siding, block walls and fence posts.",
      keywords: [
        "pressure washing Emmett ID",
        "farm equipment washing Emmett",
        "barn washing Gem County",
        "house washing Emmett Idaho",
        "irrigation equipment cleaning Emmett",
      ],
    },
  },
  {
    city: "McCall",
    slug: "mccall",
    state: "ID",
    description:
      "Cabin, lodge and lake-home cleaning in McCall by appointment: log and cedar washing, decks, docks on Payette Lake, roofs and gutters full of pine needles, and winter prep before the snow.",
    zipCodes: ["83638"],
    population: "3,600+",
    avgResponse: "By Appointment",
    coordinates: [-116.1018, 44.9113],
    focus: "Cabins, lodges, vacation homes, decks, marinas and winter prep",
    page: {
      headline: "Pressure Washing in McCall, Idaho",
      intro: [
        "McCall is a mountain town on the south shore of Payette Lake, about a hundred miles north of Boise, and most of the properties we care for here are cabins, lake homes, lodges and rentals that sit empty part of the year. Ponderosa pine and fir shade the roofs and decks, snow piles deep from December into spring, and summer brings a full season of guests who expect the place to look ready.",
        "Because of the distance, McCall work is by appointment. We group jobs into scheduled trips, usually in late spring once the snow is gone and again in early fall before it returns. Owners who live elsewhere do not need to be there: we confirm access ahead of time, send photos when the job is done and leave the property locked as we found it.",
      ],
      services: [
        {
          name: "Cabin & Log Home Washing",
          sentence:
            "Log and cedar-sided cabins are soft washed under 500 PSI to lift pollen, sap-spotted dust and mildew without raising the grain or stripping the stain.",
        },
        {
          name: "Deck Cleaning",
          sentence:
            "Cedar and composite decks that spent months under snow are cleared of mildew, needles and tannin stains, ready for a new coat of stain or for summer guests.",
        },
        {
          name: "Dock & Marina Cleaning",
          sentence:
            "Floating docks, swim platforms and marina walkways on Payette Lake are cleaned of algae and goose droppings without letting cleaning agents run into the lake.",
        },
        {
          name: "Roof & Gutter Cleaning",
          sentence:
            "Pine needles packed into roof valleys and gutters hold moisture and feed ice dams, so we clear them and soft wash moss from shaded slopes before the snow arrives.",
        },
        {
          name: "Winter Prep Cleaning",
          sentence:
            "A fall visit clears gutters, cleans and dries decks and washes siding, so your cabin goes into winter clean and comes out of it in better shape.",
        },
        {
          name: "Lodge & Rental Property Cleaning",
          sentence:
            "Lodges, condos and short-term rentals get exterior washing timed around check-in days and the spring and fall turnovers.",
        },
      ],
      neighborhoods: [
        "Downtown McCall",
        "Payette Lake Area",
        "Brundage Mountain",
        "Shore Lodge Area",
        "Pilgrim Cove",
        "Manchester",
        "Mill Park",
        "Rainbow Point",
      ],
      reasons: [
        {
          title: "Trips planned around your calendar",
          description:
            "McCall visits are booked ahead, so you get a set date that fits your rental bookings or your own trip up from the valley.",
        },
        {
          title: "Gentle on logs and wood",
          description:
            "Log walls, cedar and stained wood need low pressure and the right cleaner. We never blast wood, so it does not fuzz, gouge or need sanding after we leave.",
        },
        {
          title: "Careful near the lake",
          description:
            "On docks and shoreline properties we keep wash water and cleaning agents away from Payette Lake and use products chosen for work near water.",
        },
      ],
      conditions:
        "McCall winters are long and snowy, and the weight and slow melt of that snow keep decks, lower siding and north-facing roofs wet for months. The forest drops needles, cones and sticky pine sap on everything, and shaded log walls grow mildew and black algae. In June, pine pollen coats decks, docks and the lake surface in yellow, and the shoreline adds algae and goose droppings to docks and boathouses through the summer.",
      keywords: [
        "pressure washing McCall ID",
        "cabin washing McCall",
        "deck cleaning McCall Idaho",
        "dock cleaning Payette Lake",
        "winter prep cabin cleaning McCall",
      ],
    },
  },
  {
    city: "Middleton",
    slug: "middleton",
    state: "ID",
    description:
      "House and soft washing, driveways, new-construction cleanup and HOA common areas for Middleton's growing neighborhoods along Highway 44, plus shops and restaurants in town. Next-day service.",
    zipCodes: ["83644"],
    population: "10,000+",
    avgResponse: "Next Day",
    coordinates: [-116.6215, 43.7082],
    focus: "Fast-growing subdivisions, new construction and HOAs",
    page: {
      headline: "Pressure Washing in Middleton, Idaho",
      intro: [
        "Middleton has changed quickly. What was a small Canyon County farm town on the Boise River and Highway 44 is now ringed with subdivisions, and new phases keep opening on ground that grew corn and sugar beets a few years ago. The older core of town still has farmhouses and mid-century homes on big lots, with shops and outbuildings out back.",
        "Both sides of Middleton need cleaning, for different reasons. New homes collect construction dust and irrigation stains before the landscaping is even finished, and HOAs set the bar for how they must look. Older homes and outbuildings carry decades of farm dust and hard-water scale. Siding gets a soft wash under 500 PSI; the 1,500–4,000 PSI work is saved for concrete.",
      ],
      services: [
        {
          name: "Residential Pressure Washing",
          sentence:
            "Patios, walkways and back fences in the new neighborhoods are cleaned of the dust that drifts over from fields still being farmed next door.",
        },
        {
          name: "House & Soft Washing",
          sentence:
            "Two-story homes with engineered wood and fiber-cement siding, and older farmhouses with painted lap siding, are soft washed without ladders or water forced behind trim.",
        },
        {
          name: "Driveway & Concrete Cleaning",
          sentence:
            "Driveways and sidewalks stained orange by pressurized irrigation and tracked with mud from the next phase over are surface cleaned to an even finish.",
        },
        {
          name: "New Construction Cleaning",
          sentence:
            "Builders and new owners can book a wash that removes mortar splash, drywall dust and mud from siding, garage doors and flatwork before closing.",
        },
        {
          name: "HOA Maintenance Cleaning",
          sentence:
            "Entrance monuments, perimeter fencing, pathways and common-area concrete are cleaned on a calendar set by the HOA board.",
        },
        {
          name: "Commercial Pressure Washing",
          sentence:
            "Shops, restaurants and service businesses along Highway 44 get sidewalk, storefront and drive-through cleaning outside business hours.",
        },
      ],
      neighborhoods: [
        "Downtown Middleton",
        "Middleton Mill",
        "Purple Sage",
        "Canyon County",
        "Idaho Highway 44",
        "Ustick Road",
        "Middleton Heights",
        "Rural Middleton",
      ],
      reasons: [
        {
          title: "Old and new, each handled right",
          description:
            "We clean homes finished last month and homes that have stood for seventy years, adjusting pressure and cleaner to each instead of using one setting for everything.",
        },
        {
          title: "We work with HOAs and builders",
          description:
            "We quote common-area and multi-home jobs for boards and builders and schedule around closing dates and inspections.",
        },
        {
          title: "Next-day service",
          description:
            "From our Meridian base Middleton is an easy drive, so most requests are booked for the next day.",
        },
      ],
      conditions:
        "Middleton sits in the Boise River valley between Star and Caldwell, where irrigated fields, canals and new construction meet. Spring field work and grading blow dust into neighborhoods, and the valley floor holds moisture on still mornings, which feeds mildew on the shaded sides of homes and fences. Canal water used for pressurized irrigation leaves orange and brown streaks on concrete and siding, and cold snaps flake the surface of driveways that were poured late in the season.",
      keywords: [
        "pressure washing Middleton ID",
        "house washing Middleton Idaho",
        "new construction cleaning Middleton",
        "HOA pressure washing Middleton",
        "driveway cleaning Middleton ID",
      ],
    },
  },
  {
    city: "Parma",
    slug: "parma",
    state: "ID",
    description:
      "By-appointment cleaning for Parma farms and businesses: onion storage and machine sheds, equipment, ranch facilities, historic downtown brick and farmhouses in western Canyon County.",
    zipCodes: ["83660"],
    population: "2,200+",
    avgResponse: "By Appointment",
    coordinates: [-116.9443, 43.7854],
    focus: "Agricultural, equipment, farm and ranch, commercial and historic buildings",
    page: {
      headline: "Pressure Washing in Parma, Idaho",
      intro: [
        "Parma is a farm town at the western end of Canyon County, a few miles from the Snake River and the Oregon line, in the heart of the valley's onion, seed, hop and sugar-beet country. The University of Idaho runs a research and extension center here, and a replica of the old Hudson's Bay Company post of Fort Boise stands in town as a reminder of how far back its history goes.",
        "Parma jobs are planned visits. We schedule by appointment and often bundle the house, the shop, the equipment yard and the storage buildings into a single day. Heavy grease and field mud on machinery get hot water at up to 4,000 PSI; the brick storefronts downtown and painted homes get far lower pressure, so nothing old is damaged.",
      ],
      services: [
        {
          name: "Agricultural Building Washing",
          sentence:
            "Onion storages, seed warehouses and metal machine sheds are washed down before harvest fills them and again after they empty in spring.",
        },
        {
          name: "Equipment Washing",
          sentence:
            "Onion harvesters, bean cutters, trucks and tractors are degreased with hot water so mechanics can see what they are working on.",
        },
        {
          name: "Farm & Ranch Cleaning",
          sentence:
            "Corrals, loading chutes, stock trailers and calving barns on ranches between town and the Snake River are washed clean of manure and mud.",
        },
        {
          name: "Commercial Building Washing",
          sentence:
            "Farm supply stores, co-op yards and the businesses along Highway 20 get storefront, sidewalk and lot cleaning scheduled around their busy seasons.",
        },
        {
          name: "Historic Building Cleaning",
          sentence:
            "Older brick and stone buildings downtown are cleaned at low pressure with masonry-safe products, because a hard blast can erode soft old brick and mortar.",
        },
        {
          name: "House Washing",
          sentence:
            "Farmhouses and in-town homes get a soft wash that removes field dust and the hard-water rings irrigation sprinklers leave on siding.",
        },
      ],
      neighborhoods: [
        "Downtown Parma",
        "Roswell Road",
        "Highway 20",
        "Canyon County Rural",
        "Parma Ridge",
        "Sugar Avenue",
        "Ridgeview",
        "Agricultural District",
      ],
      reasons: [
        {
          title: "Planned around harvest",
          description:
            "Appointments are set around onion, seed and beet harvest, so storage buildings and equipment are cleaned when you can spare them.",
        },
        {
          title: "One trip, the whole operation",
          description:
            "We book Parma as full-day visits, so the farmhouse, shop, equipment yard and storage buildings can all be done while we are there.",
        },
        {
          title: "Care for old buildings",
          description:
            "On historic brick and stone we test a small patch first and use low pressure and masonry cleaners, never a jet of water that can wash out mortar.",
        },
      ],
      conditions:
        "Parma's growing season fills the air with dust from tillage, harvest and truck traffic on gravel roads, and onion harvest adds dry skins and soil that blow against every building near the fields. Summers are hot and dry, winters are cold with wind sweeping across open ground, and water from canals and wells leaves heavy mineral deposits. Older masonry downtown was laid with softer brick and mortar than modern buildings use, so it weathers faster and needs gentler cleaning.",
      keywords: [
        "pressure washing Parma ID",
        "farm equipment washing Parma",
        "agricultural building washing Parma Idaho",
        "historic building cleaning Parma",
        "Canyon County farm pressure washing",
      ],
    },
  },
] satisfies LocationInput[];

/** Extended areas, served beyond the 12 city pages: the five both lists share, plus the extras of each page. */
export const extendedAreasBase = ["Payette", "Ontario", "Fruitland", "New Plymouth", "Weiser"] as const;
/** About page: 7 extended areas. */
export const aboutExtendedAreas = [...extendedAreasBase, "Middleton", "Emmett"];
/** Locations page: 9 extended areas. */
export const locationsExtendedAreas = [...extendedAreasBase, "Sun Valley", "Twin Falls", "Idaho Falls", "Coeur d'Alene"];
