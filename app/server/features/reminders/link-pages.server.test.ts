/** The pages behind the reminder links, as the server runs them: a GET never acts, a POST does, then PRG. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeContext } from "../../../../tests/support/app-context.ts";
import { createTestStorage, sampleLead, type TestStorage } from "../../../../tests/support/storage.ts";
import { action as remindAction, loader as remindLoader } from "../../../routes/reminders.remind-me.tsx";
import { action as optOutAction, loader as optOutLoader } from "../../../routes/reminders.opt-out.tsx";
import type { Database } from "../../kit/db/database.server.ts";
import { parseEnv } from "../../kit/env.server.ts";
import { linkSecret, reminderPath, signedPath } from "../../kit/signed-links.server.ts";
import { recordLead } from "../leads/store.server.ts";
import { remindMeLinkOf } from "./link-pages.server.ts";
import { getConsent } from "./reminders.server.ts";

let storage: TestStorage;
let database: Database;
const env = parseEnv({ NODE_ENV: "test", DATA_DIR: "/nonexistent" });

beforeAll(async () => {
  storage = await createTestStorage("sqlite");
  database = await storage.open();
});
afterAll(() => storage.cleanup());

type Answer = {
  data: { state?: string; page?: { state: string; services?: string } };
  init: { status?: number } | null;
};
type Handler = (args: never) => Promise<unknown>;
const call = async (handler: Handler, path: string, method = "GET", body = "") =>
  (await handler({
    request: new Request(
      `http://localhost${path}`,
      method === "GET" ? {} : { method, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body },
    ),
    context: routeContext(database, env),
    params: {},
  } as never)) as unknown as Answer | Response;

let serial = 0;
async function request(services: string[]) {
  const lead = sampleLead({ kind: "contact", idempotencyKey: `key:links-${serial++}` });
  lead.fields = { ...lead.fields, servicesNeeded: services };
  return (await recordLead(database, lead, { webhook: false })).id;
}

describe("/reminders/remind-me", () => {
  it("GET shows what would be reminded and changes nothing; the button's POST records the consent and comes back (PRG)", async () => {
    const id = await request(["Roof Cleaning"]);
    const path = reminderPath("remind-me", id, await linkSecret(database, env));
    for (let i = 0; i < 3; i++) {
      const shown = (await call(remindLoader, path)) as Answer;
      expect(shown.data.page).toEqual({ state: "offer", services: "roof cleaning" });
    }
    expect(await getConsent(database.db, id)).toBeNull();
    const answer = (await call(remindAction, path, "POST")) as Response;
    expect([answer.status, answer.headers.get("location")]).toEqual([303, path]);
    expect(await getConsent(database.db, id)).toMatchObject({ services: ["roof-cleaning"], optedOut: false });
    expect((await call(remindLoader, path)) as Answer).toMatchObject({ data: { page: { state: "reminding" } } });
  });

  it("records where the consent was given: the accepted quote's link says so", async () => {
    const id = await request(["House Washing"]);
    const path = reminderPath("remind-me", `${id}:quote`, await linkSecret(database, env));
    await call(remindAction, path, "POST");
    const row = await database.db
      .selectFrom("reminder_consents")
      .selectAll()
      .where("lead_id", "=", id)
      .executeTakeFirst();
    expect(row?.given_via).toBe("quote-page");
  });

  it("offers nothing for a request whose services have no reminder, and refuses an altered, another purpose's or an expired link", async () => {
    const none = await request(["Other"]);
    const secret = await linkSecret(database, env);
    const nothing = (await call(remindAction, reminderPath("remind-me", none, secret), "POST")) as Answer;
    expect([nothing.data.page?.state, nothing.init?.status]).toEqual(["not-found", 404]);
    const id = await request(["Roof Cleaning"]);
    const path = reminderPath("remind-me", id, secret);
    const forged = (await call(remindAction, `${path.slice(0, -2)}xx`, "POST")) as Answer;
    expect([forged.data.page?.state, forged.init?.status]).toEqual(["invalid", 400]);
    const optOut = reminderPath("reminder-opt-out", id, secret).replace("/reminders/opt-out", "/reminders/remind-me");
    expect(((await call(remindAction, optOut, "POST")) as Answer).data.page?.state).toBe("invalid");
    const manage = signedPath("manage", id, secret).replace("/book/manage", "/reminders/remind-me");
    expect(((await call(remindAction, manage, "POST")) as Answer).data.page?.state).toBe("invalid");
    const old = reminderPath("remind-me", id, secret, new Date(Date.now() - 200 * 86_400_000));
    const expired = (await call(remindAction, old, "POST")) as Answer;
    expect([expired.data.page?.state, expired.init?.status]).toEqual(["expired", 410]);
    expect(await getConsent(database.db, id)).toBeNull();
  });
});

describe("the accepted quote's offer", () => {
  it("links to the same page, naming the quote as where the consent is given; none for a request without a reminder", async () => {
    const id = await request(["Roof Cleaning"]);
    const offer = await remindMeLinkOf(database, env, id);
    expect(offer).toMatchObject({ services: "roof cleaning", reminding: false });
    expect(offer!.path).toMatch(/^\/reminders\/remind-me\?t=/);
    await call(remindAction, offer!.path, "POST");
    expect(await getConsent(database.db, id)).toMatchObject({ optedOut: false });
    expect(await remindMeLinkOf(database, env, id)).toMatchObject({ reminding: true });
    expect(await remindMeLinkOf(database, env, await request(["Other"]))).toBeNull();
  });
});

describe("/reminders/opt-out", () => {
  const agreed = async () => {
    const id = await request(["Roof Cleaning"]);
    const secret = await linkSecret(database, env);
    await call(remindAction, reminderPath("remind-me", id, secret), "POST");
    return { id, path: reminderPath("reminder-opt-out", id, secret) };
  };

  it("GET shows the button and changes nothing; the button's POST opts out and comes back (PRG)", async () => {
    const { id, path } = await agreed();
    expect(((await call(optOutLoader, path)) as Answer).data.state).toBe("reminding");
    expect(await getConsent(database.db, id)).toMatchObject({ optedOut: false });
    const answer = (await call(optOutAction, path, "POST")) as Response;
    expect([answer.status, answer.headers.get("location")]).toEqual([303, path]);
    expect(await getConsent(database.db, id)).toMatchObject({ optedOut: true });
    expect(((await call(optOutLoader, path)) as Answer).data.state).toBe("opted-out");
  });

  it("takes the RFC 8058 one-click POST at once, answering 200, again and again", async () => {
    const { id, path } = await agreed();
    for (let i = 0; i < 2; i++) {
      const answer = (await call(optOutAction, path, "POST", "List-Unsubscribe=One-Click")) as Answer;
      expect([answer.data.state, answer.init?.status]).toEqual(["opted-out", 200]);
    }
    expect(await getConsent(database.db, id)).toMatchObject({ optedOut: true });
  });

  it("refuses an altered or expired link, changing nothing", async () => {
    const { id, path } = await agreed();
    const forged = (await call(optOutAction, `${path.slice(0, -2)}xx`, "POST", "List-Unsubscribe=One-Click")) as Answer;
    expect([forged.data.state, forged.init?.status]).toEqual(["invalid", 400]);
    const old = reminderPath(
      "reminder-opt-out",
      id,
      await linkSecret(database, env),
      new Date(Date.now() - 4 * 365 * 86_400_000),
    );
    const expired = (await call(optOutAction, old, "POST")) as Answer;
    expect([expired.data.state, expired.init?.status]).toEqual(["expired", 410]);
    expect(await getConsent(database.db, id)).toMatchObject({ optedOut: false });
  });
});
