/**
 * A lead form's field, defined once (app/forms/form-fields.ts), reaches every place the owner reads it: a field
 * added to a form's definition is read from the body, checked, stored in its place, and shown in the owner's
 * e-mail, the inbox, the visitor's confirmation, the CSV and the text message, as its view says.
 */
import { describe, expect, it } from "vitest";
import { sampleLeadRow } from "../../../tests/support/storage.ts";
import { added, defineForm, fieldListOf, schemaOf, sent, storedFields } from "../../forms/form-fields.ts";
import { estimateForm } from "../../forms/schemas.ts";
import { line } from "../../forms/text.ts";
import { leadsCsv } from "../features/admin/export.server.ts";
import { fieldViews, inboxRows, LEAD_FORMS, visitorRows } from "./labels.server.ts";
import { composeLeadEmail } from "./mail.server.ts";
import { composeTextAlert } from "./sms.server.ts";
import type { LeadRow } from "../kit/leads.server.ts";

/** The estimate form with two fields more: one the visitor types, one the action adds. */
const gateForm = defineForm({
  ...estimateForm,
  gateCode: sent(line().trim().max(20, "Keep the gate code short").optional(), { label: "Gate code" }),
  crew: added({
    label: "Crew assigned",
    echo: false,
    column: "Crew",
    text: { part: "service", words: (value) => `crew ${String(value)}` },
  }),
});
const views = fieldViews([...LEAD_FORMS, gateForm]);
const body = {
  firstName: "Dana",
  lastName: "Ruiz",
  email: "dana@example.com",
  phone: "208 555 0123",
  zipcode: "83702",
  agreed: "on",
  gateCode: "#4321",
};

function gateLead(): LeadRow {
  const values = schemaOf(gateForm).parse(body);
  const fields = storedFields(gateForm, values, { crew: "B", photosReceived: null, photosRefused: null });
  return { ...sampleLeadRow({ fields }), kind: "estimate" };
}

const mailText = (lead: LeadRow) =>
  String(
    composeLeadEmail(
      { jobId: "job-1", job: { kind: "email", ref: "", payload: null }, lead, attachment: null } as never,
      { MAIL_FROM: "website@example.com", LEADS_TO: "owner@example.com" },
      views,
    ).text,
  );

describe("a field added to a form's definition", () => {
  it("is read from the body and checked by the form's schema", () => {
    expect(fieldListOf(gateForm).single).toContain("gateCode");
    expect(fieldListOf(gateForm).single).not.toContain("crew"); // added by the action, never read from a body
    expect(schemaOf(gateForm).safeParse({ ...body, gateCode: "x".repeat(21) }).error?.issues[0]?.message).toBe(
      "Keep the gate code short",
    );
  });

  it("is stored in its place in the definition's order, the action's own after it", () => {
    const stored = Object.entries(estimateForm).flatMap(([key, entry]) =>
      entry.kind === "file" || ("omitEmpty" in entry && entry.omitEmpty) ? [] : [key],
    );
    expect(Object.keys(gateLead().fields)).toEqual([...stored, "gateCode", "crew"]);
    expect(gateLead().fields).toMatchObject({ phone: "+12085550123", gateCode: "#4321", crew: "B" });
  });

  it("is in the owner's e-mail, the inbox and the visitor's confirmation, with its label", () => {
    const text = mailText(gateLead());
    expect(text).toContain("\nGate code: #4321\n");
    expect(text).toContain("\nCrew assigned: B\n");
    expect(text).toContain("\nPhone: (208) 555-0123\n");
    expect(inboxRows(gateLead().fields, views)).toContainEqual({ label: "Gate code", value: "#4321" });
    const echoed = visitorRows(gateLead().fields, views);
    expect(echoed).toContainEqual({ label: "Gate code", value: "#4321" });
    expect(echoed.map((row) => row.label)).not.toContain("Crew assigned");
  });

  it("has a column in the CSV named by its view, with its value", () => {
    const [header, row] = leadsCsv([{ ...gateLead(), stage: "new", firstContactAt: null }], views)
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .map((line) => line.split(","));
    const cell = (name: string) => row![header!.indexOf(`"${name}"`)];
    expect(cell("Gate code")).toBe('"#4321"');
    expect(cell("Crew")).toBe('"B"');
    // The person's fields are in the contact's own columns, once each.
    expect(header!.filter((name) => name === '"First name"')).toHaveLength(1);
  });

  it("gives the text message the part its view names", () => {
    expect(composeTextAlert(gateLead(), "https://www.example.com", views)).toMatch(
      /^New estimate request: Dana, crew B, /,
    );
    expect(composeTextAlert(gateLead(), "https://www.example.com")).not.toContain("crew B"); // the site's forms have no such field
  });
});

describe("one view per field key", () => {
  it("refuses a key that two forms show the owner differently", () => {
    const other = defineForm({ gateCode: added({ label: "Gate" }) });
    expect(() => fieldViews([gateForm, other])).toThrow(/gateCode/);
    expect(() => fieldViews([gateForm, defineForm({ gateCode: added({ label: "Gate code" }) })])).not.toThrow();
  });
});
