/**
 * What the operator meets at start and in a restore, with real processes on loopback: a build made for
 * another SITE_URL, a data folder or database the server cannot use, the placeholders warned of at start, and a restore drill (backups taken while requests
 * stream in, each restored into a fresh DATA_DIR). No browser: these run once, in the desktop project.
 */
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { cleanupAfterEach } from "./fixtures.ts";
import { launchPlaceholders } from "../../app/server/launch-check.server.ts";
import {
  freePort,
  ROOT,
  siteRefusesToStart,
  startSite,
  storedLeads,
  waitFor,
  type ServerHandle,
} from "../support/processes.ts";

test.skip(({ isMobile }) => isMobile, "process-level tests run once, in the desktop project");
test.describe.configure({ timeout: 120_000 });

const BUILT_FOR = "https://www.gemstateexteriorcleaning.com";

const { undo, tempDir: newTempDir } = cleanupAfterEach();

const tempDir = (tag: string) => newTempDir(`gs-ops-${tag}`);

async function site(env: Record<string, string> = {}): Promise<ServerHandle & { dataDir: string }> {
  const handle = await startSite(env);
  undo.push(() => handle.kill9());
  return handle;
}

/** `npm run -s leads -- ...args` with DATA_DIR (and `env`); its exit code and output. */
async function leads(
  dataDir: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["scripts/leads.ts", ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const { code, stdout, stderr } = err as { code: number; stdout: string; stderr: string };
    return { code, output: stdout + stderr };
  }
}

test("a production server whose SITE_URL differs from the build's refuses to start, naming both", async () => {
  const { code, output } = await siteRefusesToStart({
    SITE_URL: "https://staging.example.test/",
    MAIL_TRANSPORT: "files",
  });
  expect(code).toBe(1);
  expect(output).toContain(
    `SITE_URL is https://staging.example.test, but the build in ./build was made for ${BUILT_FOR}.`,
  );
  expect(output).not.toMatch(/\n\s+at /); // a message, not a stack trace
});

test("a server that cannot use its data folder or its database says which and why, and exits 1", async () => {
  const dir = tempDir("start-problems");
  const file = path.join(dir, "a-file");
  writeFileSync(file, "not a folder");
  const garbage = path.join(dir, "garbage");
  mkdirSync(garbage);
  writeFileSync(
    path.join(garbage, "leads.sqlite"),
    "this is not a database, someone copied a text file here\n".repeat(200),
  );
  const closedPort = await freePort();
  const cases: [Record<string, string>, string][] = [
    [
      { DATA_DIR: path.join(file, "data") },
      `DATA_DIR: the server cannot keep its data in ${path.join(file, "data")}: a part of the path is a file, not a folder (ENOTDIR).`,
    ],
    [{ DATA_DIR: garbage }, `DATA_DIR: the server cannot open its database ${path.join(garbage, "leads.sqlite")}: `],
    [
      { DATABASE_URL: `postgres://gemstate:secret-password@127.0.0.1:${closedPort}/gemstate` },
      `DATABASE_URL: the server cannot use the PostgreSQL database gemstate at 127.0.0.1:${closedPort}: nothing answers at that address and port (ECONNREFUSED).`,
    ],
  ];
  for (const [env, sentence] of cases) {
    const { code, output } = await siteRefusesToStart({ MAIL_TRANSPORT: "files", ...env });
    expect(code, output).toBe(1);
    expect(output).toContain(sentence);
    expect(output).toContain("See the settings table in README.md.");
    expect(output).not.toMatch(/\n\s+at /); // a message, not a stack trace
    expect(output).not.toContain("secret-password");
  }
  // The owner's command line says the same of the database it cannot open.
  const listed = await leads(garbage, ["list"]);
  expect(listed.code).toBe(1);
  expect(listed.output).toContain(
    `DATA_DIR: the server cannot open its database ${path.join(garbage, "leads.sqlite")}: `,
  );
  expect(listed.output).not.toMatch(/\n\s+at /);
});

test("the production server logs each placeholder left as a warning at start", async () => {
  const running = await site({ SITE_URL: "" });
  const placeholders = launchPlaceholders({ MAIL_TRANSPORT: "files" });
  expect(placeholders.length).toBeGreaterThan(0);
  const warnings = running
    .log()
    .split("\n")
    .filter((line) => line.includes('"launch.placeholder"'))
    .map((line) => JSON.parse(line) as { level: number; msg: string });
  expect(warnings).toEqual(
    placeholders.map((p) => ({
      level: 40,
      msg: `PLACEHOLDER: ${p.what}; to do: ${p.fix}`,
      event: "launch.placeholder",
      where: p.where,
      time: expect.any(Number),
    })),
  );
});

test("restore drill: backups taken while requests stream in restore with integrity ok and every request answered before the backup", async () => {
  const running = await site({ SITE_URL: BUILT_FOR });
  const backups = tempDir("backups");

  /** Each request whose answer (the confirmation) had arrived, with when it arrived. */
  const answered: { email: string; at: number }[] = [];
  let streaming = true;
  const client = async (n: number) => {
    for (let i = 0; streaming; i++) {
      const email = `drill-${n}-${i}@example.com`;
      const { confirmed } = await running.submit(email);
      expect(confirmed, email).toBe(true);
      answered.push({ email, at: Date.now() });
    }
  };
  const clients = Array.from({ length: 3 }, (_, n) => client(n));

  const taken: { file: string; startedAt: number }[] = [];
  for (let b = 0; b < 3; b++) {
    await waitFor(`more requests answered before backup ${b}`, () => answered.length >= 10 * (b + 1), 60_000, 20);
    const file = path.join(backups, `leads-${b}.sqlite`);
    const startedAt = Date.now();
    const { code, output } = await leads(running.dataDir, ["backup", file]);
    expect({ code, output }).toEqual({ code: 0, output: expect.stringContaining(`to ${file}`) });
    taken.push({ file, startedAt });
  }
  streaming = false;
  await Promise.all(clients);

  for (const { file, startedAt } of taken) {
    const fresh = path.join(tempDir("restored"), "data");
    const restored = await leads(fresh, ["restore", file]);
    expect(restored.code, restored.output).toBe(0);
    const db = new DatabaseSync(path.join(fresh, "leads.sqlite"), { readOnly: true });
    expect(db.prepare("PRAGMA integrity_check").all()).toEqual([{ integrity_check: "ok" }]);
    db.close();
    const stored = new Set((await storedLeads(fresh)).map((lead) => lead.contact.email));
    const before = answered.filter((a) => a.at < startedAt).map((a) => a.email);
    expect(before.length).toBeGreaterThan(0);
    expect(before.filter((email) => !stored.has(email))).toEqual([]);
  }
});

test("restore refuses while a server uses DATA_DIR, and restores once it is gone, even killed with -9", async () => {
  const running = await site({ SITE_URL: BUILT_FOR });
  const file = path.join(tempDir("backup"), "leads.sqlite");
  expect((await running.submit("kept@example.com")).confirmed).toBe(true);
  expect((await leads(running.dataDir, ["backup", file])).code).toBe(0);
  expect((await running.submit("after-backup@example.com")).confirmed).toBe(true);

  const refused = await leads(running.dataDir, ["restore", file]);
  expect(refused).toEqual({
    code: 1,
    output: `Not restored: a server is using DATA_DIR (${running.dataDir}). Stop it first (e.g. systemctl stop gemstate), restore, then start it again.\n`,
  });
  expect((await running.submit("still-serving@example.com")).confirmed).toBe(true);

  await running.kill9();
  const restored = await leads(running.dataDir, ["restore", file]);
  expect(restored.code, restored.output).toBe(0);
  expect(restored.output).toContain("The database it replaced is kept as");
  expect((await storedLeads(running.dataDir)).map((lead) => lead.contact.email)).toEqual(["kept@example.com"]);
});
