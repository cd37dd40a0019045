/**
 * Every setting the server reads, validated once at start. A bad value stops the server with a message
 * that names the variable and says what is expected. The README's settings table mirrors this file.
 */
import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "../../lib/zod.ts";
import { isLoopbackAddress } from "./dev-hosts.server.ts";

const url = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}`,
    );

const email = z.string().trim().email("must be an e-mail address");

/** A phone number in E.164 form, as the text-message API takes it. */
const e164 = z
  .string()
  .trim()
  .regex(
    /^\+[1-9]\d{7,14}$/,
    "must be a phone number in E.164 form: + and the country code, no spaces (e.g. +12085550100)",
  );

/** Where the database and the written e-mails are kept unless DATA_DIR says otherwise (vite.config.ts never serves it). */
export const DEFAULT_DATA_DIR = "./data";
/** The development server's interface unless HOST says otherwise: loopback, so only this computer reaches it. */
export const DEV_HOST = "127.0.0.1";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Unset: every interface in production (the proxy in front reaches it), this computer only in development (DEV_HOST). */
  HOST: z.string().trim().min(1).optional(),
  SITE_URL: url(["https:", "http:"]).default("https://www.gemstateexteriorcleaning.com"),
  DATA_DIR: z.string().trim().min(1).default(DEFAULT_DATA_DIR),
  DATABASE_URL: url(["postgres:", "postgresql:"]).optional(),
  SMTP_URL: url(["smtp:", "smtps:"]).optional(),
  /** "smtp" (needs SMTP_URL) or "files" (DATA_DIR/mail); see mailTransport below. */
  MAIL_TRANSPORT: z.enum(["smtp", "files"], "must be smtp or files").optional(),
  MAIL_FROM: email.default("website@gemstateexteriorcleaning.com"),
  LEADS_TO: email.default("info@gemstateexteriorcleaning.com"),
  LEAD_WEBHOOK_URL: url(["https:", "http:"]).optional(),
  LEAD_WEBHOOK_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  /** The owner's instant text message about each new request (app/server/notify/sms.server.ts): all four, or none. */
  TWILIO_ACCOUNT_SID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "must be the account's SID as the provider shows it (letters and digits, e.g. AC…)")
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().trim().min(1).optional(),
  TWILIO_FROM: e164.optional(),
  OWNER_PHONE: e164.optional(),
  /** The text-message API's address (a Twilio-compatible one, or a local fake in tests). */
  TWILIO_API_URL: url(["https:", "http:"]).default("https://api.twilio.com"),
  /** Deposits through Stripe Checkout (app/server/features/payments/): both, or neither ("pay at the job"). */
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(
      /^(sk|rk)_(live|test)_[A-Za-z0-9]{8,255}$/,
      "must be a Stripe secret key (sk_live_…, sk_test_…) or restricted key (rk_live_…, rk_test_…), as the Stripe Dashboard shows it under Developers → API keys",
    )
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(
      /^whsec_[A-Za-z0-9+/=]{8,255}$/,
      "must be the webhook endpoint's signing secret (whsec_…), as the Stripe Dashboard shows it under Developers → Webhooks",
    )
    .optional(),
  /** For tests only: Stripe's API at a local fake (http://127.0.0.1:port); never set in a deployment. */
  STRIPE_API_BASE: url(["https:", "http:"]).optional(),
  /** Where a completed job's customer is asked to leave a review (the Google Business Profile's review link); unset, no review request is sent. */
  REVIEW_URL: url(["https:"]).optional(),
  LEAD_RATE_LIMIT: z.coerce.number().int().min(0).default(5),
  /** Seconds a person needs at least to fill a form after it was shown; a request sent faster is kept and flagged "sent fast" for the owner (decision 012). */
  LEAD_MIN_FILL_SECONDS: z.coerce.number().min(0).max(60).default(3),
  /** Wait before the first retry of a failed delivery; it doubles up to 6 hours, for 7 days. */
  OUTBOX_FIRST_RETRY_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  /** How long a claimed delivery is reserved (renewed while it runs): after a crash, its mail waits at most this. */
  OUTBOX_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  /** The bound of DATA_DIR/journal, where estimate and contact requests wait while the database is away (decision 046). */
  JOURNAL_MAX_MB: z.coerce.number().min(0.001).max(100_000).default(512),
  /** The proxies in front: how many (`1`), or their addresses/CIDRs; never "every hop". */
  TRUST_PROXY: z.string().default("false").transform(parseTrustProxy),
  /** HTTP server time limits, and how many request bodies are read at once (beyond it: 503 + Retry-After). */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(120).default(10),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(600).default(300),
  HTTP_KEEP_ALIVE_SECONDS: z.coerce.number().min(0.1).max(120).default(5),
  MAX_BODIES_IN_FLIGHT: z.coerce.number().int().min(1).max(10_000).default(64),
  /** Request bodies read at once from one client address (as TRUST_PROXY reads it); beyond it: 429 + Retry-After. */
  MAX_BODIES_PER_CLIENT: z.coerce.number().int().min(1).max(10_000).default(8),
  /** MB of visitors' photos written to DATA_DIR/uploads at once while their requests are read; beyond it: 503. */
  PHOTO_SPOOL_MAX_MB: z.coerce.number().int().min(16).max(1_048_576).default(1024),
  /** Signs the links to confirmation pages; unset, a random key per process (several instances: set one for all). */
  RECEIPT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Signs the newsletter's confirmation and unsubscribe links in e-mails; unset, a random key kept in the database. */
  LINK_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Keys the hashes of IP and e-mail addresses kept as lookup keys (rate limits, sign-in lockout, reply cap); unset, a random key kept in the database. */
  HASH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof envSchema> & {
  HOST: string;
  DATA_DIR: string;
  MAIL_TRANSPORT: "smtp" | "files";
  RECEIPT_SECRET: string;
};

/** Settings whose values are never printed (they carry passwords, tokens or keys). */
const SECRETS = new Set([
  "DATABASE_URL",
  "SMTP_URL",
  "LEAD_WEBHOOK_URL",
  "LEAD_WEBHOOK_SECRET",
  "TWILIO_AUTH_TOKEN",
  "RECEIPT_SECRET",
  "LINK_SECRET",
  "HASH_SECRET",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
]);

const TRUST_PROXY_FORMS =
  "the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs, comma-separated (e.g. 10.0.0.2 or 10.0.0.0/8, loopback)";
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** false (no proxy), a number of hops, or a list of addresses/CIDRs, as Express's "trust proxy" takes them. */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): false | number | string[] {
  const v = value.trim().toLowerCase();
  if (v === "" || v === "false" || v === "0") return false;
  if (v === "true") {
    ctx.addIssue({
      code: "custom",
      message: `"true" is no longer accepted: it trusted every hop, so a client could choose its own address with X-Forwarded-For. Give ${TRUST_PROXY_FORMS}`,
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= 10) return hops;
  }
  const entries = v.split(",").map((e) => e.trim());
  const valid = (e: string) => {
    if (NAMED_RANGES.has(e)) return true;
    const [address = "", prefix, ...rest] = e.split("/");
    const family = isIP(address);
    if (!family || rest.length) return false;
    return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
  };
  if (entries.length && entries.every(valid)) return entries;
  ctx.addIssue({ code: "custom", message: `must be ${TRUST_PROXY_FORMS}` });
  return z.NEVER;
}

export class EnvError extends Error {}

/** Parses the environment; empty strings count as unset. Throws EnvError with one line per problem. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const invalid = (lines: string[]) =>
    new EnvError(`Invalid settings:\n${lines.map((l) => `  ${l}`).join("\n")}\nSee the settings table in README.md.`);
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw invalid(
      result.error.issues.map((i) => {
        const name = String(i.path[0]);
        return `${i.path.join(".")}: ${i.message} (got ${SECRETS.has(name) ? "a value that is not shown because it may hold a secret" : JSON.stringify(cleaned[name])})`;
      }),
    );
  }
  const env = result.data;
  const problems: string[] = [];
  if (env.HTTP_HEADERS_TIMEOUT_SECONDS > env.HTTP_REQUEST_TIMEOUT_SECONDS)
    problems.push("HTTP_HEADERS_TIMEOUT_SECONDS: must not exceed HTTP_REQUEST_TIMEOUT_SECONDS");
  // Browsers reach a production site over HTTPS (a TLS proxy in front, docs/security.md "Behind a TLS proxy"):
  // the scheme of every request, the session cookie's Secure flag and HSTS follow SITE_URL.
  if (env.NODE_ENV === "production" && new URL(env.SITE_URL).protocol !== "https:") {
    problems.push(
      `SITE_URL: must start with https:// in production (NODE_ENV=production), the address visitors use through the TLS proxy in front; http:// only in development (got ${JSON.stringify(env.SITE_URL)})`,
    );
  }
  if (env.LEAD_WEBHOOK_URL && !env.LEAD_WEBHOOK_SECRET)
    problems.push("LEAD_WEBHOOK_SECRET: required when LEAD_WEBHOOK_URL is set");
  // Addresses the server sends a request's data to: https, or plain http to this machine only.
  for (const name of ["LEAD_WEBHOOK_URL", "TWILIO_API_URL"] as const) {
    const address = env[name] ? new URL(env[name]) : undefined;
    if (address && address.protocol !== "https:" && !isLoopbackAddress(address.hostname))
      problems.push(`${name}: must start with https:// (http:// only for this machine: localhost, 127.0.0.1, [::1])`);
  }
  const textSettings = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM", "OWNER_PHONE"] as const;
  const missing = textSettings.filter((name) => env[name] === undefined);
  if (missing.length > 0 && missing.length < textSettings.length)
    problems.push(
      `${missing.join(", ")}: required with ${textSettings.filter((n) => !missing.includes(n)).join(", ")} (the owner's text message about each request needs all four; leave all four empty to send none)`,
    );
  if ((env.STRIPE_SECRET_KEY === undefined) !== (env.STRIPE_WEBHOOK_SECRET === undefined))
    problems.push(
      env.STRIPE_SECRET_KEY
        ? "STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (deposits are recorded from Stripe's signed webhook; leave both empty to take deposits at the job)"
        : "STRIPE_SECRET_KEY: required with STRIPE_WEBHOOK_SECRET (leave both empty to take deposits at the job)",
    );
  // The customer's card details go to Stripe only: another API address is for a local fake in tests.
  if (env.STRIPE_API_BASE && !isLoopbackAddress(new URL(env.STRIPE_API_BASE).hostname))
    problems.push(
      "STRIPE_API_BASE: for tests only, must point at this machine (http://127.0.0.1:port, localhost or [::1]); leave it empty to use Stripe",
    );
  // E-mail: SMTP when SMTP_URL is set. Without it, a production server refuses to start unless the owner
  // chose files on purpose (MAIL_TRANSPORT=files, which `npm start` / `npm run serve` set for the Quick start).
  const transport = env.MAIL_TRANSPORT ?? (env.SMTP_URL ? "smtp" : env.NODE_ENV === "production" ? undefined : "files");
  if (transport === "smtp" && !env.SMTP_URL) problems.push("SMTP_URL: required when MAIL_TRANSPORT=smtp");
  if (transport === undefined) {
    problems.push(
      "SMTP_URL: required in production (NODE_ENV=production) so the owner's e-mails are sent; or set MAIL_TRANSPORT=files to write them to DATA_DIR/mail on purpose",
    );
  }
  if (problems.length > 0) throw invalid(problems);
  // MAIL_TRANSPORT=files wins over an SMTP_URL that is also set: the mail module sends only when SMTP_URL is.
  const files = transport !== "smtp";
  return {
    ...env,
    MAIL_TRANSPORT: files ? "files" : "smtp",
    SMTP_URL: files ? undefined : env.SMTP_URL,
    RECEIPT_SECRET: env.RECEIPT_SECRET ?? randomBytes(32).toString("hex"),
    HOST: env.HOST ?? (env.NODE_ENV === "development" ? DEV_HOST : "0.0.0.0"),
    DATA_DIR: path.resolve(env.DATA_DIR),
    SITE_URL: env.SITE_URL.replace(/\/+$/, ""),
    TWILIO_API_URL: env.TWILIO_API_URL.replace(/\/+$/, ""),
  };
}

/** The Stripe settings when both are set (parseEnv refuses one without the other), else null: deposits are paid at the job. */
export function stripeSettings(
  env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_BASE">,
): StripeSettings | null {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = env;
  return secretKey && webhookSecret ? { secretKey, webhookSecret, apiBase: env.STRIPE_API_BASE } : null;
}

export interface StripeSettings {
  /** Secrets: never logged. */
  secretKey: string;
  webhookSecret: string;
  /** A local fake's address (tests); unset: Stripe's own. */
  apiBase: string | undefined;
}

/** The text-message settings when all four are set (parseEnv refuses a partial set), else null: no text is sent. */
export function textAlertSettings(
  env: Pick<Env, "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM" | "OWNER_PHONE" | "TWILIO_API_URL">,
): TextAlertSettings | null {
  const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token, TWILIO_FROM: from, OWNER_PHONE: to } = env;
  return sid && token && from && to ? { apiUrl: env.TWILIO_API_URL, sid, token, from, to } : null;
}

export interface TextAlertSettings {
  apiUrl: string;
  sid: string;
  /** A secret: never logged. */
  token: string;
  from: string;
  to: string;
}
