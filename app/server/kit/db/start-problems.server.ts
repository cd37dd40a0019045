/**
 * What stops the server from starting, said as the person who set it up can act on it: the data folder it
 * cannot create or write, the database it cannot open. Each is an EnvError, so server.ts and the scripts print
 * the sentence and exit 1 instead of a stack trace.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { EnvError } from "../env.server.ts";

/** What an operating-system error code means for a folder or a connection, in words. */
const REASONS: Record<string, string> = {
  EACCES: "the server's user may not write there",
  EPERM: "the server's user may not write there",
  EROFS: "it is on a read-only file system",
  ENOTDIR: "a part of the path is a file, not a folder",
  EEXIST: "a file of that name is in the way",
  ENOENT: "a folder on the path could not be created",
  ENOSPC: "the disk is full",
  EDQUOT: "the user's disk quota is used up",
  ENAMETOOLONG: "the path is too long",
  ELOOP: "the path loops through symbolic links",
  ECONNREFUSED: "nothing answers at that address and port",
  ENOTFOUND: "that host name is not known",
  EAI_AGAIN: "that host name could not be looked up",
  ETIMEDOUT: "the connection timed out",
  ECONNRESET: "the connection was closed by the other side",
};

function reason(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const known = typeof code === "string" ? REASONS[code] : undefined;
  if (known) return `${known} (${String(code)})`;
  return typeof message === "string" && message.trim() ? message.trim().split("\n")[0]! : String(error);
}

const SEE = "See the settings table in README.md.";

/** Creates DATA_DIR if needed and checks that a file can be written in it; throws EnvError saying why not. */
export function checkDataDir(dataDir: string): void {
  const probe = path.join(dataDir, `.write-check-${process.pid}`);
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(probe, "");
    rmSync(probe, { force: true });
  } catch (error) {
    throw new EnvError(
      `DATA_DIR: the server cannot keep its data in ${dataDir}: ${reason(error)}.\n` +
        `Set DATA_DIR to a folder the server's user can create and write, or give that user the right to write this one. ${SEE}`,
    );
  }
}

/** The database could not be opened (or brought up to date): which one, and why, without its password. */
export function databaseProblem(error: unknown, settings: { DATA_DIR: string; DATABASE_URL?: string }): EnvError {
  if (settings.DATABASE_URL) {
    let where = "the PostgreSQL server";
    try {
      const url = new URL(settings.DATABASE_URL);
      where = `the PostgreSQL database ${url.pathname.slice(1) || "(no name)"} at ${url.hostname}:${url.port || "5432"}`;
    } catch {
      // The setting was validated as a URL at start; keep the general words if it is not one after all.
    }
    return new EnvError(
      `DATABASE_URL: the server cannot use ${where}: ${reason(error)}.\n` +
        `Check that PostgreSQL runs there and that the user, password and database in DATABASE_URL are right. ${SEE}`,
    );
  }
  return new EnvError(
    `DATA_DIR: the server cannot open its database ${path.join(settings.DATA_DIR, "leads.sqlite")}: ${reason(error)}.\n` +
      `If the file was replaced by hand, restore a backup with \`npm run -s leads -- restore FILE\` (docs/deploy.md). ${SEE}`,
  );
}
