/**
 * A stranger guessing the owner's password in bursts of concurrent requests from ever new addresses, against
 * the real server (docs/security.md "The owner's inbox": one password check per wait). The addresses are
 * named in X-Forwarded-For, which the server reads because TRUST_PROXY=loopback names this test as a proxy.
 */
import { ACCOUNT_DELAY, accountDelayMs } from "../../app/server/features/admin/auth.server.ts";
import { expect, test } from "./fixtures.ts";
import { addOwnerWithCli, OWNER_PASSWORD, signIn, signInFrom as signInAs, uniqueOwner } from "./owners.ts";
import { type ServerHandle, startSite } from "../support/processes.ts";

test.skip(({ isMobile }) => isMobile, "server behaviour, checked once on the desktop project");

/** How long the stranger keeps guessing: the first five waits (1 + 2 + 4 + 8 + 16 s) and a little more. */
const GUESSING_MS = 33_000;
const BURST = 10;
/** A burst at most this often (a wait's end is then missed by at most this much). */
const BURST_EVERY_MS = 200;

/** The most password checks the rule allows within `ms` of the first: one, then one more after each wait. */
function checksAllowed(ms: number): number {
  let checks = 1;
  for (let passed = accountDelayMs(1); passed <= ms; passed += accountDelayMs(++checks));
  return checks;
}

test.describe("guessing in bursts from many addresses", () => {
  let site: ServerHandle & { dataDir: string };
  test.beforeAll(async () => {
    site = await startSite({ SITE_URL: "https://www.gemstateexteriorcleaning.com", TRUST_PROXY: "loopback" });
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  let addresses = 0;
  const freshAddress = () => {
    const n = ++addresses;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  };
  const signInFrom = (address: string, email: string, password: string) =>
    signInAs(site.origin, address, email, password);

  test("ten guesses at a time get one password check per wait, and the owner still signs in after it", async () => {
    test.setTimeout(GUESSING_MS + 90_000);
    const owner = uniqueOwner("burst");
    await addOwnerWithCli(owner, site.dataDir);

    const counted = { checked: 0, waited: 0, busy: 0 };
    let firstCheck: number | undefined;
    let lastCheck = 0;
    const start = performance.now();
    while (performance.now() - start < GUESSING_MS) {
      const sent = performance.now();
      const paced = new Promise((resolve) => setTimeout(resolve, BURST_EVERY_MS));
      const answers = await Promise.all(
        Array.from({ length: BURST }, (_, i) => signInFrom(freshAddress(), owner, `wrong guess ${addresses}-${i}`)),
      );
      for (const answer of answers) {
        const text = await answer.text();
        if (answer.status === 401) {
          counted.checked++;
          // From the burst's sending to the last answer: at least the time between the checks on the server.
          firstCheck ??= sent;
          lastCheck = performance.now();
        } else if (answer.status === 429) {
          // Told to wait (each address is new, so never the address lockout), for at most the longest delay.
          expect(text).toMatch(/After a failed sign-in, the next try waits a little\./);
          const retryAfter = Number(answer.headers.get("retry-after"));
          expect(retryAfter).toBeGreaterThanOrEqual(1);
          expect(retryAfter).toBeLessThanOrEqual(ACCOUNT_DELAY.maxMs / 1000);
          counted.waited++;
        } else {
          expect(answer.status, "a guess is checked (401), told to wait (429) or busy (503)").toBe(503);
          counted.busy++;
        }
      }
      await paced;
    }
    // Checks happened (the waits passed), and no more than one per wait that passed between the first and the last.
    expect(counted.checked).toBeGreaterThanOrEqual(3);
    expect(counted.waited).toBeGreaterThan(counted.checked);
    expect(counted.checked, JSON.stringify(counted)).toBeLessThanOrEqual(checksAllowed(lastCheck - firstCheck!));

    // The owner, from an address never used: asked to wait at most the longest delay, then let in.
    const ownerAddress = freshAddress();
    const waitedFrom = performance.now();
    await expect
      .poll(async () => (await signInFrom(ownerAddress, owner, OWNER_PASSWORD)).status, {
        timeout: ACCOUNT_DELAY.maxMs + 10_000,
        intervals: [500],
      })
      .toBe(303);
    expect(performance.now() - waitedFrom).toBeLessThanOrEqual(ACCOUNT_DELAY.maxMs + 5_000);
  });

  test("a stranger timing each guess to the end of the account's wait does not keep the owner out of a browser they used before", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const owner = uniqueOwner("known");
    await addOwnerWithCli(owner, site.dataDir);
    const known = await browser.newContext({ javaScriptEnabled: false });
    const knownPage = await known.newPage();
    await signIn(knownPage, owner, { origin: site.origin });
    await knownPage.getByRole("button", { name: "Sign out" }).click();
    await expect(knownPage.getByRole("heading", { level: 1, name: "Sign in to the owner inbox" })).toBeVisible();

    // The stranger: a guess from a new address until four have been checked, each as soon as the wait allows.
    // The last check has just started a wait of 8 s.
    for (let checked = 0; checked < 4;) {
      const answer = await signInFrom(freshAddress(), owner, `wrong guess ${addresses}`);
      if (answer.status === 401) checked++;
      else {
        expect(answer.status).toBe(429);
        await new Promise((resolve) => setTimeout(resolve, Number(answer.headers.get("retry-after")) * 1000));
      }
    }

    // During that wait, a browser the owner never used is told to wait …
    const stranger = await browser.newContext({ javaScriptEnabled: false });
    const newPage = await stranger.newPage();
    await newPage.goto(`${site.origin}/admin/sign-in`);
    await newPage.getByRole("textbox", { name: "E-mail address" }).fill(owner);
    await newPage.getByLabel("Password").fill(OWNER_PASSWORD);
    await newPage.getByRole("button", { name: "Sign in" }).click();
    await expect(newPage.getByText("After a failed sign-in, the next try waits a little.")).toBeVisible();
    // … and the owner's own browser goes straight in.
    await signIn(knownPage, owner, { origin: site.origin });
    await Promise.all([known.close(), stranger.close()]);
  });
});
