/** What a scenario leaves behind (servers, PostgreSQL, load processes, temp folders), undone when it ends or is interrupted. */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** A fresh temp folder of this run (the caller registers its removal). */
export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `bench-load-${prefix}-`));
}

/** Things to undo when the run ends or is interrupted (servers, PostgreSQL, temp folders). */
const cleanups: (() => Promise<void> | void)[] = [];
export async function cleanupAll() {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()!();
    } catch (err) {
      console.error("cleanup:", err instanceof Error ? err.message : err);
    }
  }
}

/** Registers something to undo; cleanupAll() undoes the latest first. */
export const onCleanup = (undo: () => Promise<void> | void) => void cleanups.push(undo);
