/**
 * The server's logger. At a terminal (stdout is a TTY and NODE_ENV is not set to production: `npm start`,
 * `npm run dev`, `npm run cms`) it prints words, one line each: the time, the level and the message, and an
 * error's stack; the fields stay out of sight. Piped to a file, a journal or a test, or with NODE_ENV=production,
 * it writes pino's JSON lines, one object per line with every field, for machines to read.
 */
import pino, { type Logger } from "pino";
import pretty from "pino-pretty";

/** Whether to print words: a person is reading this terminal, and nothing said it is production. */
export const readableLogs = (): boolean => Boolean(process.stdout.isTTY) && process.env.NODE_ENV !== "production";

export function createLogger(level: string, readable = readableLogs()): Logger {
  const options = { level, base: undefined };
  if (!readable) return pino(options);
  return pino(
    options,
    pretty({ colorize: true, translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname", hideObject: true, sync: true }),
  );
}
