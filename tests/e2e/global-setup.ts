import { randomUUID } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { HOOK_PORT, SMTP_PORT, sinkDirs } from "./sinks";

/** Starts the SMTP server and webhook endpoint that stand in for the owner's mailbox and CRM. */
export default async function globalSetup() {
  const { mail, hooks, smtpDownFlag } = sinkDirs(process.env.E2E_DATA_DIR!);
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      if (existsSync(smtpDownFlag)) return callback(Object.assign(new Error("Service unavailable"), { responseCode: 421 }));
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        writeFileSync(path.join(mail, `${Date.now()}-${randomUUID()}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(SMTP_PORT, "127.0.0.1", resolve));

  const hookServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      writeFileSync(path.join(hooks, `${Date.now()}-${randomUUID()}.json`), JSON.stringify({ headers, body: Buffer.concat(chunks).toString("utf8") }));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => hookServer.listen(HOOK_PORT, "127.0.0.1", resolve));

  return async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await new Promise<void>((resolve) => hookServer.close(() => resolve()));
  };
}
