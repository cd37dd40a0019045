/**
 * The site is no relay for strangers' messages, and its logs keep no key to a visitor's request
 * (docs/security.md "It is no relay", "Personal data"). A production server of its own (tests/support/processes.ts)
 * with its log file and a real SMTP server.
 */
import path from "node:path";
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { cleanupAfterEach } from "./fixtures.ts";
import { decode, headerValue, leaves, parsePart } from "../support/mime-reader.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { freePort, startServer, waitFor, type ServerHandle } from "../support/processes.ts";

test.skip(({ isMobile }) => isMobile, "process-level tests run once, in the desktop project");
test.describe.configure({ timeout: 90_000 });

const OWNER = "owner@gemstate.test";
const { undo, tempDir } = cleanupAfterEach();

async function site(env: Record<string, string> = {}): Promise<ServerHandle> {
  const dir = tempDir("gs-relay");
  const handle = await startServer({
    port: await freePort(),
    dataDir: path.join(dir, "data"),
    env: { LOG_LEVEL: "info", MAIL_TRANSPORT: "files", ...env },
  });
  undo.push(() => handle.kill9());
  return handle;
}

/** A contact request as a browser without JavaScript sends it. */
const contactBody = (email: string, message: string) =>
  new URLSearchParams({
    firstName: "Visit evil.example",
    lastName: "Now",
    email,
    phone: "2085550199",
    city: "Boise",
    zipcode: "83702",
    serviceType: "residential",
    message,
    _idem: randomUUID(),
  }).toString();

/** Every text part of a message, decoded. */
const bodyOf = (raw: string) =>
  leaves(parsePart(raw.replace(/\r?\n/g, "\r\n")))
    .map(decode)
    .join("\n");

test("a receipt link (/request-received/<token>) never reaches the log: its route pattern does", async () => {
  const server = await site();
  const posted = await fetch(`${server.origin}/contact`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.origin, "content-type": "application/x-www-form-urlencoded" },
    body: contactBody(`receipt-${randomUUID()}@example.com`, "Please call."),
  });
  expect(posted.status).toBe(303);
  const receipt = posted.headers.get("location")!;
  const token = receipt.replace(/^\/request-received\//, "");
  expect(token.length).toBeGreaterThan(20);
  // The visitor's browser follows the redirect, as it does without JavaScript.
  const page = await fetch(`${server.origin}${receipt}`);
  expect(await page.text()).toContain("Your reference number");
  await waitFor(
    "the receipt page's request line",
    () => /"method":"GET","path":"\/request-received\//.test(server.log()),
    10_000,
    50,
  );
  const log = server.log();
  expect(log).toContain('"method":"GET","path":"/request-received/:ref","status":200');
  expect(log).not.toContain(token);
  expect(log).not.toContain(token.split(".").at(-1)); // not even the signature alone
});

test.describe("requests naming a stranger's address", () => {
  let sink: SmtpSink;
  const received: { to: string[]; raw: string }[] = [];
  test.beforeEach(async () => {
    sink = await startSmtpSink({
      onMessage: (raw, envelope) => void received.push({ to: envelope.to, raw: raw.toString("utf8") }),
    });
    undo.push(() => sink.close());
  });

  test("five requests from five client addresses: the owner gets five e-mails, the stranger three, none quoting what was typed", async () => {
    const server = await site({
      MAIL_TRANSPORT: "",
      SMTP_URL: sink.url,
      LEADS_TO: OWNER,
      TRUST_PROXY: "loopback",
      LEAD_RATE_LIMIT: "2",
    });
    const stranger = `stranger-${randomUUID()}@example.com`;
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${server.origin}/contact`, {
        method: "POST",
        redirect: "manual",
        headers: {
          origin: server.origin,
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": `198.51.100.${i + 1}`,
        },
        body: contactBody(stranger, `Your mailbox is suspended. Verify now at https://evil.example/login?n=${i}`),
      });
      expect(response.status).toBe(303);
    }
    const to = (address: string) => received.filter((m) => m.to.includes(address) && m.raw.includes(stranger));
    await waitFor("the owner's five e-mails", () => to(OWNER).length === 5, 30_000);
    await waitFor(
      "the outbox to have nothing left to send",
      () => server.log().split("lead notification sent").length - 1 === 8,
      30_000,
    );
    const replies = received.filter((m) => m.to.includes(stranger));
    expect(replies).toHaveLength(3);
    // The log says so for the two requests without a reply (and names no address).
    expect(server.log().split("no reply e-mailed: its address had 3 replies in 24 hours").length - 1).toBe(2);
    expect(server.log()).not.toContain(stranger);
    for (const reply of replies) {
      const text = bodyOf(reply.raw);
      expect(text).toContain("Your reference number");
      for (const typed of ["mailbox", "suspended", "evil.example", "Verify"]) expect(text).not.toContain(typed);
      expect(headerValue(parsePart(reply.raw.replace(/\r?\n/g, "\r\n")), "to")).toBe(stranger);
    }
    // The owner's copy has the message as it was sent.
    expect(bodyOf(to(OWNER)[0]!.raw)).toContain("Your mailbox is suspended.");
  });
});
