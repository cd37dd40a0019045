import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../../../../scripts/leads.ts";
import { sampleLead } from "../../../../tests/support/storage.ts";
import { recordLead } from "../../features/leads/store.server.ts";
import { listLeads } from "../../features/admin/listing.server.ts";
import { backupDatabase, checkCopy, dataDirInUse, holdDataDirLock, restoreDatabase } from "./backup.server.ts";
import { openDatabase } from "./database.server.ts";

const dirs: string[] = [];
afterEach(() => {
  vi.unstubAllEnvs();
  while (dirs.length > 0) rmSync(dirs.pop()!, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "gs-backup-"));
  dirs.push(dir);
  return dir;
}

/** A DATA_DIR whose database holds one request per e-mail address. */
async function dataDirWith(emails: string[]): Promise<string> {
  const dir = tempDir();
  const database = await openDatabase({ DATA_DIR: dir, DATABASE_URL: undefined });
  for (const email of emails)
    await recordLead(database, sampleLead({ contact: { ...sampleLead().contact, email } }), { webhook: false });
  await database.close();
  return dir;
}

async function emailsIn(dir: string): Promise<string[]> {
  const database = await openDatabase({ DATA_DIR: dir, DATABASE_URL: undefined });
  try {
    return (await listLeads(database, {})).map((lead) => lead.contact.email).sort();
  } finally {
    await database.close();
  }
}

describe("backup and restore (SQLite)", () => {
  it("restores a backup into another DATA_DIR, and keeps the database it replaces", async () => {
    const source = await dataDirWith(["a@example.com", "b@example.com"]);
    const file = path.join(tempDir(), "copy.sqlite");
    backupDatabase(source, file);
    expect(checkCopy(file)).toBeNull();
    expect(readdirSync(path.dirname(file))).toEqual(["copy.sqlite"]); // no partial file left beside it
    expect(statSync(file).mode & 0o777).toBe(0o600); // personal data: readable by the site's user only

    const target = await dataDirWith(["other@example.com"]);
    const { keptAs } = restoreDatabase(target, file);
    expect(await emailsIn(target)).toEqual(["a@example.com", "b@example.com"]);
    expect(statSync(path.join(target, "leads.sqlite")).mode & 0o777).toBe(0o600);
    const kept = path.join(tempDir(), "kept");
    restoreDatabase(kept, keptAs!);
    expect(await emailsIn(kept)).toEqual(["other@example.com"]);
  });

  it("refuses a file that is not a sound copy of this site's database, and changes nothing", async () => {
    const target = await dataDirWith(["stays@example.com"]);
    const dir = tempDir();
    const text = path.join(dir, "notes.txt");
    writeFileSync(
      text,
      "not a database at all, but long enough to look like a file someone might pick by mistake".repeat(20),
    );
    const otherApp = path.join(dir, "other.sqlite");
    const other = new DatabaseSync(otherApp);
    other.exec("CREATE TABLE things (id integer)");
    other.close();
    const newer = path.join(dir, "newer.sqlite");
    backupDatabase(target, newer);
    const future = new DatabaseSync(newer);
    future.exec("INSERT INTO kysely_migration (name, timestamp) VALUES ('9999_from_the_future', '2030-01-01')");
    future.close();

    expect(() => restoreDatabase(target, text)).toThrow(
      /is not a usable backup: it cannot be (opened|read) as an SQLite database/,
    );
    expect(() => restoreDatabase(target, otherApp)).toThrow(
      /it is not this site's database \(it has no kysely_migration table\)/,
    );
    expect(() => restoreDatabase(target, newer)).toThrow(
      /made by a newer version of the site \(migrations 9999_from_the_future\)/,
    );
    expect(() => restoreDatabase(target, path.join(dir, "missing.sqlite"))).toThrow(/no file at/);
    expect(await emailsIn(target)).toEqual(["stays@example.com"]);
  });

  it("refuses while a server holds DATA_DIR's lock, and not once it is released", async () => {
    const target = await dataDirWith([]);
    const file = path.join(tempDir(), "copy.sqlite");
    backupDatabase(target, file);
    const lock = holdDataDirLock(target);
    expect(dataDirInUse(target)).toBe(true);
    expect(() => restoreDatabase(target, file)).toThrow(/a server is using DATA_DIR/);
    lock.release();
    expect(dataDirInUse(target)).toBe(false);
    expect(() => restoreDatabase(target, file)).not.toThrow();
  });

  it("says so when there is no database to back up", () => {
    const empty = tempDir();
    expect(() => backupDatabase(empty, path.join(empty, "x.sqlite"))).toThrow(
      /No database to back up at .*leads\.sqlite \(check DATA_DIR\)/,
    );
    expect(existsSync(path.join(empty, "x.sqlite"))).toBe(false);
  });
});

describe("npm run leads -- backup|restore with PostgreSQL", () => {
  it("names pg_dump and pg_restore, exit code 1", async () => {
    vi.stubEnv("DATABASE_URL", "postgres://site@127.0.0.1:1/site");
    await expect(main(["backup", "/tmp/x.dump"])).rejects.toMatchObject({
      exitCode: 1,
      message: expect.stringContaining("back it up with pg_dump"),
    });
    await expect(main(["restore", "/tmp/x.dump"])).rejects.toMatchObject({
      exitCode: 1,
      message: expect.stringContaining("restore it with pg_restore"),
    });
  });

  it("asks for one file", async () => {
    await expect(main(["backup"])).rejects.toMatchObject({ exitCode: 2 });
    await expect(main(["restore", "a", "b"])).rejects.toMatchObject({ exitCode: 2 });
  });
});
