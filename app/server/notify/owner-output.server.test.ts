/**
 * What the owner receives for a request of every lead form, sent through the form's own action and read back
 * from the database: the stored fields in their order, the owner's e-mail (subject, text and HTML), the text
 * message, the inbox's rows, what the visitor is shown back, and the CSV and the spreadsheet's table. The
 * snapshot was written before the forms' fields were defined in one place (app/forms/form-fields.ts), so
 * it holds the owner's output byte for byte as it was; a change to it is a change the owner sees. The prices
 * and the job listings come from files of the test's own (tests/support/fixtures/owner-output/), not the
 * owner's, so the owner changing a rate or a listing in content/ changes no snapshot here.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import { routeContext } from "../../../tests/support/app-context.ts";
import { createTestStorage } from "../../../tests/support/storage.ts";
import { jobs } from "../../content/careers.ts";
import { action as applyAction } from "../../routes/careers.apply.tsx";
import { action as contactAction } from "../../routes/contact.tsx";
import { action as estimateAction } from "../../routes/estimate.tsx";
import { action as newsletterAction } from "../../routes/newsletter.tsx";
import { action as pricingAction } from "../../routes/pricing.tsx";
import { parseEnv } from "../kit/env.server.ts";
import { leadsCsv, leadsTable } from "../features/admin/export.server.ts";
import { inboxRows, visitorRows } from "./labels.server.ts";
import { composeLeadEmail } from "./mail.server.ts";
import { composeTextAlert } from "./sms.server.ts";
import { listLeads, type ListedLead } from "../features/admin/listing.server.ts";

// The price book and the job listings the requests read are the test's own (hoisted: no variables here).
vi.mock("../../content/modules/price-book.ts", async () => {
  const { loadCollection } = await import("../../content/build-time/load.server.ts");
  return { default: loadCollection("priceBook", "tests/support/fixtures/owner-output") };
});
vi.mock("../../content/modules/jobs.ts", async () => {
  const { loadCollection } = await import("../../content/build-time/load.server.ts");
  return { jobs: loadCollection("jobs", "tests/support/fixtures/owner-output") };
});

const storage = await createTestStorage("sqlite");
const database = await storage.open();
afterAll(() => storage.cleanup());

const context = () =>
  routeContext(database, parseEnv({ NODE_ENV: "test", DATA_DIR: storage.env.DATA_DIR, LEAD_RATE_LIMIT: "0" }));

type Action = (args: never) => Promise<unknown>;
const person = (email: string) => ({
  firstName: "Jane",
  lastName: "O'Hara-Doe",
  email,
  phone: "(208) 555-0199",
  zipcode: "83646",
});

/** One request of each form, and of each way a form's optional fields can be left. */
const requests: { name: string; path: string; action: Action; body: [string, string][] }[] = [
  {
    name: "estimate",
    path: "/estimate",
    action: estimateAction as Action,
    body: Object.entries({ ...person("estimate@example.com"), serviceType: "commercial", agreed: "on" }),
  },
  {
    name: "estimate without a property type, sent fast",
    path: "/estimate",
    action: estimateAction as Action,
    body: Object.entries({ ...person("fast@example.com"), agreed: "on", _elapsed_ms: "800", _source: "sidebar" }),
  },
  {
    name: "contact",
    path: "/contact",
    action: contactAction as Action,
    body: [
      ...Object.entries({ ...person("contact@example.com"), city: "Meridian", serviceType: "residential" }),
      ["servicesNeeded", "roof-cleaning"],
      ["servicesNeeded", "house-washing"],
      ["message", "Two stories.\nCall after 5 & ask for <Jane>."],
      ["contactMethod", "text"],
      ["agreed", "on"],
    ],
  },
  {
    name: "contact with only what is required",
    path: "/contact",
    action: contactAction as Action,
    body: Object.entries({ ...person("bare@example.com"), city: "Nampa", serviceType: "commercial", zipcode: "99999" }),
  },
  {
    name: "newsletter",
    path: "/newsletter",
    action: newsletterAction as Action,
    body: [["email", "news@example.com"]],
  },
  {
    name: "application",
    path: "/careers/apply",
    action: applyAction as Action,
    body: Object.entries({
      ...person("apply@example.com"),
      position: jobs[0]!.slug,
      experience: "Three years =washing decks\nand roofs",
      availability: "seasonal",
      message: "+1 available weekends",
    }),
  },
  {
    name: "pricing request",
    path: "/pricing",
    action: pricingAction as Action,
    body: Object.entries({
      service: "house-washing",
      sqft: "2000",
      stories: "2",
      siding: "vinyl",
      ...person("pricing@example.com"),
      message: "Gate code 1234",
      agreed: "on",
    }),
  },
  {
    name: "pricing request for a call back",
    path: "/pricing",
    action: pricingAction as Action,
    body: Object.entries({ service: "fleet-cleaning", ...person("fleet@example.com") }),
  },
];

const received = new Date("2030-07-04T15:05:09Z");
const SITE = "https://www.example.com";

/** The stored requests with the facts that differ between runs (id, time) fixed. */
async function send(): Promise<ListedLead[]> {
  const leads: ListedLead[] = [];
  for (const [index, { path, action, body }] of requests.entries()) {
    const request = new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Referer: `http://localhost${path}` },
      body: new URLSearchParams(body).toString(),
    });
    await action({ request, context: context(), params: {} } as never);
    const email = body.find(([key]) => key === "email")![1];
    const [lead] = (await listLeads(database, {})).filter((l) => l.contact.email === email);
    expect(lead, `${path} stored the request`).toBeDefined();
    leads.push({
      ...lead!,
      id: `00000000-0000-4000-8000-00000000000${index}`,
      createdAt: received,
      consent: lead!.consent && { ...lead!.consent, at: received },
    });
  }
  return leads;
}

describe("what the owner receives for each lead form", () => {
  it("is what it was before the forms' fields were defined in one place", async () => {
    const leads = await send();
    for (const [index, lead] of leads.entries()) {
      const mail = composeLeadEmail(
        { jobId: "job-1", job: { kind: "email", ref: "", payload: null }, lead, attachment: null } as never,
        { MAIL_FROM: "website@example.com", LEADS_TO: "owner@example.com" },
      );
      expect(
        {
          fields: JSON.stringify(lead.fields),
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          textMessage: lead.kind === "newsletter" ? null : composeTextAlert(lead, SITE),
          inbox: inboxRows(lead.fields),
          visitor: visitorRows(lead.fields),
        },
        requests[index]!.name,
      ).toMatchSnapshot(requests[index]!.name);
    }
    expect(leadsCsv(leads)).toMatchSnapshot("csv");
    expect(leadsTable(leads)).toMatchSnapshot("spreadsheet table");
  });
});
