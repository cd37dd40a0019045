import { describe, expect, it } from "vitest";
import { locations } from "../content/locations.ts";
import { LAT_SPAN, locatorMap, VIEW } from "./locator-map.ts";

const places = locations.map((l) => ({ name: l.city, coordinates: l.coordinates }));
const place = (name: string) => places.find((p) => p.name === name)!;

describe("locatorMap", () => {
  it("puts the city in the middle of the view", () => {
    for (const p of places)
      expect(locatorMap(p, places).center).toEqual({ name: p.name, x: VIEW.width / 2, y: VIEW.height / 2 });
  });

  it("shows north up and east right, and keeps only places inside the view", () => {
    const { nearby } = locatorMap(place("Boise"), places);
    const eagle = nearby.find((p) => p.name === "Eagle")!; // north-west of Boise
    expect(eagle.x).toBeLessThan(VIEW.width / 2);
    expect(eagle.y).toBeLessThan(VIEW.height / 2);
    expect(nearby.map((p) => p.name)).not.toContain("McCall"); // 1.3° north: far outside
    expect(nearby.map((p) => p.name)).not.toContain("Boise");
    for (const p of nearby) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(VIEW.width);
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeLessThanOrEqual(VIEW.height);
    }
  });

  it("scales latitude to the view height", () => {
    const center = { name: "c", coordinates: [-116, 44] as const };
    const north = { name: "n", coordinates: [-116, 44 + LAT_SPAN / 4] as const };
    expect(locatorMap(center, [north]).nearby).toEqual([{ name: "n", x: VIEW.width / 2, y: VIEW.height / 4 }]);
  });

  it("draws a town alone when no other city we serve is near (McCall)", () => {
    expect(locatorMap(place("McCall"), places).nearby).toEqual([]);
  });
});
