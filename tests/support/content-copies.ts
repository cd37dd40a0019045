/** Copies of content/ that a test edits and loads or builds from; `removeAll` deletes them (in `afterAll`). */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defaultContentDir } from "../../app/content/build-time/load.server.ts";

export function contentCopies() {
  const dirs: string[] = [];
  return {
    /** A copy of content/ with `file` edited by `edit`, which must change it. */
    withEdit(file: string, edit: (text: string) => string): string {
      const dir = mkdtempSync(path.join(tmpdir(), "gs-content-"));
      dirs.push(dir);
      cpSync(defaultContentDir(), dir, { recursive: true });
      const before = readFileSync(path.join(dir, file), "utf8");
      const after = edit(before);
      if (after === before) throw new Error(`${file} was not edited: the test's edit found nothing to change`);
      writeFileSync(path.join(dir, file), after);
      return dir;
    },
    removeAll() {
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}
