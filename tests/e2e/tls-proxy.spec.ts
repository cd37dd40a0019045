/**
 * Behind a TLS proxy with the default settings (TRUST_PROXY unset): Caddy on 127.0.0.1 terminates HTTPS
 * with its own CA and forwards plain HTTP to a production server whose SITE_URL is the proxy's https
 * address (docs/security.md "Behind a TLS proxy"). A browser sends every form through it with its https
 * Origin; each is accepted. The owner signs in and gets a Secure __Host- cookie; every answer carries HSTS;
 * the inbox over plain HTTP is sent to https.
 */
import { mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { hydrated } from "./fixtures.ts";
import { signUpOnPage, uniqueEmail } from "./leads.ts";
import { addOwnerWithCli, signIn, uniqueOwner } from "./owners.ts";
import { type Caddy, caddyPorts, startCaddy } from "../support/caddy.ts";
import { ROOT, type ServerHandle, startSite, storedLeads } from "../support/processes.ts";

test.skip(({ isMobile }) => isMobile, "server behaviour, checked once on the desktop project");
test.describe.configure({ mode: "serial" });

const HSTS = "max-age=31536000; includeSubDomains";
let site: ServerHandle & { dataDir: string };
let proxy: Caddy;

/**
 * The production build served under another SITE_URL: a directory whose build/ links to the project's files,
 * with its own build/site.json naming that SITE_URL (the record of the SITE_URL a build was made for, which a
 * production server compares with its own). The pages' canonical links still name the default site; nothing
 * here reads them.
 */
function buildServedAs(siteUrl: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "gs-tls-build-"));
  mkdirSync(path.join(dir, "build"));
  for (const entry of readdirSync(path.join(ROOT, "build"))) {
    if (entry !== "site.json") symlinkSync(path.join(ROOT, "build", entry), path.join(dir, "build", entry));
  }
  writeFileSync(path.join(dir, "build", "site.json"), `${JSON.stringify({ siteUrl })}\n`);
  return dir;
}

test.beforeAll(async () => {
  const ports = await caddyPorts();
  const SITE_URL = `https://127.0.0.1:${ports.https}`;
  site = await startSite({ SITE_URL }, { cwd: buildServedAs(SITE_URL) });
  proxy = await startCaddy(ports, site.port);
});
test.afterAll(async () => {
  await proxy?.stop();
  await site?.stop();
});

/** A page in a browser that accepts the proxy's certificate, its relative URLs on the proxy's https address. */
async function proxiedPage(browser: Browser, { javaScript = true } = {}): Promise<Page> {
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    baseURL: proxy.httpsOrigin,
    viewport: { width: 1440, height: 900 },
    javaScriptEnabled: javaScript,
  });
  return context.newPage();
}

async function storedOnce(email: string) {
  const rows = (await storedLeads(site.dataDir)).filter((l) => l.contact.email === email);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

async function fillPerson(form: Locator, email: string) {
  await form.getByRole("textbox", { name: "First name", exact: true }).fill("Tess");
  await form.getByRole("textbox", { name: "Last name", exact: true }).fill("Proxy");
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await form.getByRole("textbox", { name: "Phone", exact: true }).fill("(208) 555-0188");
}

async function fillEstimate(form: Locator, email: string) {
  await fillPerson(form, email);
  await form.getByRole("textbox", { name: "ZIP code", exact: true }).fill("83702");
  await form.getByRole("radio", { name: "Residential" }).check();
  await form.getByRole("checkbox", { name: /I agree to receive conversational text messages/ }).check();
}

test.describe("every form sent through the proxy with its https Origin is accepted", () => {
  test("the sidebar estimate (with JavaScript)", async ({ browser }) => {
    const page = await proxiedPage(browser);
    const email = uniqueEmail("sidebar");
    await page.goto("/about");
    await hydrated(page);
    const form = page.getByRole("complementary", { name: "FREE ESTIMATE" });
    await fillEstimate(form, email);
    await form.getByRole("button", { name: "Get My Free Estimate" }).click();
    await expect(form.getByRole("status")).toContainText("Thank you! Your request is in.");
    expect((await storedOnce(email)).kind).toBe("estimate");
  });

  test("the contact form (without JavaScript)", async ({ browser }) => {
    const page = await proxiedPage(browser, { javaScript: false });
    const email = uniqueEmail("contact");
    await page.goto("/contact?city=Boise");
    const form = page.locator("#contact-form");
    await fillPerson(form, email);
    await form.getByRole("textbox", { name: "ZIP code", exact: true }).fill("83702");
    await form.getByRole("radio", { name: "Residential" }).check();
    await form.getByRole("radio", { name: "Email" }).check();
    await form.getByRole("button", { name: "Send My Request" }).click();
    await expect(page).toHaveURL(/^https:\/\/127\.0\.0\.1:\d+\/request-received\//);
    await expect(page.getByRole("status")).toContainText("Thank you!");
    expect((await storedOnce(email)).kind).toBe("contact");
  });

  test("the holiday lights dialog", async ({ browser }) => {
    const page = await proxiedPage(browser);
    const email = uniqueEmail("holiday");
    await page.goto("/services/holiday-light-installation");
    await hydrated(page);
    await page.getByRole("main").locator('button[aria-haspopup="dialog"]').first().click();
    const dialog = page.getByRole("dialog", { name: "Get Free Estimate" });
    await fillEstimate(dialog, email);
    await dialog.getByRole("button", { name: "Get My Free Estimate" }).click();
    await expect(dialog.getByRole("status")).toContainText("Thank you!");
    expect((await storedOnce(email)).fields.source).toBe("holiday-modal");
  });

  test("Request this estimate on /pricing (without JavaScript)", async ({ browser }) => {
    const page = await proxiedPage(browser, { javaScript: false });
    const email = uniqueEmail("pricing");
    await page.goto("/pricing?service=house-washing&sqft=2000&stories=2&siding=vinyl");
    const form = page.getByRole("main").getByRole("region", { name: "Request this estimate" });
    await fillPerson(form, email);
    await form.getByRole("textbox", { name: "ZIP code", exact: true }).fill("83702");
    await form.getByRole("button", { name: "Request This Estimate" }).click();
    await expect(page).toHaveURL(/\/request-received\//);
    await expect(page.getByRole("main").getByRole("status")).toContainText("Your estimate: House washing");
    expect((await storedOnce(email)).fields.priceService).toBe("house-washing");
  });

  test("the newsletter (with JavaScript)", async ({ browser }) => {
    const page = await proxiedPage(browser);
    const email = uniqueEmail("newsletter");
    await signUpOnPage(page, email);
    expect((await storedOnce(email)).kind).toBe("newsletter");
  });

  test("the job application with its résumé (with JavaScript)", async ({ browser }) => {
    const page = await proxiedPage(browser);
    const email = uniqueEmail("apply");
    await page.goto("/careers/apply?position=pressure-washing-technician");
    await hydrated(page);
    const form = page.locator("#application-form");
    await fillPerson(form, email);
    await form
      .getByRole("textbox", { name: "Your work experience", exact: true })
      .fill("Two summers on a roofing crew.");
    await form.getByRole("radio", { name: "Full-time" }).check();
    await form
      .getByLabel(/Résumé/)
      .setInputFiles({ name: "tess.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") });
    await form.getByRole("button", { name: "Send Application" }).click();
    await expect(page.getByRole("status")).toContainText("Thank you for applying!");
    expect((await storedOnce(email)).kind).toBe("application");
  });

  test("a form from another origin is still refused", async ({ browser }) => {
    const page = await proxiedPage(browser);
    const response = await page.request.post("/estimate", {
      headers: { Origin: "https://evil.example" },
      form: { email: uniqueEmail("evil") },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain("This form can only be sent from our own website.");
  });
});

test("the owner signs in through the proxy; the session and device cookies are Secure with the __Host- prefix", async ({
  browser,
}) => {
  const page = await proxiedPage(browser);
  const owner = uniqueOwner("tls");
  await addOwnerWithCli(owner, site.dataDir);
  await signIn(page, owner);
  const cookies = await page.context().cookies();
  const named = (name: string) => cookies.find((c) => c.name === name);
  expect(cookies.map((c) => c.name).sort()).toEqual(["__Host-gs_owner_device", "__Host-gs_owner_session"]);
  expect(named("__Host-gs_owner_session")).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax", path: "/" });
  // The browser's device token (docs/security.md, "A known browser has its own turn"): read only by the sign-in.
  expect(named("__Host-gs_owner_device")).toMatchObject({
    secure: true,
    httpOnly: true,
    sameSite: "Strict",
    path: "/",
  });
  for (const cookie of cookies) expect(cookie.domain).toBe("127.0.0.1");
  // A change in the inbox (its own Origin check) goes through too. Signing out ends the session; the browser
  // stays known.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  expect((await page.context().cookies()).map((c) => c.name)).toEqual(["__Host-gs_owner_device"]);
});

test("every kind of answer through the proxy carries HSTS and upgrade-insecure-requests", async ({ browser }) => {
  const page = await proxiedPage(browser);
  // A prerendered page, a page rendered per request, the inbox's sign-in, a static file, and a refused form.
  for (const path of ["/about", "/contact?city=Nampa", "/admin/sign-in", "/robots.txt"]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["strict-transport-security"], path).toBe(HSTS);
    expect(response.headers()["content-security-policy"], path).toContain("upgrade-insecure-requests");
  }
  const refused = await page.request.post("/contact", {
    headers: { Origin: "https://evil.example" },
    form: {},
    maxRedirects: 0,
  });
  expect(refused.headers()["strict-transport-security"]).toBe(HSTS);
});

/** A plain-HTTP request with the Host header given (node:http: fetch does not let a test choose the Host). */
function plainGet(url: string, host: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { host } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on("error", reject);
    req.end();
  });
}

test("the inbox over plain HTTP is redirected to https, through the proxy's http listener and straight to the server", async () => {
  const siteHost = new URL(proxy.httpsOrigin).host;
  for (const path of ["/admin/sign-in", "/admin?stage=new"]) {
    const viaProxy = await plainGet(`${proxy.httpOrigin}${path}`, siteHost);
    expect(viaProxy, path).toEqual({ status: 308, location: `${proxy.httpsOrigin}${path}` });
    // Straight to the server, as a client bypassing the proxy under the site's own name.
    const direct = await plainGet(`${site.origin}${path}`, siteHost);
    expect(direct, path).toEqual({ status: 308, location: `${proxy.httpsOrigin}${path}` });
  }
  // Public pages are not the inbox: they answer over plain HTTP as they are.
  expect((await plainGet(`${proxy.httpOrigin}/about`, siteHost)).status).toBe(200);
});

test("the server log says once that the proxy is not named by TRUST_PROXY (its visitors share one address for the rate limits)", () => {
  const warnings = site
    .log()
    .split("\n")
    .filter((line) => line.includes('"event":"proxy.not_named"'));
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toContain("Set TRUST_PROXY");
});
