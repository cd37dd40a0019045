import { describe, expect, it } from "vitest";
import { locations } from "../content/locations.ts";
import { zipTable } from "../server/service-area.server.ts";
import { areaAnswer, areaMessage } from "./service-area.ts";

describe("the service-area answer", () => {
  it("knows a primary ZIP with its city and response time", () => {
    const answer = areaAnswer("83702", zipTable)!;
    expect(answer).toEqual({ zip: "83702", tier: "primary", city: "Boise", response: "Same Day" });
    expect(areaMessage(answer, "(208) 555-0134")).toEqual({
      title: "83702 is in our primary service area (Boise)",
      text: "No travel fee, and same-day visits are often available.",
    });
    expect(areaAnswer("83651-1234", zipTable)).toMatchObject({ tier: "primary", city: "Nampa", response: "Next Day" });
  });

  it("puts the cities after the first eight, and the extended towns, in the extended area", () => {
    expect(areaAnswer("83638", zipTable)).toMatchObject({ tier: "extended", city: "McCall", response: "By Appointment" });
    expect(areaAnswer("83661", zipTable)).toMatchObject({ tier: "extended", city: "Payette" });
    expect(areaMessage(areaAnswer("83661", zipTable)!, "x").text).toMatch(/^A travel fee may apply/);
    for (const l of locations.slice(0, 8)) for (const zip of l.zipCodes) expect(areaAnswer(zip, zipTable)?.tier).toBe("primary");
  });

  it("says what we suggest outside, and nothing until five digits are typed", () => {
    expect(areaMessage(areaAnswer("99501", zipTable)!, "(208) 555-0134").text).toContain("call (208) 555-0134");
    expect(areaAnswer("8370", zipTable)).toBeNull();
    expect(areaAnswer("abcde", zipTable)).toBeNull();
  });
});
