/**
 * The city page's map preview (a facade for the Google Maps frame, which loads only when the visitor
 * asks for it): the city and the other cities we serve around it, drawn from their coordinates.
 */
export type LonLat = readonly [longitude: number, latitude: number];
export type Place = { name: string; coordinates: LonLat };
export type PlottedPlace = { name: string; x: number; y: number };

/** The preview's size in SVG units: 2:1, like the map frame it stands for. */
export const VIEW = { width: 800, height: 400 } as const;
/** Degrees of latitude from the top edge to the bottom edge (about 44 km), roughly what the frame's zoom 11 shows. */
export const LAT_SPAN = 0.4;

/**
 * Places `center` in the middle and every other place inside the view around it, in an equirectangular
 * projection corrected for the latitude (so distances east-west and north-south look alike).
 */
export function locatorMap(center: Place, others: readonly Place[]) {
  const [lon0, lat0] = center.coordinates;
  const lonSpan = (LAT_SPAN * (VIEW.width / VIEW.height)) / Math.cos((lat0 * Math.PI) / 180);
  const project = ([lon, lat]: LonLat) => ({
    x: round(VIEW.width / 2 + ((lon - lon0) / lonSpan) * VIEW.width),
    y: round(VIEW.height / 2 - ((lat - lat0) / LAT_SPAN) * VIEW.height),
  });
  const margin = 24;
  const nearby = others
    .filter((p) => p.name !== center.name)
    .map((p) => ({ name: p.name, ...project(p.coordinates) }))
    .filter((p) => p.x >= margin && p.x <= VIEW.width - margin && p.y >= margin && p.y <= VIEW.height - margin);
  return { center: { name: center.name, ...project(center.coordinates) }, nearby };
}

const round = (n: number) => Math.round(n * 10) / 10;
