/**
 * When visitors may ask for an arrival window (content/availability.yaml): working days, windows and their
 * places, lead time, blackout dates and the areas served on some days only. Read by the server alone
 * (app/server/kit/arrival-windows.server.ts).
 */
import availability from "./modules/availability.ts";

export { availability };
export type Availability = typeof availability;
