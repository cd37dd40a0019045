import { randomUUID } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { startSmtpSink } from "../support/smtp-sink.ts";
import { HOOK_PORT, SMTP_PORT, sinkDirs } from "./sinks.ts";

/** Starts the SMTP server and webhook endpoint that stand in for the owner's mailbox and CRM. */
export default async function globalSetup() {
  const { mail, hooks, smtpDownFlag } = sinkDirs(process.env.E2E_DATA_DIR!);
  const smtp = await startSmtpSink({
    port: SMTP_PORT,
    refusing: () => existsSync(smtpDownFlag),
    onMessage: (raw) => writeFileSync(path.join(mail, `${Date.now()}-${randomUUID()}.eml`), raw),
  });

  const hookServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      writeFileSync(
        path.join(hooks, `${Date.now()}-${randomUUID()}.json`),
        JSON.stringify({ headers, body: Buffer.concat(chunks).toString("utf8") }),
      );
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => hookServer.listen(HOOK_PORT, "127.0.0.1", resolve));

  return async () => {
    await smtp.close();
    await new Promise<void>((resolve) => hookServer.close(() => resolve()));
  };
}
