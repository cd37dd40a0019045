/**
 * Vitest's global setup (vitest.config.ts): a folder for the run's migrated storage templates
 * (./storage.ts, seedFromTemplate), named to every test file through the environment, and removed after the run.
 * The templates themselves are made by the first test file that needs one, so a run without storage tests makes none.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export default function setup(): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), "storage-templates-"));
  // Test workers are started after this and inherit the environment.
  process.env.STORAGE_TEMPLATES_DIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
