/**
 * Test support: a process that appends to a journal as fast as it can and prints "ack <n>" once each append
 * has resolved (is on disk), until it is killed (kit/db/journal.server.test.ts kills it with SIGKILL).
 *   node tests/support/journal-writer.ts <dir>
 */
import { Journal } from "../../app/server/kit/db/journal.server.ts";

const journal = await Journal.open<{ n: number; text: string }>(process.argv[2]!, 64 * 1024 * 1024);
for (let n = 1; ; n++) {
  // Several appends at once, as requests arriving together: they share a write and an fsync.
  await Promise.all(
    [0, 1, 2].map(async (i) => {
      await journal.append({ n: n * 3 + i, text: "x".repeat(2000) });
      process.stdout.write(`ack ${n * 3 + i}\n`);
    }),
  );
}
