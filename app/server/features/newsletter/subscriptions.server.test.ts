import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../kit/db/database.server.ts";
import {
  backends,
  createTestStorage,
  newsletterSignUp,
  sampleLead,
  type TestStorage,
} from "../../../../tests/support/storage.ts";
import { confirmSubscription, getSubscription, listConfirmedSubscribers, unsubscribe } from "./subscriptions.server.ts";
import { readNewsletterToken, newsletterToken, linkSecret } from "../../kit/signed-links.server.ts";
import { recordLead } from "../leads/store.server.ts";
import { CONFIRMATION_RESEND_MS, NEWSLETTER_SIGN_UP } from "./sign-up.server.ts";
import { markNotified, countUndelivered } from "../leads/delivery-status.server.ts";
import { getLead } from "../../kit/leads.server.ts";

const secret = "k".repeat(40);
const now = new Date("2030-01-01T00:00:00Z");

describe("newsletter tokens", () => {
  it("name the sign-up until they expire, for their own purpose and key only", () => {
    const token = newsletterToken("unsubscribe", "lead-1", secret, now);
    expect(readNewsletterToken(token, "unsubscribe", secret, now)).toEqual({ leadId: "lead-1" });
    expect(readNewsletterToken(token, "unsubscribe", secret, new Date(now.getTime() + 364 * 86_400_000))).toEqual({
      leadId: "lead-1",
    });
    expect(readNewsletterToken(token, "unsubscribe", secret, new Date(now.getTime() + 366 * 86_400_000))).toBe(
      "expired",
    );
    expect(readNewsletterToken(token, "confirm", secret, now)).toBe("invalid");
    expect(readNewsletterToken(token, "unsubscribe", "x".repeat(40), now)).toBe("invalid");
    expect(readNewsletterToken(token.replace("lead-1", "lead-2"), "unsubscribe", secret, now)).toBe("invalid");
    expect(readNewsletterToken("", "unsubscribe", secret, now)).toBe("invalid");
  });

  it("refuse any altered token", () => {
    const token = newsletterToken("confirm", "5a4ad3a8-0d0c-4a5e-9c5e-2b8f0c1d2e3f", secret, now);
    fc.assert(
      fc.property(fc.nat({ max: token.length - 1 }), fc.constantFrom(..."abcXYZ019.-_"), (at, char) => {
        const altered = token.slice(0, at) + char + token.slice(at + 1);
        fc.pre(altered !== token);
        expect(readNewsletterToken(altered, "confirm", secret, now)).toBe("invalid");
      }),
    );
  });
});

describe.each(backends)("newsletter double opt-in on %s", (dialect) => {
  let storage: TestStorage;
  let database: Database;
  beforeEach(async () => {
    storage = await createTestStorage(dialect);
    database = await storage.open();
  });
  afterEach(() => storage.cleanup());

  const signUp = (email: string, at = now) =>
    recordLead(database, newsletterSignUp(email), { webhook: false, reply: true, now: at, hooks: NEWSLETTER_SIGN_UP });
  const replyJobs = async (leadId: string) => (await getLead(database, leadId))!.jobs.filter((j) => j.kind === "reply");

  it("goes pending → confirmed → unsubscribed; only confirmed addresses are listed", async () => {
    const { id } = await signUp("reader@example.com");
    const other = await signUp("other@example.com");
    expect((await getSubscription(database, id))?.status).toBe("pending");
    expect(await replyJobs(id)).toHaveLength(1);
    expect(await listConfirmedSubscribers(database)).toEqual([]);

    expect(await confirmSubscription(database, id, now)).toBe("confirmed");
    expect(await confirmSubscription(database, id, now)).toBe("confirmed");
    expect((await listConfirmedSubscribers(database)).map((s) => s.email)).toEqual(["reader@example.com"]);
    expect((await getSubscription(database, other.id))?.status).toBe("pending");

    expect(await unsubscribe(database, id, now)).toBe("unsubscribed");
    expect(await unsubscribe(database, id, now)).toBe("unsubscribed");
    expect(await confirmSubscription(database, id, now)).toBe("unsubscribed"); // an old confirmation link does not undo it
    expect(await listConfirmedSubscribers(database)).toEqual([]);
    expect(await unsubscribe(database, "no-such-lead", now)).toBeUndefined();
  });

  it("a repeat sign-up resends the confirmation only when it is not confirmed and the last one is not recent", async () => {
    const { id } = await signUp("again@example.com");
    const first = (await replyJobs(id))[0]!;
    await signUp("again@example.com", new Date(now.getTime() + 1000)); // a double click: still queued
    expect(await replyJobs(id)).toEqual([first]);

    await database.db
      .updateTable("outbox_jobs")
      .set({ status: "sent", sent_at: now.toISOString() })
      .where("id", "=", first.id)
      .execute();
    await signUp("again@example.com", new Date(now.getTime() + CONFIRMATION_RESEND_MS - 1000)); // sent a moment ago
    expect((await replyJobs(id))[0]).toMatchObject({ id: first.id, status: "sent" });

    const later = new Date(now.getTime() + CONFIRMATION_RESEND_MS + 1000);
    expect(await signUp("again@example.com", later)).toEqual({ id, duplicate: true });
    const rearmed = (await replyJobs(id))[0]!;
    expect(rearmed).toMatchObject({ status: "pending", attempts: 0, sentAt: null });
    expect(rearmed.id).not.toBe(first.id); // a new message (its Message-ID comes from the job id)

    await database.db
      .updateTable("outbox_jobs")
      .set({ status: "sent", sent_at: later.toISOString() })
      .where("id", "=", rearmed.id)
      .execute();
    await confirmSubscription(database, id, later);
    await signUp("again@example.com", new Date(later.getTime() + 2 * CONFIRMATION_RESEND_MS)); // confirmed: nothing is sent
    expect((await replyJobs(id))[0]).toMatchObject({ id: rearmed.id, status: "sent" });

    await unsubscribe(database, id, later);
    await signUp("again@example.com", new Date(later.getTime() + 3 * CONFIRMATION_RESEND_MS)); // unsubscribed: pending again, a new link
    expect((await getSubscription(database, id))?.status).toBe("pending");
    expect((await replyJobs(id))[0]).toMatchObject({ status: "pending" });
  });

  it("the link key is LINK_SECRET, or one random key kept in the database for every instance", async () => {
    expect(await linkSecret(database, { LINK_SECRET: secret })).toBe(secret);
    const stored = await linkSecret(database, {});
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    const second = await storage.open();
    expect(await linkSecret(second, {})).toBe(stored);
  });

  it("the visitor's reply is not part of the owner's delivery status or the health alert", async () => {
    const { id } = await recordLead(database, sampleLead(), { webhook: false, reply: true, now });
    expect((await getLead(database, id))!.jobs.map((j) => j.kind)).toEqual(["email", "reply"]);
    await database.db.updateTable("outbox_jobs").set({ status: "sent" }).where("kind", "=", "email").execute();
    await markNotified(database, id);
    expect((await getLead(database, id))!.deliveryStatus).toBe("notified");
    expect(await countUndelivered(database, new Date(now.getTime() + 3600_000))).toBe(0);
    await database.db.updateTable("outbox_jobs").set({ status: "pending" }).where("kind", "=", "email").execute();
    expect(await countUndelivered(database, new Date(now.getTime() + 3600_000))).toBe(1);
  });
});
