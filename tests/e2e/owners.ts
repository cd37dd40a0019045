/** Owner accounts for the inbox tests: made with the real command line, against the DATA_DIR of the server under test. */
import { spawn } from "node:child_process";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { hydrated } from "./fixtures.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

export const OWNER_PASSWORD = "Treasure Valley 2030!";

/** `npm run -s leads -- owner add <email>`, the password on standard input. Resolves with the command's output. */
export function addOwnerWithCli(
  email: string,
  dataDir = process.env.E2E_DATA_DIR!,
  password = OWNER_PASSWORD,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const proc = spawn("npm", ["run", "-s", "leads", "--", "owner", "add", email], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let output = "";
    proc.stdout.on("data", (c: Buffer) => (output += c.toString()));
    proc.stderr.on("data", (c: Buffer) => (output += c.toString()));
    proc.once("exit", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`owner add exited with ${code}: ${output}`)),
    );
    proc.stdin.end(`${password}\n`);
  });
}

export const uniqueOwner = (tag: string) =>
  `owner-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Signs in through the form (no JavaScript needed) and lands on the inbox. */
export async function signIn(page: Page, email: string, { origin = "", password = OWNER_PASSWORD } = {}) {
  await page.goto(`${origin}/admin/sign-in`);
  await page.getByRole("textbox", { name: "E-mail address" }).fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Requests" })).toBeVisible();
}

/** Sends an estimate request through the /estimate page, as a visitor without JavaScript (or, with `hydrate`, with it: answered in place). */
export async function sendRequest(
  page: Page,
  { first, email, hydrate = false }: { first: string; email: string; hydrate?: boolean },
) {
  await page.goto("/estimate");
  if (hydrate) await hydrated(page);
  const form = page.getByRole("main").locator("form");
  await form.getByRole("textbox", { name: "First name", exact: true }).fill(first);
  await form.getByRole("textbox", { name: "Last name", exact: true }).fill("Inboxtest");
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await form.getByRole("textbox", { name: "Phone", exact: true }).fill("(208) 555-0177");
  await form.getByRole("textbox", { name: "Street address (optional)", exact: true }).fill("1234 W Main St");
  await form.getByRole("textbox", { name: "ZIP code", exact: true }).fill("83702");
  await form.getByRole("checkbox", { name: /I agree to receive conversational text messages/ }).check();
  await form.getByRole("button", { name: "Get My Free Estimate" }).click();
  await expect(page.getByText("Thank you! Your request is in.")).toBeVisible();
}

/** The sign-in form posted from `address` (X-Forwarded-For: the server must trust this test as its proxy, TRUST_PROXY). */
export const signInFrom = (origin: string, address: string, email: string, password: string) =>
  fetch(`${origin}/admin/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "X-Forwarded-For": address },
    body: new URLSearchParams({ email, password }).toString(),
    signal: AbortSignal.timeout(15_000),
  });
