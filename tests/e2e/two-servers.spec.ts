/**
 * Two servers on one PostgreSQL database behind Caddy, as docs/deploy.md sets them up (deploy/Caddyfile.two-servers):
 * a stream of visitors' forms while one server is killed with `kill -9` and started again, then the other is
 * restarted (a rolling deploy). Every form is answered with the confirmation (after a re-send at most), stored
 * once, and e-mailed once; the form's rate limit and the sign-in lockout count the requests that reached either
 * server together. The long version, with more forms and several kills: `npm run bench:load -- --only two`.
 */
import { expect, test } from "@playwright/test";
import { CONFIRMATION, estimateBody, waitFor } from "../support/processes.ts";
import { createTestStorage } from "../support/storage.ts";
import { hasCaddy, postFormFrom } from "../support/caddy-recipe.ts";
import { outcome, startTwoServers, submissionStream } from "../support/two-servers.ts";
import { cleanupAfterEach } from "./fixtures.ts";

test.skip(({ isMobile }) => isMobile, "process-level tests run once, in the desktop project");
test.skip(!process.env.TEST_DATABASE_URL, "TEST_DATABASE_URL is not set");
test.skip(!hasCaddy(), "Caddy is not installed (Debian: apt-get install caddy)");
test.describe.configure({ timeout: 180_000 });

const { undo } = cleanupAfterEach();
const LIMIT = 4;

test("a kill -9 and a rolling restart: every form confirmed, stored once, e-mailed once; rate limit and lockout shared", async () => {
  const storage = await createTestStorage("postgres");
  undo.push(() => storage.cleanup());
  const stack = await startTwoServers(storage.env.DATABASE_URL!, { LEAD_RATE_LIMIT: String(LIMIT) });
  undo.push(() => stack.close());

  const stream = submissionStream(stack.origin);
  const answered = (n: number) => () => stream.sent.filter((s) => s.confirmed).length >= n;
  await waitFor("forms answered before the kill", answered(10), 60_000, 20);
  await stack.kill9(0);
  await waitFor("forms answered by the other server alone", answered(20), 60_000, 20);
  await stack.start(0);
  // A rolling deploy: the second server stops gracefully (SIGTERM) and starts again, while the first answers.
  expect(await stack.restart(1), "the exit code after SIGTERM").toBe(0);
  await waitFor("forms answered after the restart", answered(40), 60_000, 20);
  await stream.stop();

  await waitFor("every job sent", async () => (await outcome(stack, stream.sent)).unsent === 0, 60_000, 250);
  const result = await outcome(stack, stream.sent);
  expect(result.unconfirmed, stack.logs().slice(-3000)).toEqual([]);
  expect(result.lost).toEqual([]);
  expect(result.storedTwice).toEqual([]);
  expect(result.jobs).toBe(stream.sent.length * 2); // the owner's e-mail and the visitor's reply
  // Only a send in flight when its server was killed can be repeated (with the same Message-ID): at most a batch.
  expect(result.sentTwice.length, stack.logs().slice(-3000)).toBeLessThanOrEqual(5);

  // The rate limit: LIMIT forms from one address through Caddy, which hands them to the two servers in turn;
  // the next is refused (counted on each server alone, the two would let twice as many through).
  const from = "127.2.0.1";
  for (let i = 0; i < LIMIT; i++) {
    const answer = await postFormFrom(stack.origin, "/estimate", estimateBody(`limit-${i}@example.com`), { from });
    expect(answer.body).toContain(CONFIRMATION);
  }
  const over = await postFormFrom(stack.origin, "/estimate", estimateBody("limit-over@example.com"), { from });
  expect(over.status).toBe(429);
  expect(over.body).toContain("You have sent several requests in a short time");

  // The sign-in lockout: five failed sign-ins from one address, to either server, lock it out.
  const signIn = (n: number) =>
    postFormFrom(
      stack.origin,
      "/admin/sign-in",
      new URLSearchParams({ email: `nobody-${n}@example.com`, password: "a wrong password" }).toString(),
      { from: "127.2.0.2" },
    );
  for (let n = 1; n < 5; n++) expect((await signIn(n)).status, `sign-in ${n}`).toBe(401);
  const fifth = await signIn(5);
  expect(fifth.status).toBe(429);
  expect(fifth.body).toContain("Too many failed sign-ins from this connection.");
});
