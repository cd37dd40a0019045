/**
 * A fair share of the bodies the server reads at once (docs/decisions/022-fair-share.md), against the real
 * server on loopback. Slow clients are raw sockets bound to addresses of their own in 127.0.0.0/8, which the
 * server sees as their client address like any direct visitor's; each sends `Content-Length: 5000` and then
 * one byte every 2 s. Meanwhile a visitor from 127.0.0.1 sends a form and the owner signs in.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { business } from "../../app/content/business.ts";
import { PHOTO_UPLOADS_IN_FLIGHT } from "../../app/server/kit/body-limits.server.ts";
import { estimateBody, type ServerHandle, startSite, storedLeads } from "../support/processes.ts";
import { rawExchange } from "../support/raw-http.ts";
import { addOwnerWithCli, signIn, uniqueOwner } from "./owners.ts";

test.skip(({ isMobile }) => isMobile, "server behaviour, checked once on the desktop project");
// Each test bounds its own time well under the 60 s request timeout.
test.describe.configure({ mode: "serial", timeout: 30_000 });

const PER_CLIENT = 8;
const POOL = 64;
let site: ServerHandle & { dataDir: string };
let owner: string;

test.beforeAll(async () => {
  // The default 60 s request timeout, and no rate limit on forms (startSite).
  site = await startSite({
    SITE_URL: "https://www.gemstateexteriorcleaning.com",
    MAX_BODIES_IN_FLIGHT: `${POOL}`,
    MAX_BODIES_PER_CLIENT: `${PER_CLIENT}`,
  });
  owner = uniqueOwner("fair");
  await addOwnerWithCli(owner, site.dataDir);
});
test.afterAll(async () => {
  await site?.stop();
});

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const head = (path: string, length: number, extra = "", type = "application/x-www-form-urlencoded") =>
  `POST ${path} HTTP/1.1\r\nHost: ${new URL(site.origin).host}\r\nOrigin: ${site.origin}\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n${extra}\r\n`;
/** The final status of a raw answer (after any 100 Continue). */
const finalStatus = (text: string) => Number([...text.matchAll(/^HTTP\/1\.1 (\d{3}) /gm)].at(-1)?.[1] ?? 0);
const postEstimate = (email: string) =>
  fetch(`${site.origin}/estimate`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.origin },
    body: estimateBody(email),
    signal: AbortSignal.timeout(10_000),
  });
const stored = async (email: string) => (await storedLeads(site.dataDir)).filter((l) => l.contact.email === email);

/** A job application with a résumé of `resumeBytes`, as a browser encodes it (multipart). */
async function application(email: string, resumeBytes: number) {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    firstName: "Rena",
    lastName: "Upload",
    email,
    phone: "2085550123",
    position: "pressure-washing-technician",
    experience: "Two summers on a landscaping crew.",
    availability: "seasonal",
  }))
    form.set(name, value);
  const pdf = `%PDF-1.4\n%${"x".repeat(resumeBytes - 16)}\n%%EOF\n`;
  form.set("resume", new File([pdf], "rena.pdf", { type: "application/pdf" }));
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  return { type: encoded.headers.get("content-type")!, body: Buffer.from(await encoded.arrayBuffer()) };
}

/** Writes `body` on `socket` at `bytesPerSecond`, in four pieces a second. */
async function sendAtRate(socket: import("node:net").Socket, body: Buffer, bytesPerSecond: number) {
  const piece = bytesPerSecond / 4;
  for (let at = 0; at < body.length; at += piece) {
    socket.write(body.subarray(at, at + piece));
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * `perAddress` slow uploads from each address; `heard` resolves once the server has taken in every request
 * (its "100 Continue", or its refusal). end() closes every socket left.
 */
function slowBodies(addresses: string[], perAddress: number) {
  const start = Date.now();
  const clients = addresses.flatMap((localAddress) =>
    Array.from({ length: perAddress }, () => {
      const exchange = rawExchange(site.origin, head("/contact", 5000, "Expect: 100-continue\r\n"), { localAddress });
      return { ...exchange, answered: exchange.received.then((text) => ({ text, ms: Date.now() - start })) };
    }),
  );
  const drip = setInterval(() => {
    for (const client of clients) if (client.socket.writable) client.socket.write("x");
  }, 2000);
  return {
    clients,
    heard: Promise.all(clients.map((c) => c.firstData)),
    answers: Promise.all(clients.map((c) => c.answered)),
    async end() {
      clearInterval(drip);
      for (const client of clients) client.socket.destroy();
      await Promise.all(clients.map((c) => c.received));
    },
  };
}

test("100 slow bodies from one address take only its share: another address's form is stored within 1 s, the owner signs in, a résumé at 4 KB/s is stored, and the slow ones get 408 long before the request timeout", async ({
  page,
}) => {
  // The server takes a socket from 127.0.0.2 as a client of that address: a form sent from it is stored with it.
  const own = uniqueEmail("from-127-0-0-2");
  const body = estimateBody(own);
  const direct = rawExchange(site.origin, head("/estimate", Buffer.byteLength(body), "Connection: close\r\n") + body, {
    localAddress: "127.0.0.2",
  });
  expect(finalStatus(await direct.received)).toBe(303);
  expect((await stored(own)).map((l) => l.context.ip)).toEqual([expect.stringMatching(/^(::ffff:)?127\.0\.0\.2$/)]);

  const flood = slowBodies(["127.0.0.2"], 100);
  try {
    await flood.heard;
    const email = uniqueEmail("other-address");
    const sent = Date.now();
    const answer = await postEstimate(email);
    expect(answer.status).toBe(303);
    expect(await stored(email)).toHaveLength(1);
    expect(Date.now() - sent).toBeLessThan(1000);

    // A résumé uploaded at a modest 4 KB/s for about 12 s, past the first window, from the visitor's address.
    const applicant = uniqueEmail("slow-upload");
    const { type, body: upload } = await application(applicant, 45_000);
    const uploading = rawExchange(
      site.origin,
      head("/careers/apply?position=pressure-washing-technician", upload.length, "Connection: close\r\n", type),
    );
    const uploaded = sendAtRate(uploading.socket, upload, 4096);

    await signIn(page, owner, { origin: site.origin });

    await uploaded;
    expect(finalStatus(await uploading.received)).toBe(303);
    expect(await stored(applicant)).toHaveLength(1);

    const answers = await flood.answers;
    const slow = answers.filter((a) => finalStatus(a.text) === 408);
    const refused = answers.filter((a) => finalStatus(a.text) === 429);
    expect(slow).toHaveLength(PER_CLIENT);
    expect(refused).toHaveLength(100 - PER_CLIENT);
    // By the rate rule (1 KB/s over 10 s), with the page and its phone number: not the 60 s request timeout.
    for (const a of slow) {
      expect(a.text).toContain("This form arrived too slowly");
      expect(a.text).toContain(business.phone.display);
      expect(a.ms).toBeLessThan(20_000);
    }
    for (const a of refused) expect(a.text).toMatch(/^Retry-After: 5\r$/m);
    // Cut off and refused bodies are no error for the owner's attention.
    expect(site.log()).not.toMatch(/"level":50/);
  } finally {
    await flood.end();
  }
});

test("slow bodies from many addresses fill the public pool: the owner still signs in, /healthz/forms answers 503 after 5 s while /healthz stays 200, and forms are accepted again once the slow ones are cut off", async ({
  page,
}) => {
  // Addresses with their full share each: more bodies than the public slots.
  const addresses = Array.from({ length: POOL / PER_CLIENT + 1 }, (_, i) => `127.0.0.${i + 3}`);
  const flood = slowBodies(addresses, PER_CLIENT);
  try {
    await flood.heard;
    const busy = await postEstimate(uniqueEmail("busy"));
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("5");

    await signIn(page, owner, { origin: site.origin });

    const health = async (path: string) => (await fetch(`${site.origin}${path}`)).status;
    await expect.poll(() => health("/healthz/forms"), { timeout: 9_000, intervals: [250] }).toBe(503);
    expect(await health("/healthz")).toBe(200);

    const answers = await flood.answers;
    expect(answers.filter((a) => finalStatus(a.text) === 408)).toHaveLength(POOL);
    await expect.poll(() => health("/healthz/forms"), { timeout: 5_000, intervals: [250] }).toBe(200);
    const email = uniqueEmail("after-flood");
    expect((await postEstimate(email)).status).toBe(303);
    expect(await stored(email)).toHaveLength(1);
    expect(site.log()).not.toMatch(/"level":50/);
  } finally {
    await flood.end();
  }
});

/** The estimate form as a browser sends it, multipart; `photo`: the start of a photo's bytes (else the input left empty). */
function estimateMultipart(email: string, photo?: Buffer) {
  const boundary = "----fairshare";
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const text = [...new URLSearchParams(estimateBody(email))].map(([name, value]) => part(name, value)).join("");
  const file = `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${photo ? "roof.jpg" : ""}"\r\nContent-Type: ${photo ? "image/jpeg" : "application/octet-stream"}\r\n\r\n`;
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([Buffer.from(text + file), photo ?? Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

/**
 * The slow uploads each take a photo slot when their photo's first bytes are read, and keep it while they send
 * 2 KB a second (above MIN_BODY_RATE: never cut off within this test). The extra photo is sent only once all eight
 * have taken theirs, seen as their eight request folders in the spool (DATA_DIR/uploads): a photo sent earlier
 * could take a slot before the last upload did, and that upload would be the one answered 503 (set aside until
 * issue 44 for this reason: on a keep-alive connection from the tests before, the extra photo often won the race).
 */
test("slow photo uploads holding every photo slot turn no text-only send away: 20 at once are all stored, while one more photo is answered 503", async () => {
  const spool = path.join(site.dataDir, "uploads");
  const folders = () => (existsSync(spool) ? readdirSync(spool).length : 0);
  expect(folders()).toBe(0);
  // Each slow upload from an address of its own declares a large body and sends the start of its photo.
  const uploads = Array.from({ length: PHOTO_UPLOADS_IN_FLIGHT }, (_, i) => {
    const { type, body } = estimateMultipart(uniqueEmail("slow-photo"), Buffer.alloc(32 * 1024, 0xff));
    const exchange = rawExchange(site.origin, head("/estimate", 1024 * 1024, "", type), {
      localAddress: `127.0.1.${i + 1}`,
    });
    exchange.socket.write(body);
    return exchange;
  });
  const drip = setInterval(() => {
    for (const upload of uploads) if (upload.socket.writable) upload.socket.write(Buffer.alloc(2048, 0xff));
  }, 1000);
  try {
    await expect.poll(folders, { timeout: 10_000, intervals: [100] }).toBe(PHOTO_UPLOADS_IN_FLIGHT);

    // A new request (its own e-mail and idempotency key): one sent again after it was stored is answered 303.
    const photo = estimateMultipart(uniqueEmail("one-more-photo"), Buffer.alloc(2048, 0xff));
    const busy = await fetch(`${site.origin}/estimate`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": photo.type, Origin: site.origin },
      body: Buffer.concat([photo.body, Buffer.from("\r\n------fairshare--\r\n")]),
      signal: AbortSignal.timeout(10_000),
    });
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("5");
    expect(await busy.text()).toContain("We are very busy right now");

    // Twenty text-only sends of the same multipart form at once, each from an address of its own.
    const emails = Array.from({ length: 20 }, () => uniqueEmail("text-only"));
    const answers = await Promise.all(
      emails.map((email, i) => {
        const { type, body } = estimateMultipart(email);
        const exchange = rawExchange(site.origin, head("/estimate", body.length, "Connection: close\r\n", type), {
          localAddress: `127.0.2.${i + 1}`,
        });
        exchange.socket.write(body);
        return exchange.received;
      }),
    );
    expect(answers.map(finalStatus)).toEqual(emails.map(() => 303));
    const leads = await storedLeads(site.dataDir);
    for (const email of emails) expect(leads.filter((l) => l.contact.email === email)).toHaveLength(1);
    // The uploads were never answered: they held their slots throughout.
    expect(uploads.every((upload) => !upload.socket.destroyed)).toBe(true);
    expect(folders()).toBe(PHOTO_UPLOADS_IN_FLIGHT);
  } finally {
    clearInterval(drip);
    for (const upload of uploads) upload.socket.destroy();
  }
});
