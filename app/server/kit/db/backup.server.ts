/**
 * Backups of the SQLite database (DATA_DIR/leads.sqlite) and their restore, for `npm run leads -- backup|restore`,
 * and the lock by which a server says it is using its DATA_DIR.
 *
 * The lock is an SQLite file, DATA_DIR/server.lock, that the server keeps exclusively locked (a POSIX
 * advisory lock, taken through SQLite): the operating system releases it when the process ends, however
 * it ends (kill -9 included), so a lock file left behind never counts as "in use".
 */
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { migrationProvider } from "./migrations.server.ts";

export const DATABASE_FILE = "leads.sqlite";
const LOCK_FILE = "server.lock";
/** Kysely's bookkeeping table: every database this app made has it. */
const MIGRATIONS_TABLE = "kysely_migration";

/** The migrations this version of the site has (the same names on both databases). */
const knownMigrations = await migrationProvider("sqlite").getMigrations();

/** An error the owner can act on; its message says what to do. */
export class BackupError extends Error {}

const isBusy = (err: unknown) => err instanceof Error && /locked|busy/i.test(err.message);

/** Takes DATA_DIR's lock, or returns null when another process holds it. */
function tryLock(dataDir: string): DatabaseSync | null {
  const lock = new DatabaseSync(path.join(dataDir, LOCK_FILE), { timeout: 0 });
  try {
    lock.exec("BEGIN EXCLUSIVE");
    return lock;
  } catch (err) {
    lock.close();
    if (isBusy(err)) return null;
    throw err;
  }
}

/**
 * The server holds DATA_DIR's lock while it runs. When another process holds it (the old server of a
 * restart that overlaps, or a restore), it tries again every second until it has it.
 */
export function holdDataDirLock(dataDir: string): { release(): void } {
  mkdirSync(dataDir, { recursive: true });
  let lock = tryLock(dataDir);
  const retry =
    lock === null
      ? setInterval(() => {
          lock = tryLock(dataDir);
          if (lock) clearInterval(retry);
        }, 1000).unref()
      : undefined;
  return {
    release() {
      clearInterval(retry);
      lock?.close();
      lock = null;
    },
  };
}

/** Whether a live process (a server) holds DATA_DIR's lock. */
export function dataDirInUse(dataDir: string): boolean {
  if (!existsSync(path.join(dataDir, LOCK_FILE))) return false;
  const lock = tryLock(dataDir);
  lock?.close();
  return lock === null;
}

/**
 * Writes a consistent copy of DATA_DIR's database to `file` while the site serves: VACUUM INTO reads one
 * snapshot (a read transaction; in WAL mode the server keeps writing meanwhile). The copy is written
 * beside `file` and renamed onto it once complete, so `file` is never a half-written backup.
 */
export function backupDatabase(dataDir: string, file: string): { bytes: number } {
  const source = path.join(dataDir, DATABASE_FILE);
  if (!existsSync(source)) throw new BackupError(`No database to back up at ${source} (check DATA_DIR).`);
  const target = path.resolve(file);
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { force: true });
  const db = new DatabaseSync(source, { readOnly: true, timeout: 5000 });
  try {
    db.prepare("VACUUM INTO ?").run(partial);
  } catch (err) {
    rmSync(partial, { force: true });
    throw new BackupError(`The backup could not be written to ${target}: ${(err as Error).message}`);
  } finally {
    db.close();
  }
  const problem = checkCopy(partial);
  if (problem) {
    rmSync(partial, { force: true });
    throw new BackupError(`The backup failed its check (${problem}); nothing was written.`);
  }
  chmodSync(partial, 0o600); // every request's personal data: for the site's user only
  syncFile(partial);
  renameSync(partial, target);
  return { bytes: statSync(target).size };
}

/** Why `file` is not a sound copy of this app's database, or null when it is. */
export function checkCopy(file: string): string | null {
  if (!existsSync(file)) return `no file at ${file}`;
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(file, { readOnly: true });
  } catch (err) {
    return `it cannot be opened as an SQLite database: ${(err as Error).message}`;
  }
  try {
    const integrity = db.prepare("PRAGMA integrity_check").all() as { integrity_check: string }[];
    if (integrity.length !== 1 || integrity[0]!.integrity_check !== "ok")
      return `PRAGMA integrity_check says: ${integrity.map((r) => r.integrity_check).join("; ")}`;
    const table = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?").get(MIGRATIONS_TABLE);
    if (!table) return `it is not this site's database (it has no ${MIGRATIONS_TABLE} table)`;
    const applied = (db.prepare(`SELECT name FROM ${MIGRATIONS_TABLE}`).all() as { name: string }[]).map((r) => r.name);
    return unknownMigrations(applied);
  } catch (err) {
    return `it cannot be read as an SQLite database: ${(err as Error).message}`;
  } finally {
    db.close();
  }
}

/** A copy made by a newer version of the site (migrations this one does not have) cannot be opened by it. */
function unknownMigrations(applied: string[]): string | null {
  if (applied.length === 0) return `it is not this site's database (no migration recorded in ${MIGRATIONS_TABLE})`;
  const known = new Set(Object.keys(knownMigrations));
  const unknown = applied.filter((name) => !known.has(name));
  return unknown.length > 0
    ? `it was made by a newer version of the site (migrations ${unknown.join(", ")}); update the site first`
    : null;
}

/**
 * Restores `file` into DATA_DIR: refuses while a server uses DATA_DIR, and refuses a copy that fails its
 * check. The database it replaces is kept beside it as leads.sqlite.before-restore-<time> (with its
 * write-ahead log folded in), and the old write-ahead log files are removed so they cannot be replayed
 * onto the restored file.
 */
export function restoreDatabase(dataDir: string, file: string, now = new Date()): { keptAs: string | null } {
  const source = path.resolve(file);
  const problem = checkCopy(source);
  if (problem) throw new BackupError(`Not restored: ${source} is not a usable backup: ${problem}.`);
  mkdirSync(dataDir, { recursive: true });
  const lock = tryLock(dataDir);
  if (!lock)
    throw new BackupError(
      `Not restored: a server is using DATA_DIR (${dataDir}). Stop it first (e.g. systemctl stop gemstate), restore, then start it again.`,
    );
  try {
    const target = path.join(dataDir, DATABASE_FILE);
    const incoming = `${target}.restoring`;
    copyThroughSqlite(source, incoming);
    let keptAs: string | null = null;
    if (existsSync(target)) {
      const old = new DatabaseSync(target, { timeout: 5000 });
      try {
        old.exec("PRAGMA wal_checkpoint(TRUNCATE)");
      } finally {
        old.close();
      }
      keptAs = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`;
      renameSync(target, keptAs);
    }
    for (const suffix of ["-wal", "-shm", "-journal"]) rmSync(`${target}${suffix}`, { force: true });
    renameSync(incoming, target);
    syncFile(dataDir);
    return { keptAs };
  } finally {
    lock.close();
  }
}

/** A fresh copy of a checked backup (VACUUM INTO again: a clean file, whatever journal the backup was left with). */
function copyThroughSqlite(source: string, target: string) {
  rmSync(target, { force: true });
  const db = new DatabaseSync(source, { readOnly: true });
  try {
    db.prepare("VACUUM INTO ?").run(target);
  } finally {
    db.close();
  }
  chmodSync(target, 0o600);
  syncFile(target);
}

function syncFile(file: string) {
  const fd = openSync(file, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
