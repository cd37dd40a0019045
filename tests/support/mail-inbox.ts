/**
 * Test support for unit tests that run the outbox's e-mail senders: an SMTP sink started once for the describe
 * block that registers it, with every message of the current test parsed (tests/support/mime-reader.ts) and
 * kept in `received`, emptied before each test (and by `clear()`). It registers vitest hooks, so it is for
 * Vitest files only (Playwright specs use tests/support/smtp-sink.ts directly).
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import { parsePart, type Part } from "./mime-reader.ts";
import { startSmtpSink, type SmtpSink } from "./smtp-sink.ts";

export interface MailInbox {
  /** The sink's SMTP_URL. */
  readonly url: string;
  /** The messages received since the test began (or the last clear()), in order. */
  readonly received: Part[];
  clear(): void;
}

export function mailInbox(): MailInbox {
  let sink: SmtpSink | undefined;
  let received: Part[] = [];
  beforeAll(async () => {
    sink = await startSmtpSink({ onMessage: (raw) => void received.push(parsePart(raw.toString("utf8"))) });
  });
  afterAll(() => sink?.close());
  beforeEach(() => {
    received = [];
  });
  return {
    get url() {
      if (!sink) throw new Error("mailInbox(): the sink starts in beforeAll");
      return sink.url;
    },
    get received() {
      return received;
    },
    clear() {
      received = [];
    },
  };
}
