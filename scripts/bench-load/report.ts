/** The report of scripts/bench-load.ts: invariants (checks), sections, markdown tables and the whole document. */
import os from "node:os";
import type { Settings } from "./environment.ts";

export interface Check {
  name: string;
  ok: boolean;
  evidence: string;
}

export interface Section {
  title: string;
  /** Markdown paragraphs and tables describing what ran and the numbers. */
  body: string[];
  checks: Check[];
}

export const check = (name: string, ok: boolean, evidence: string): Check => ({ name, ok, evidence });

export const round = (n: number, digits = 0) => Number(n.toFixed(digits));
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const list = (items: string[], max = 5) =>
  items.length === 0
    ? "none"
    : `${items.slice(0, max).join(", ")}${items.length > max ? ` … (${items.length} in all)` : ""}`;

export function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.map(String).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} CPU cores (${cpus[0]?.model.trim() ?? "unknown"}), ${round(os.totalmem() / 2 ** 30, 1)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
}

/** The whole markdown report: the verdict, then each section with its invariants. */
export function report(
  sections: Section[],
  command: string,
  settings: Settings,
  startedAt: Date,
  failedToRun: string[],
): string {
  const checks = sections.flatMap((s) => s.checks);
  const failed = checks.filter((c) => !c.ok);
  const verdict =
    failed.length === 0 && failedToRun.length === 0
      ? `**All ${checks.length} invariants hold.**`
      : `**${failed.length} of ${checks.length} invariants FAILED${failedToRun.length ? `; scenarios that could not run: ${failedToRun.join(", ")}` : ""}.**`;
  const lines = [
    "# Reliability under load and faults",
    "",
    `Produced by \`${command}\` on ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC (took ${seconds(Date.now() - startedAt.getTime())})${settings.quick ? " — QUICK mode: smaller numbers, not the full benchmark" : ""}.`,
    "",
    `Machine: ${machine()}. Everything runs on this one machine over loopback: the server (\`node server.ts\`, production build, LOG_LEVEL=warn), the load generator (a second Node process: autocannon 9 or a fetch pool), the SMTP sink (smtp-server, in the benchmark process) and, for scenario 5, PostgreSQL. The numbers are this machine's; only the invariants are meant to hold everywhere. Source: \`scripts/bench-load.ts\`.`,
    "",
    verdict,
    "",
    ...failed.map((c) => `- FAILED in ${sections.find((s) => s.checks.includes(c))!.title}: ${c.name}`),
    ...(failed.length ? [""] : []),
  ];
  for (const section of sections) {
    lines.push(`## ${section.title}`, "", ...section.body.flatMap((p) => [p, ""]));
    if (section.checks.length) {
      lines.push(
        table(
          ["invariant", "result", "evidence"],
          section.checks.map((c) => [c.name, c.ok ? "PASS" : "**FAIL**", c.evidence.replace(/\|/g, "\\|")]),
        ),
        "",
      );
    }
  }
  return lines.join("\n");
}
