/**
 * The owner's mailbox in tests and benchmarks: a real SMTP server (smtp-server) on loopback that hands every
 * message to `onMessage` and can refuse connections (421) for an outage. Used by mail.server.test.ts, the
 * Playwright global setup, the fault tests (tests/faults) and scripts/bench-load.ts.
 * Without STARTTLS: point SMTP_URL at it with `?requireTLS=false` (smtpUrl below).
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface SmtpEnvelope {
  from: string;
  to: string[];
}

export interface SmtpSink {
  port: number;
  /** SMTP_URL for the server under test. */
  url: string;
  /** Connections refused so far. */
  refused: number;
  setRefusing(refusing: boolean): void;
  close(): Promise<void>;
}

export const smtpUrl = (port: number) => `smtp://127.0.0.1:${port}?requireTLS=false`;

export async function startSmtpSink(options: {
  port?: number;
  /** Refuse connections (421) while this is true; a function is asked at every connection. */
  refusing?: boolean | (() => boolean);
  /** Called with each message before it is accepted; a returned promise delays the acceptance (250) until it settles. */
  onMessage: (raw: Buffer, envelope: SmtpEnvelope) => void | Promise<void>;
}): Promise<SmtpSink> {
  let refusing = options.refusing ?? false;
  const sink: SmtpSink = { port: 0, url: "", refused: 0, setRefusing: (r) => (refusing = r), close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    maxClients: 1000,
    onConnect(_session, callback) {
      if (!(typeof refusing === "function" ? refusing() : refusing)) return callback();
      sink.refused++;
      callback(Object.assign(new Error("Service unavailable"), { responseCode: 421 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        void Promise.resolve(options.onMessage(Buffer.concat(chunks), envelope)).then(
          () => callback(),
          () => callback(),
        );
      });
    },
  });
  server.on("error", () => {}); // a client killed mid-message is not the sink's problem
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  sink.port = (server.server.address() as AddressInfo).port;
  sink.url = smtpUrl(sink.port);
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}
