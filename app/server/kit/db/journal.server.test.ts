import { spawn } from "node:child_process";
import { appendFile, mkdtemp, open, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ROOT } from "../../../../tests/support/processes.ts";
import { Journal, JournalFull } from "./journal.server.ts";

type Rec = { n: number };

describe("the outage journal", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "journal-test-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("keeps appended records with their files, in order, across a reopen", async () => {
    const journal = await Journal.open<Rec>(dir, 1 << 20);
    await Promise.all(
      [1, 2, 3].map((n) =>
        journal.append({ n }, n === 2 ? [{ name: "photo-1", bytes: new Uint8Array([1, 2, 3]) }] : []),
      ),
    );
    await journal.close();
    const again = await Journal.open<Rec>(dir, 1 << 20);
    expect(again.pending().map((e) => e.record.n)).toEqual([1, 2, 3]);
    expect([...(await again.readFile(again.pending()[1]!, 0))]).toEqual([1, 2, 3]);
    expect(again.tornOnOpen).toBe(0);
    await again.close();
  });

  it("resolves an append only after its line was written and fsync'd", async () => {
    const journal = await Journal.open<Rec>(dir, 1 << 20);
    const handle = await open(path.join(dir, "probe"), "w");
    const proto = Object.getPrototypeOf(handle) as {
      sync(): Promise<void>;
      appendFile(...a: unknown[]): Promise<void>;
    };
    await handle.close();
    const calls: string[] = [];
    const sync = vi.spyOn(proto, "sync").mockImplementation(async function (this: unknown) {
      calls.push("sync");
    });
    const write = vi.spyOn(proto, "appendFile");
    write.mockImplementation(async function (this: { write(s: string): Promise<unknown> }, text: unknown) {
      calls.push("write");
      await this.write(String(text));
    });
    try {
      await journal.append({ n: 1 }).then(() => calls.push("resolved"));
    } finally {
      sync.mockRestore();
      write.mockRestore();
    }
    expect(calls).toEqual(["write", "sync", "resolved"]);
    await journal.close();
  });

  it("refuses a record past its bound (nothing of it kept) and takes records again once others are done", async () => {
    const journal = await Journal.open<Rec>(dir, 3000);
    const first = await journal.append({ n: 1 }, [{ name: "photo-1", bytes: new Uint8Array(2000) }]);
    await expect(journal.append({ n: 2 }, [{ name: "photo-1", bytes: new Uint8Array(2000) }])).rejects.toBeInstanceOf(
      JournalFull,
    );
    expect(journal.pending().map((e) => e.record.n)).toEqual([1]);
    await journal.done(first.seq);
    await journal.append({ n: 3 }, [{ name: "photo-1", bytes: new Uint8Array(2000) }]);
    await journal.close();
    const again = await Journal.open<Rec>(dir, 3000);
    expect(again.pending().map((e) => e.record.n)).toEqual([3]);
    await again.close();
  });

  it("marks records done once; an empty journal leaves an empty file and no files", async () => {
    const journal = await Journal.open<Rec>(dir, 1 << 20);
    const a = await journal.append({ n: 1 }, [{ name: "photo-1", bytes: new Uint8Array(10) }]);
    const b = await journal.append({ n: 2 });
    await journal.done(a.seq);
    await journal.done(a.seq);
    await journal.close();
    const again = await Journal.open<Rec>(dir, 1 << 20);
    expect(again.pending().map((e) => e.record.n)).toEqual([2]);
    await again.done(b.seq);
    expect(again.size).toBe(0);
    expect(again.diskBytes).toBe(0);
    expect(await readFile(path.join(dir, "journal.log"), "utf8")).toBe("");
    await again.close();
  });

  it("ignores a last record cut short (no newline, or a checksum that does not match) and appends after it", async () => {
    const journal = await Journal.open<Rec>(dir, 1 << 20);
    await journal.append({ n: 1 });
    await journal.close();
    const file = path.join(dir, "journal.log");
    const whole = await readFile(file, "utf8");
    await appendFile(file, whole.slice(0, 20));
    const torn = await Journal.open<Rec>(dir, 1 << 20);
    expect(torn.tornOnOpen).toBe(1);
    expect(torn.pending().map((e) => e.record.n)).toEqual([1]);
    await torn.append({ n: 2 });
    await torn.close();
    // A line whose end arrived but whose middle did not (its checksum fails) is ignored too.
    await appendFile(file, whole.replace('"n":1', '"n":7'));
    const again = await Journal.open<Rec>(dir, 1 << 20);
    expect(again.pending().map((e) => e.record.n)).toEqual([1, 2]);
    expect(again.tornOnOpen).toBe(1);
    await again.close();
  });

  it("kill -9 of a process appending: every acknowledged record is there after a reopen", async () => {
    const child = spawn(process.execPath, [path.join(ROOT, "tests/support/journal-writer.ts"), dir], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const acked = new Set<number>();
    await new Promise<void>((resolve) => {
      let buffer = "";
      child.stdout.on("data", (chunk: Buffer) => {
        buffer += chunk.toString();
        const lines = buffer.split("\n");
        buffer = lines.pop()!;
        for (const line of lines) acked.add(Number(line.slice(4)));
        if (acked.size >= 150) resolve();
      });
    });
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    const journal = await Journal.open<{ n: number }>(dir, 64 * 1024 * 1024);
    const kept = new Set(journal.pending().map((e) => e.record.n));
    expect([...acked].filter((n) => !kept.has(n))).toEqual([]);
    expect(journal.tornOnOpen).toBeLessThanOrEqual(1);
    await journal.close();
  });
});
