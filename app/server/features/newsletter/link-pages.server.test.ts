import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as confirmAction, loader as confirmLoader } from "../../../routes/newsletter.confirm.tsx";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "../../../routes/newsletter.unsubscribe.tsx";
import { action as optOutAction, loader as optOutLoader } from "../../../routes/reviews.opt-out.tsx";
import { signedPath, newsletterToken, linkSecret } from "../../kit/signed-links.server.ts";
import { optedOut, reviewKey } from "../reviews/reviews.server.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { routeContext } from "../../../../tests/support/app-context.ts";
import { createTestStorage, newsletterSignUp, type TestStorage } from "../../../../tests/support/storage.ts";
import { parseEnv } from "../../kit/env.server.ts";
import { getSubscription } from "./subscriptions.server.ts";
import { recordLead } from "../leads/store.server.ts";
import { NEWSLETTER_SIGN_UP } from "./sign-up.server.ts";

/** The pages behind the links in newsletter e-mails, as the server runs them. */
let storage: TestStorage;
let database: Database;
const env = parseEnv({ NODE_ENV: "test", DATA_DIR: "/nonexistent" });

beforeAll(async () => {
  storage = await createTestStorage("sqlite");
  database = await storage.open();
});
afterAll(() => storage.cleanup());

const context = () => routeContext(database, env);

type Answer = { data: { state: string }; init: { status?: number } | null };
type Handler = (args: never) => Promise<unknown>;
const get = async (loader: Handler, path: string) =>
  (await loader({
    request: new Request(`http://localhost${path}`),
    context: context(),
    params: {},
  } as never)) as unknown as Answer;
const post = async (action: Handler, path: string, body = "") =>
  (await action({
    request: new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body,
    }),
    context: context(),
    params: {},
  } as never)) as unknown as Answer | Response;

async function signUp(email: string) {
  const { id } = await recordLead(database, newsletterSignUp(email), {
    webhook: false,
    reply: true,
    hooks: NEWSLETTER_SIGN_UP,
  });
  const secret = await linkSecret(database, env);
  return {
    id,
    confirm: `/newsletter/confirm?t=${encodeURIComponent(newsletterToken("confirm", id, secret))}`,
    unsubscribe: `/newsletter/unsubscribe?t=${encodeURIComponent(newsletterToken("unsubscribe", id, secret))}`,
  };
}
const status = async (id: string) => (await getSubscription(database, id))?.status;

describe("/newsletter/confirm", () => {
  it("GET shows the button and changes nothing (mail scanners follow links); its POST confirms and comes back (PRG)", async () => {
    const { id, confirm } = await signUp("confirm@example.com");
    for (let i = 0; i < 3; i++) expect((await get(confirmLoader, confirm)).data.state).toBe("pending");
    expect(await status(id)).toBe("pending");
    const answer = (await post(confirmAction, confirm)) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(confirm);
    expect(await status(id)).toBe("confirmed");
    expect((await get(confirmLoader, confirm)).data.state).toBe("confirmed");
  });

  it("answers an altered link 400 and an unsubscribe link 400, changing nothing", async () => {
    const { id, confirm, unsubscribe } = await signUp("forged@example.com");
    const forged = await get(confirmLoader, `${confirm.slice(0, -2)}xx`);
    expect([forged.data.state, forged.init?.status]).toEqual(["invalid", 400]);
    const wrongPurpose = (await post(confirmAction, unsubscribe.replace("/unsubscribe", "/confirm"))) as Answer;
    expect([wrongPurpose.data.state, wrongPurpose.init?.status]).toEqual(["invalid", 400]);
    expect(await status(id)).toBe("pending");
  });
});

describe("/newsletter/unsubscribe", () => {
  it("GET shows the button and changes nothing; the RFC 8058 one-click POST unsubscribes at once and answers 200", async () => {
    const { id, confirm, unsubscribe } = await signUp("oneclick@example.com");
    await post(confirmAction, confirm);
    expect((await get(unsubscribeLoader, unsubscribe)).data.state).toBe("confirmed");
    expect(await status(id)).toBe("confirmed");
    const answer = (await post(unsubscribeAction, unsubscribe, "List-Unsubscribe=One-Click")) as Answer;
    expect([answer.data.state, answer.init?.status]).toEqual(["unsubscribed", 200]);
    expect(await status(id)).toBe("unsubscribed");
    expect(((await post(unsubscribeAction, unsubscribe, "List-Unsubscribe=One-Click")) as Answer).data.state).toBe(
      "unsubscribed",
    );
  });

  it("the page's button unsubscribes a pending sign-up and comes back to the link (PRG)", async () => {
    const { id, unsubscribe } = await signUp("button@example.com");
    const answer = (await post(unsubscribeAction, unsubscribe)) as Response;
    expect(answer.status).toBe(303);
    expect(await status(id)).toBe("unsubscribed");
    expect((await get(unsubscribeLoader, unsubscribe)).data.state).toBe("unsubscribed");
  });

  it("an expired link answers 410 and changes nothing", async () => {
    const { id } = await signUp("expired@example.com");
    const old = newsletterToken(
      "unsubscribe",
      id,
      await linkSecret(database, env),
      new Date(Date.now() - 400 * 86_400_000),
    );
    const answer = (await post(
      unsubscribeAction,
      `/newsletter/unsubscribe?t=${encodeURIComponent(old)}`,
      "List-Unsubscribe=One-Click",
    )) as Answer;
    expect([answer.data.state, answer.init?.status]).toEqual(["expired", 410]);
    expect(await status(id)).toBe("pending");
  });
});

describe("/reviews/opt-out (the review request's link)", () => {
  const link = async (email: string, now = new Date()) => {
    const key = await reviewKey(database, email);
    return { key, path: signedPath("review-opt-out", key, await linkSecret(database, env), now) };
  };

  it("GET shows the button and changes nothing; the button's POST opts out and comes back (PRG)", async () => {
    const { key, path } = await link("button-review@example.com");
    for (let i = 0; i < 3; i++) expect((await get(optOutLoader, path)).data.state).toBe("asked");
    expect(await optedOut(database, key)).toBe(false);
    const answer = (await post(optOutAction, path)) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(path);
    expect(await optedOut(database, key)).toBe(true);
    expect((await get(optOutLoader, path)).data.state).toBe("opted-out");
  });

  it("takes the RFC 8058 one-click POST at once, answering 200, again and again", async () => {
    const { key, path } = await link("oneclick-review@example.com");
    for (let i = 0; i < 2; i++) {
      const answer = (await post(optOutAction, path, "List-Unsubscribe=One-Click")) as Answer;
      expect([answer.data.state, answer.init?.status]).toEqual(["opted-out", 200]);
    }
    expect(await optedOut(database, key)).toBe(true);
  });

  it("refuses an altered, another purpose's or an expired link, changing nothing", async () => {
    const { key, path } = await link("forged-review@example.com");
    const forged = (await post(optOutAction, `${path.slice(0, -2)}xx`, "List-Unsubscribe=One-Click")) as Answer;
    expect([forged.data.state, forged.init?.status]).toEqual(["invalid", 400]);
    const manage = signedPath("manage", key, await linkSecret(database, env)).replace(
      "/book/manage",
      "/reviews/opt-out",
    );
    expect(((await post(optOutAction, manage, "List-Unsubscribe=One-Click")) as Answer).data.state).toBe("invalid");
    const old = await link("forged-review@example.com", new Date(Date.now() - 400 * 86_400_000));
    const expired = (await post(optOutAction, old.path)) as Answer;
    expect([expired.data.state, expired.init?.status]).toEqual(["expired", 410]);
    expect(await optedOut(database, key)).toBe(false);
  });
});
