/**
 * The Nu Html Checker (the W3C's validator, from the vnu-jar package) on local files, for
 * tests/e2e/html-validity.spec.ts. It needs a Java runtime: `npm test` installs Debian's
 * default-jre-headless when none is found (scripts/test.ts), as it does Chromium. The package's own
 * install script, which would download a Java build, is not run (npm runs no install scripts it was not
 * allowed to), so the jar is started with the system's java.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

/** The java command the checker runs with, if there is one. */
export function findJava(): string | undefined {
  const candidates = [process.env.JAVA_HOME && path.join(process.env.JAVA_HOME, "bin", "java"), "/usr/bin/java"];
  const found = candidates.find((c): c is string => Boolean(c && existsSync(c)));
  if (found) return found;
  return spawnSync("java", ["-version"], { stdio: "ignore" }).status === 0 ? "java" : undefined;
}

export type HtmlError = { file: string; line: number | undefined; message: string; extract: string | undefined };

type VnuMessage = {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  firstLine?: number;
  message: string;
  extract?: string;
};

/**
 * Checks every file in one run of the checker (the JVM takes seconds to start) and resolves with its
 * errors, each with its file's path as given; warnings and notes are left out.
 */
export async function htmlErrors(files: string[]): Promise<HtmlError[]> {
  const java = findJava();
  if (!java)
    throw new Error(
      "The Nu Html Checker needs Java: `npm test` installs it on Debian (default-jre-headless), or install a Java runtime (11 or later) and put java on PATH.",
    );
  if (files.length === 0) return [];
  const byUrl = new Map(files.map((file) => [`file:${path.resolve(file)}`, file]));
  const output = await new Promise<string>((resolve, reject) => {
    // The JSON report goes to standard error; --exit-zero-always: errors are read from the report.
    const child = spawn(
      java,
      [
        "-jar",
        VNU_JAR,
        "--errors-only",
        "--exit-zero-always",
        "--format",
        "json",
        ...files.map((f) => path.resolve(f)),
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", reject);
    child.once("close", (code) =>
      code === 0
        ? resolve(stderr)
        : reject(new Error(`the Nu Html Checker exited with ${code}: ${stderr.slice(0, 2000)}`)),
    );
  });
  let messages: VnuMessage[];
  try {
    messages = (JSON.parse(output) as { messages: VnuMessage[] }).messages;
  } catch {
    throw new Error(`the Nu Html Checker's report is not JSON: ${output.slice(0, 2000)}`);
  }
  // "error", and "non-document-error" (a file it could not read) count; "info" (with its "warning" subtype) does not.
  return messages
    .filter((m) => m.type !== "info")
    .map((m) => ({
      file: (m.url && byUrl.get(m.url)) ?? m.url ?? "?",
      line: m.firstLine ?? m.lastLine,
      message: m.message,
      extract: m.extract,
    }));
}
