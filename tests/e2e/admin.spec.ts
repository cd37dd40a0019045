/**
 * The owner's inbox at /admin (docs/security.md "The owner's inbox"): the walk at 390 px and 1440 px, the server's
 * refusals once (desktop); without JavaScript (every page is plain links and forms) unless a test starts the app.
 */
import { test as plainTest } from "@playwright/test";
import { openDatabase } from "../../app/server/kit/db/database.server.ts";
import { recordLead } from "../../app/server/features/leads/store.server.ts";
import { listLeads } from "../../app/server/features/admin/listing.server.ts";
import { changeLeadStatus } from "../../app/server/kit/leads.server.ts";
import { referenceOf } from "../../app/server/kit/reference.server.ts";
import { sampleLead } from "../support/storage.ts";
import { expect, test } from "./fixtures.ts";
import { leadsFor, uniqueEmail } from "./leads.ts";
import { addOwnerWithCli, OWNER_PASSWORD, sendRequest, signIn, signInFrom as signInAs, uniqueOwner } from "./owners.ts";
import { startSite, type ServerHandle } from "../support/processes.ts";

// Each test makes an owner with the real command line (scrypt) and sends a request through a form.
test.describe.configure({ timeout: 90_000 });
plainTest.describe.configure({ timeout: 90_000 });

test("an owner made with the command line signs in, finds a request just sent, changes its status, exports CSV, signs out", async ({
  page,
}) => {
  const owner = uniqueOwner("flow");
  expect(await addOwnerWithCli(owner)).toContain(`Owner ${owner} added`);
  const email = uniqueEmail("inbox");
  const first = `Flow${Math.random().toString(36).slice(2, 7)}`;
  await sendRequest(page, { first, email });

  await signIn(page, owner);
  // The session cookie: HttpOnly, SameSite=Lax (plain http here, so no Secure and no __Host- prefix).
  const cookie = (await page.context().cookies()).find((c) => c.name === "gs_owner_session");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });

  await page.getByRole("searchbox", { name: "Name, e-mail or phone" }).fill(email);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/\/admin\?q=/);
  const item = page.getByRole("listitem").filter({ hasText: email });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("Estimate");
  await expect(item).toContainText("83702");
  await expect(item).toContainText("In area");
  await expect(item).toContainText("New");
  await expect(item.getByRole("link", { name: "(208) 555-0177" })).toHaveAttribute("href", "tel:+12085550177");

  await item.getByRole("link", { name: `${first} Inboxtest` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${first} Inboxtest` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Consent proof" })).toContainText("Given");
  await expect(page.getByRole("region", { name: "Where it came from" })).toContainText("/estimate");
  await expect(page.getByRole("region", { name: "Delivery" })).toContainText("E-mail to the owner");

  await page.getByRole("combobox", { name: "Set the stage" }).selectOption("contacted");
  await page.getByRole("textbox", { name: "Note (optional)" }).fill("Called, quoting Friday");
  await page.getByRole("button", { name: "Save the stage" }).click();
  await expect(page.getByRole("status")).toHaveText("Stage saved: Contacted.");
  const history = page.getByRole("list", { name: "History, newest first" });
  await expect(history).toContainText("Stage set to Contacted");
  await expect(history).toContainText(`by ${owner}`);
  await expect(history).toContainText("Called, quoting Friday");
  // Post/Redirect/Get: a reload shows the page again and records nothing twice.
  await page.reload();
  await expect(history.getByRole("listitem")).toHaveCount(1);
  const [stored] = await leadsFor(email);
  expect(stored).toBeDefined();

  await page.goto(`/admin?q=${encodeURIComponent(email)}&stage=contacted`);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV (these filters)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^requests-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await import("node:fs/promises")).readFile((await file.path())!, "utf8");
  // A byte-order mark for spreadsheet programs, then every cell quoted.
  expect(csv.startsWith("\uFEFF")).toBe(true);
  const [header, row, end] = csv.slice(1).split("\r\n");
  expect(header).toMatch(
    /^"Reference","Received \(Boise time\)","Kind","First name","Last name","E-mail","Phone","ZIP code","In service area","Stage","Accepted option","Price \(accepted\)","Deposit paid","Window","Paid","Delivery","Sent from page",/,
  );
  expect(row).toContain(`"${referenceOf(stored!.id)}",`);
  expect(row).toContain(`,"Estimate","${first}","Inboxtest","${email}","(208) 555-0177","83702","yes","Contacted",`);
  expect(end).toBe("");
  // The same requests as an Excel workbook, beside it.
  const workbook = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export Excel (these filters)" }).click();
  const xlsx = await workbook;
  expect(xlsx.suggestedFilename()).toMatch(/^requests-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const bytes = await (await import("node:fs/promises")).readFile((await xlsx.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe("PK");
  const served = await page.request.get(`/admin/requests.xlsx?q=${encodeURIComponent(email)}`);
  expect(served.headers()["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  expect(served.headers()["cache-control"]).toBe("no-store");

  // An address under /admin that is no page: "Not found" in the inbox's own frame, never cached or indexed.
  const missing = await page.goto("/admin/no-such-page");
  expect(missing?.status()).toBe(404);
  expect(missing?.headers()["cache-control"]).toBe("no-store");
  await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the inbox" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Owner pages" })).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to the owner inbox" })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === "gs_owner_session")).toBeUndefined();
  await page.goto(`/admin/requests/${stored!.id}`);
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await expect(page.getByText(email)).toHaveCount(0);
});

test("without a session every /admin URL shows no data", async ({ page, request, isMobile }) => {
  test.skip(isMobile, "server behaviour: the same at every width, checked on the desktop project");
  const email = uniqueEmail("nosession");
  await sendRequest(page, { first: "Nosession", email });
  const [lead] = await leadsFor(email);
  const urls = [
    "/admin",
    `/admin?q=${encodeURIComponent(email)}`,
    "/admin/report",
    `/admin/requests/${lead!.id}`,
    `/admin/requests/${lead!.id}/resume`,
    `/admin/requests/${lead!.id}/photos/1`,
    "/admin/requests.csv",
    `/admin/requests.csv?q=${encodeURIComponent(email)}`,
    `/admin/requests.xlsx?q=${encodeURIComponent(email)}`,
    "/admin/payments.csv",
    "/admin/payments.xlsx?from=2026-01-01&to=2026-12-31",
    "/admin/invoices.xlsx",
    "/admin.data",
    `/admin/requests/${lead!.id}.data`,
  ];
  for (const cookie of [undefined, "gs_owner_session=forged-token-forged-token-forged"]) {
    for (const url of urls) {
      const response = await request.get(url, { maxRedirects: 0, headers: cookie ? { Cookie: cookie } : {} });
      const body = await response.text();
      expect(body, url).not.toContain(email);
      expect(body, url).not.toContain("Nosession");
      if (!url.endsWith(".data")) {
        expect(response.status(), url).toBe(303);
        expect(response.headers().location, url).toBe("/admin/sign-in");
      }
      expect(response.headers()["cache-control"], url).toBe("no-store");
      expect(response.headers()["x-robots-tag"], url).toBe("noindex, nofollow");
    }
  }
  // A change without a session changes nothing.
  const post = await request.post(`/admin/requests/${lead!.id}`, {
    form: { status: "accepted", note: "" },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(303);
  expect((await leadsFor(email))[0]?.stage).toBe("new");
  await page.goto(`/admin/requests/${lead!.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to the owner inbox" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /admin");
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).not.toContain("/admin");
});

test("a status change from another origin, or with no Origin, is refused", async ({ page, isMobile }) => {
  test.skip(isMobile, "server behaviour: the same at every width, checked on the desktop project");
  const owner = uniqueOwner("csrf");
  await addOwnerWithCli(owner);
  const email = uniqueEmail("csrf-admin");
  await sendRequest(page, { first: "Crossorigin", email });
  const [lead] = await leadsFor(email);
  await signIn(page, owner);
  for (const headers of [{ Origin: "https://evil.example" }, {}] as Record<string, string>[]) {
    const response = await page.request.post(`/admin/requests/${lead!.id}`, {
      form: { status: "lost", note: "forged" },
      headers,
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  }
  expect((await leadsFor(email))[0]?.stage).toBe("new");
  // Sign-out too needs the site's own Origin.
  expect(
    (
      await page.request.post("/admin/sign-out", { headers: { Origin: "https://evil.example" }, maxRedirects: 0 })
    ).status(),
  ).toBe(403);
  await page.goto(`/admin/requests/${lead!.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Crossorigin Inboxtest" })).toBeVisible();
  await expect(page.getByText("Nothing has happened yet.")).toBeVisible();
  // The same change from the page itself goes through.
  const own = await page.request.post(`/admin/requests/${lead!.id}`, {
    form: { status: "lost", note: "" },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(own.status()).toBe(303);
  expect((await leadsFor(email))[0]?.stage).toBe("lost");
});

test("a job application's résumé downloads from its request page, for the signed-in owner only", async ({
  page,
  request,
  isMobile,
}) => {
  test.skip(isMobile, "server behaviour: the same at every width, checked on the desktop project");
  const owner = uniqueOwner("resume");
  await addOwnerWithCli(owner);
  const email = uniqueEmail("resume");
  const pdf = Buffer.from("%PDF-1.4\n% owner inbox test\n%%EOF\n");
  await page.goto("/careers/apply?position=pressure-washing-technician");
  const form = page.locator("#application-form");
  await form.getByRole("textbox", { name: "First name", exact: true }).fill("Rena");
  await form.getByRole("textbox", { name: "Last name", exact: true }).fill("Resume");
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await form.getByRole("textbox", { name: "Phone", exact: true }).fill("2085550166");
  await form
    .getByRole("textbox", { name: "Your work experience", exact: true })
    .fill("Two seasons on a pressure-washing crew.");
  await form.getByRole("radio", { name: "Seasonal (spring to fall)" }).check();
  await form.getByLabel(/Résumé/).setInputFiles({ name: "rena.pdf", mimeType: "application/pdf", buffer: pdf });
  await form.getByRole("button", { name: "Send Application" }).click();
  await expect(page.getByRole("status")).toContainText("Thank you for applying!");
  const [lead] = await leadsFor(email);

  // Without a session: a redirect to sign in, never the file.
  const anonymous = await request.get(`/admin/requests/${lead!.id}/resume`, { maxRedirects: 0 });
  expect(anonymous.status()).toBe(303);
  expect(await anonymous.body()).not.toContain(pdf);

  await signIn(page, owner);
  await page.goto(`/admin/requests/${lead!.id}`);
  await expect(page.getByRole("region", { name: "What they asked" })).toContainText("Pressure Washing Technician");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: /Download résumé \(rena\.pdf/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("rena.pdf");
  expect(await (await import("node:fs/promises")).readFile((await file.path())!)).toEqual(pdf);
  const response = await page.request.get(`/admin/requests/${lead!.id}/resume`);
  expect(response.headers()["content-disposition"]).toBe('attachment; filename="rena.pdf"');
  expect(response.headers()["content-security-policy"]).toContain("sandbox");
  expect(response.headers()["cache-control"]).toBe("no-store");
});

/** A site of its own (fresh database, its own lockout counters), so these tests know every stored request. */
plainTest.describe("on a site of its own", () => {
  plainTest.describe.configure({ mode: "serial" });
  let site: ServerHandle & { dataDir: string };
  plainTest.beforeAll(async () => {
    site = await startSite({ SITE_URL: "https://www.gemstateexteriorcleaning.com" });
  });
  plainTest.afterAll(async () => {
    await site?.stop();
  });

  plainTest("the report's numbers match the stored requests", async ({ page }) => {
    const owner = uniqueOwner("report");
    await addOwnerWithCli(owner, site.dataDir);
    const database = await openDatabase({ DATA_DIR: site.dataDir, DATABASE_URL: undefined });
    const now = Date.now();
    const base = sampleLead();
    const H = 3_600_000;
    try {
      const store = async (minutesAgo: number, over: Parameters<typeof sampleLead>[0] = {}) =>
        (await recordLead(database, sampleLead(over), { webhook: false, now: new Date(now - minutesAgo * 60_000) })).id;
      const a = await store(10);
      const b = await store(20, {
        kind: "contact",
        fields: { ...base.fields, city: "Nampa" },
        context: { ...base.context, landingPage: "/locations/nampa", utm: { utm_campaign: "yard-signs" } },
      });
      const c = await store(7 * 24 * 60 + 30); // a week earlier: the row before this week's
      await store(13 * 7 * 24 * 60); // 13 weeks ago: outside the report
      await changeLeadStatus(
        database,
        a,
        { status: "accepted", note: "", changedBy: owner },
        new Date(now - 10 * 60_000 + 1 * H),
      );
      await changeLeadStatus(
        database,
        b,
        { status: "contacted", note: "", changedBy: owner },
        new Date(now - 20 * 60_000 + 3 * H),
      );
      await changeLeadStatus(
        database,
        b,
        { status: "lost", note: "", changedBy: owner },
        new Date(now - 20 * 60_000 + 4 * H),
      );
      await changeLeadStatus(
        database,
        c,
        { status: "contacted", note: "", changedBy: owner },
        new Date(now - (7 * 24 * 60 + 30) * 60_000 + 2 * H),
      );
      expect(await listLeads(database, {})).toHaveLength(4);
    } finally {
      await database.close();
    }

    await signIn(page, owner, { origin: site.origin });
    await page.getByRole("link", { name: "Report" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Report: the last 12 weeks");
    await expect(page.getByTestId("report-total")).toHaveText("3");
    // a won, b lost: 1 of 2 decided.
    await expect(page.getByTestId("report-won-rate")).toHaveText("50%");
    await expect(page.getByText("1 won (quote accepted or later) of 2 decided (won or lost)")).toBeVisible();
    // First follow-ups after 1 h, 2 h and 3 h: the median is 2 h.
    await expect(page.getByTestId("report-median")).toHaveText("2 h 0 min");
    const rows = page.getByTestId("report-weeks").locator("tbody tr");
    await expect(rows).toHaveCount(12);
    const cells = async (index: number) => (await rows.nth(index).locator("td").allInnerTexts()).slice(0, 5);
    const thisWeek = await cells(11);
    const weekBefore = await cells(10);
    // A request 10 or 20 minutes old can fall in the week before when this test runs just after Monday 00:00.
    expect(Number(thisWeek[4]) + Number(weekBefore[4])).toBe(3);
    expect(Number(thisWeek[1]) + Number(weekBefore[1])).toBe(1); // contact
    for (let i = 0; i < 10; i++) expect((await cells(i))[4]).toBe("0");
    await expect(page.getByRole("region", { name: "By city" })).toContainText("Nampa");
    await expect(
      page.getByRole("region", { name: "By campaign (utm_campaign)" }).getByRole("row", { name: /yard-signs 1/ }),
    ).toBeVisible();
    await expect(
      page.getByRole("region", { name: "By landing page" }).getByRole("row", { name: /\/locations\/nampa 1/ }),
    ).toBeVisible();
  });

  plainTest(
    "the lockout holds: after 5 failed sign-ins from an address the right password is refused from it, the same for an unknown account",
    async ({ page }) => {
      const owner = uniqueOwner("lockout");
      await addOwnerWithCli(owner, site.dataDir);
      const attempt = async (email: string, password: string) => {
        await page.goto(`${site.origin}/admin/sign-in`);
        await page.getByRole("textbox", { name: "E-mail address" }).fill(email);
        await page.getByLabel("Password").fill(password);
        await page.getByRole("button", { name: "Sign in" }).click();
        return (await page.getByRole("alert").textContent()) ?? "";
      };
      const wrong = await attempt(owner, "not the password at all");
      const unknown = await attempt("nobody-here@example.com", OWNER_PASSWORD);
      expect(wrong).toBe("The e-mail address or the password is not right. Check both and try again.");
      expect(unknown).toBe(wrong);
      // Three more from this address, each for another account (so no account's delay is in the way).
      await attempt("guess-a@example.com", "still not the password");
      await attempt("guess-b@example.com", "nor this one");
      const fifth = await attempt("guess-c@example.com", "five wrong tries");
      expect(fifth).toMatch(
        /^Too many failed sign-ins from this connection\. Signing in is paused for 15 minutes: try again after .* MT\.$/,
      );
      // Locked: from this address the right password is refused, for this account and any other.
      expect(await attempt(owner, OWNER_PASSWORD)).toMatch(/^Too many failed sign-ins/);
      expect(await attempt("nobody-else@example.com", "anything long enough")).toMatch(/^Too many failed sign-ins/);
      await page.goto(`${site.origin}/admin`);
      await expect(page).toHaveURL(/\/admin\/sign-in$/);
      // The log says that sign-ins failed, never who tried.
      expect(site.log()).toContain("owner sign-in refused");
      expect(site.log()).not.toContain(owner);
      expect(site.log()).not.toContain("nobody-here@example.com");
    },
  );
});

/** Sign-ins as from many addresses (TRUST_PROXY=1: loopback is the proxy, X-Forwarded-For names the client). */
plainTest.describe("guessing the owner's password", () => {
  plainTest.describe.configure({ mode: "serial" });
  let site: ServerHandle & { dataDir: string };
  plainTest.beforeAll(async () => {
    plainTest.setTimeout(120_000);
    site = await startSite({ SITE_URL: "https://www.gemstateexteriorcleaning.com", TRUST_PROXY: "1" });
  });
  plainTest.afterAll(async () => {
    await site?.stop();
  });
  const signInFrom = (address: string, email: string, password: string) =>
    signInAs(site.origin, address, email, password);

  plainTest("from many addresses slows the account down but never locks the owner out", async () => {
    const owner = uniqueOwner("guessed");
    await addOwnerWithCli(owner, site.dataDir);
    expect((await signInFrom("198.51.100.1", owner, "first wrong guess")).status).toBe(401);
    // The next guess, from another address, waits its turn; then it is checked (and fails).
    await expect
      .poll(async () => (await signInFrom("198.51.100.2", owner, "second wrong guess")).status, { timeout: 5_000 })
      .toBe(401);
    // The owner, right after: asked to wait a few seconds, with Retry-After, and let in once they have passed.
    const asked = await signInFrom("203.0.113.50", owner, OWNER_PASSWORD);
    expect(asked.status).toBe(429);
    expect(Number(asked.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(asked.headers.get("retry-after"))).toBeLessThanOrEqual(30);
    expect(await asked.text()).toMatch(
      /After a failed sign-in, the next try waits a little\. Try again in \d+ seconds?\./,
    );
    await expect
      .poll(async () => (await signInFrom("203.0.113.50", owner, OWNER_PASSWORD)).status, { timeout: 35_000 })
      .toBe(303);
  });

  plainTest(
    "only a few passwords are checked at once: beyond them, 503 with Retry-After and a clear message",
    async () => {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          signInFrom(`192.0.2.${i + 1}`, `nobody-${i}@example.com`, "a wrong password"),
        ),
      );
      const busy = answers.filter((a) => a.status === 503);
      expect(busy.length).toBeGreaterThan(0);
      expect(busy[0]!.headers.get("retry-after")).toBe("5");
      expect(await busy[0]!.text()).toContain(
        "Several sign-ins are being checked right now. Please try again in a few seconds.",
      );
      for (const a of answers) expect([401, 503]).toContain(a.status);
    },
  );
});
