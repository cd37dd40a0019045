/**
 * Who an account link shows (issue 43), on both databases: the customer is every request with the same e-mail
 * address (an e-mail link) or the same phone number (a phone link) in normal form, and never anyone else's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  backends,
  createTestStorage,
  newsletterSignUp,
  sampleLead,
  type TestStorage,
} from "../../../../tests/support/storage.ts";
import { accountDocument, accountLoader, accountPhoto, readCustomer } from "../../account.server.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { parseEnv } from "../../kit/env.server.ts";
import type { NewLead } from "../../kit/leads.server.ts";
import {
  ACCOUNT_TTL_MS,
  accountToken,
  linkSecret,
  quoteToken,
  reminderPath,
  signedToken,
} from "../../kit/signed-links.server.ts";
import { askAgainPrefill, askedAgainFrom } from "../reminders/ask-again.server.ts";
import { recordLead } from "../leads/store.server.ts";
import { NEWSLETTER_SIGN_UP } from "../newsletter/sign-up.server.ts";
import { ACCOUNT_REQUESTS_MAX, customerOf, earlierRequests, typedContact } from "./customer.server.ts";
import { askForLink } from "./link-request.server.ts";

const env = parseEnv({ NODE_ENV: "test", DATA_DIR: "/nonexistent" });

/** A request from `email` and `phone` (as typed: the store keeps them so), at `zip` and `address`. */
function lead(email: string, phone: string | null, over: { address?: string; at?: number } = {}): NewLead {
  const base = sampleLead();
  return {
    ...base,
    fields: { ...base.fields, email, phone, address: over.address ?? "1234 W Main St" },
    contact: { name: "Jane Doe", email, phone, zip: "83702" },
  };
}

describe.each(backends)("the customer of an account link (%s)", (dialect) => {
  let storage: TestStorage;
  let database: Database;
  let secret: string;
  let at = Date.parse("2030-03-01T17:00:00Z");
  const store = async (l: NewLead) =>
    (
      await recordLead(database, l, {
        webhook: false,
        now: new Date((at += 60_000)),
        ...(l.kind === "newsletter" ? { hooks: NEWSLETTER_SIGN_UP } : {}),
      })
    ).id;
  const ids = async (token: string, now = new Date(at)) => {
    const customer = await readCustomer({ database, env }, token, now);
    return typeof customer === "string" ? customer : customer.leadIds;
  };

  beforeAll(async () => {
    storage = await createTestStorage(dialect);
    database = await storage.open();
    secret = await linkSecret(database, env);
  });
  afterAll(() => storage.cleanup());

  it("the same e-mail address typed in another case and with spaces is the same customer", async () => {
    const first = await store(lead("Case.Test@Example.com", "+12085550101"));
    const second = await store(lead("  case.test@EXAMPLE.COM ", "+12085550102"));
    expect(await ids(accountToken("email", first, secret, new Date(at)))).toEqual([second, first]);
    expect(await ids(accountToken("email", second, secret, new Date(at)))).toEqual([second, first]);
  });

  it("a phone number written another way is the same customer, by a phone link", async () => {
    const first = await store(lead("phone-a@example.com", "+12085550111"));
    const second = await store(lead("phone-b@example.com", "(208) 555-0111"));
    const third = await store(lead("phone-c@example.com", "1 208.555.0111"));
    expect(await ids(accountToken("phone", first, secret, new Date(at)))).toEqual([third, second, first]);
  });

  it("two customers at one address are two customers", async () => {
    const one = await store(lead("neighbour-1@example.com", "+12085550121", { address: "77 N Shared Ln" }));
    const two = await store(lead("neighbour-2@example.com", "+12085550122", { address: "77 N Shared Ln" }));
    expect(await ids(accountToken("email", one, secret, new Date(at)))).toEqual([one]);
    expect(await ids(accountToken("phone", two, secret, new Date(at)))).toEqual([two]);
  });

  it("an e-mail link never shows the requests that share only the phone, and a phone link only the phone's", async () => {
    const mine = await store(lead("mine@example.com", "+12085550131"));
    const sharedPhone = await store(lead("someone-else@example.com", "+12085550131"));
    expect(await ids(accountToken("email", mine, secret, new Date(at)))).toEqual([mine]);
    expect(await ids(accountToken("phone", mine, secret, new Date(at)))).toEqual([sharedPhone, mine]);
  });

  it("a newsletter sign-up and a job application are no requests on the page; the sign-up is the newsletter preference", async () => {
    const request = await store(lead("kinds@example.com", "+12085550141"));
    const signUp = await store(newsletterSignUp("Kinds@example.com"));
    await store({ ...lead("kinds@example.com", "+12085550141"), kind: "application" });
    const customer = await customerOf(database, { channel: "email", leadId: signUp });
    expect(customer).toMatchObject({ leadIds: [request], signUps: [signUp], more: false });
    // A phone link proves no mailbox: no newsletter.
    expect(await customerOf(database, { channel: "phone", leadId: request })).toMatchObject({ signUps: [] });
  });

  it("an altered link, one replayed after its week, and one of another purpose show nothing", async () => {
    const id = await store(lead("links@example.com", "+12085550151"));
    const now = new Date(at);
    const token = accountToken("email", id, secret, now);
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect(await ids(altered)).toBe("invalid");
    // Another request's id put in place of this one's keeps the signature of the first: refused.
    const [code, , expiry, signature] = token.split(".");
    expect(await ids([code, "00000000-0000-4000-8000-000000000000", expiry, signature].join("."))).toBe("invalid");
    expect(await ids(token, new Date(now.getTime() + ACCOUNT_TTL_MS + 1000))).toBe("expired");
    expect(await ids(signedToken("manage", id, secret, now))).toBe("invalid");
    expect(await ids(signedToken("invoice", id, secret, now))).toBe("invalid");
    expect(await ids(quoteToken(id, "2030-12-31", secret, now))).toBe("invalid");
    // The page itself: 404 / 410 and nothing of anyone.
    const page = async (t: string) =>
      (await accountLoader(
        { database, env },
        new Request(`http://localhost/account?t=${encodeURIComponent(t)}`),
        now,
      )) as unknown as {
        data: { state: string; requests?: unknown };
        init: { status?: number };
      };
    expect(await page(altered)).toMatchObject({ data: { state: "invalid" }, init: { status: 404 } });
    const later = (await accountLoader(
      { database, env },
      new Request(`http://localhost/account?t=${encodeURIComponent(token)}`),
      new Date(now.getTime() + ACCOUNT_TTL_MS + 1000),
    )) as unknown as { data: { state: string }; init: { status?: number } };
    expect(later).toMatchObject({ data: { state: "expired" }, init: { status: 410 } });
    expect(Object.keys(later.data)).toEqual(["state"]);
  });

  it("a photo or document of another customer's request is the same 404 as one that does not exist", async () => {
    const mine = await store(lead("photo-owner@example.com", "+12085550161"));
    const theirs = await store(lead("photo-other@example.com", "+12085550162"));
    const t = encodeURIComponent(accountToken("email", mine, secret, new Date(at)));
    const get = (path: string) => new Request(`http://localhost${path}?t=${t}`);
    const photo = await accountPhoto({ database, env }, get(`/account/photos/${theirs}/1`), theirs, "1", new Date(at));
    expect(photo.status).toBe(404);
    const doc = await accountDocument(
      { database, env },
      get(`/account/documents/invoice-${theirs}.pdf`),
      `invoice-${theirs}.pdf`,
      new Date(at),
    );
    expect(doc.status).toBe(404);
  });

  it("lists the newest ACCOUNT_REQUESTS_MAX and says there are more", async () => {
    let last = "";
    for (let i = 0; i <= ACCOUNT_REQUESTS_MAX; i++) last = await store(lead("many@example.com", null));
    const customer = await customerOf(database, { channel: "email", leadId: last });
    expect(customer?.leadIds).toHaveLength(ACCOUNT_REQUESTS_MAX);
    expect(customer?.leadIds[0]).toBe(last);
    expect(customer?.more).toBe(true);
  });

  it("the owner's page lists the same customer's earlier requests, by e-mail or phone, and not a neighbour's", async () => {
    const a = await store(lead("earlier@example.com", "+12085550171"));
    const b = await store(lead("EARLIER@example.com", null));
    await store(lead("stranger@example.com", "+12085550179", { address: "1234 W Main St" }));
    const c = await store(lead("new-address@example.com", "(208) 555-0171"));
    const earlier = await earlierRequests(database, c);
    expect(earlier.map((r) => [r.id, r.sharedBy])).toEqual([[a, ["phone"]]]);
    expect((await earlierRequests(database, b)).map((r) => r.id)).toEqual([a]);
  });

  it("Request again: the contact form prefilled from the request named (address, services, property), and a reminder link is not one", async () => {
    const id = await store(lead("again@example.com", "+12085550191", { address: "12 N Cole Rd" }));
    const again = decodeURIComponent(reminderPath("request-again", id, secret).split("reminder=")[1]!);
    const prefill = await askAgainPrefill(database, env, again);
    expect(prefill?.values).toMatchObject({
      email: "again@example.com",
      phone: "(208) 555-0191",
      address: "12 N Cole Rd",
      zipcode: "83702",
      serviceType: "residential",
    });
    expect((prefill?.values.servicesNeeded as string[]).length).toBeGreaterThan(0);
    // The request it sends names no reminder; another purpose's token prefills nothing.
    expect(await askedAgainFrom(database, env, again)).toBeNull();
    expect(await askAgainPrefill(database, env, accountToken("email", id, secret))).toBeNull();
  });

  it("Send me my link: the same answer for a known and an unknown address; a job only for the known one", async () => {
    const id = await store(lead("ask@example.com", "+12085550181"));
    const jobs = async () =>
      (
        await database.db.selectFrom("outbox_jobs").select(["lead_id"]).where("kind", "=", "account-link").execute()
      ).map((j) => j.lead_id);
    const ask = (typed: string, ip: string) =>
      askForLink(database, { typed, clientIp: ip, clientLimit: 5, sendText: async () => {}, now: new Date(at) });
    expect(await ask("nobody-here@example.com", "198.51.100.1")).toEqual({ outcome: "answered" });
    expect(await jobs()).toEqual([]);
    expect(await ask("  ASK@example.com ", "198.51.100.2")).toEqual({ outcome: "answered" });
    expect(await jobs()).toEqual([id]);
    // Again for the same address within the window: answered the same, nothing more sent.
    expect(await ask("ask@example.com", "198.51.100.3")).toEqual({ outcome: "answered" });
    expect(await jobs()).toEqual([id]);
    expect(await ask("not an address", "198.51.100.4")).toEqual({ outcome: "unreadable" });
    // A number goes through the texts feature (its rules decide), never as an e-mail.
    const texted: string[] = [];
    await askForLink(database, {
      typed: "(208) 555-0181",
      clientIp: "198.51.100.5",
      clientLimit: 5,
      sendText: async (leadId) => void texted.push(leadId),
      now: new Date(at),
    });
    expect(texted).toEqual([id]);
    for (let i = 0; i < 5; i++) await ask(`x${i}@example.com`, "198.51.100.9");
    expect(await ask("ask@example.com", "198.51.100.9")).toMatchObject({ outcome: "too-many" });
  });
});

describe("typedContact", () => {
  it("reads an e-mail address or a US number in normal form, and nothing else", () => {
    expect(typedContact(" Jane@Example.COM ")).toEqual({ channel: "email", key: "jane@example.com" });
    expect(typedContact("208-555-0199")).toEqual({ channel: "phone", key: "+12085550199" });
    expect(typedContact("+1 (208) 555 0199")).toEqual({ channel: "phone", key: "+12085550199" });
    expect(typedContact("jane")).toBeNull();
    expect(typedContact("12345")).toBeNull();
    expect(typedContact("@")).toBeNull();
  });
});
