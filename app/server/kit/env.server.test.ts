import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, stripeSettings, textAlertSettings } from "./env.server.ts";

describe("settings", () => {
  it("has working defaults: port 3000, the embedded database in ./data, the production origin", () => {
    const env = parseEnv({ MAIL_TRANSPORT: "files" });
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toMatch(/\/data$/);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SITE_URL).toBe("https://www.gemstateexteriorcleaning.com");
    expect(env.LEAD_RATE_LIMIT).toBe(5);
  });

  it("listens on every interface in production (the proxy in front reaches it) and on this computer only in development", () => {
    expect(parseEnv({ MAIL_TRANSPORT: "files" }).HOST).toBe("0.0.0.0");
    expect(parseEnv({ NODE_ENV: "development" }).HOST).toBe("127.0.0.1");
    expect(parseEnv({ NODE_ENV: "development", HOST: "" }).HOST).toBe("127.0.0.1");
    expect(parseEnv({ NODE_ENV: "development", HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
    expect(parseEnv({ MAIL_TRANSPORT: "files", HOST: "::" }).HOST).toBe("::");
  });

  it("reads the values it is given and treats empty ones as unset", () => {
    const env = parseEnv({
      MAIL_TRANSPORT: "files",
      PORT: "8080",
      SITE_URL: "https://example.com/",
      DATABASE_URL: "postgres://u:p@db/gs",
      SMTP_URL: "",
      LEAD_RATE_LIMIT: "0",
    });
    expect(env).toMatchObject({
      PORT: 8080,
      SITE_URL: "https://example.com",
      DATABASE_URL: "postgres://u:p@db/gs",
      LEAD_RATE_LIMIT: 0,
    });
    expect(env.SMTP_URL).toBeUndefined();
  });

  it("bounds the photo spool: 1 GB unless set, and neither a size too small for one photo nor a non-number", () => {
    expect(parseEnv({ NODE_ENV: "test" }).PHOTO_SPOOL_MAX_MB).toBe(1024);
    expect(parseEnv({ NODE_ENV: "test", PHOTO_SPOOL_MAX_MB: "200" }).PHOTO_SPOOL_MAX_MB).toBe(200);
    for (const bad of ["8", "lots", "-1", "1.5"])
      expect(() => parseEnv({ NODE_ENV: "test", PHOTO_SPOOL_MAX_MB: bad })).toThrow(/PHOTO_SPOOL_MAX_MB/);
  });

  it("stops with a message naming each bad setting", () => {
    const attempt = () => parseEnv({ PORT: "http", DATABASE_URL: "mysql://x", LEADS_TO: "owner" });
    expect(attempt).toThrow(EnvError);
    expect(attempt).toThrow(
      /PORT: .*\n.*DATABASE_URL: must be a URL starting with postgres:\/\/ or postgresql:\/\/.*\n.*LEADS_TO: must be an e-mail address/s,
    );
  });

  it("requires a webhook secret with a webhook URL", () => {
    expect(() => parseEnv({ LEAD_WEBHOOK_URL: "https://crm.example/hook" })).toThrow(
      /LEAD_WEBHOOK_SECRET: required when LEAD_WEBHOOK_URL is set/,
    );
  });

  it("accepts only https webhook URLs, except on this machine", () => {
    const secret = "0123456789abcdef0123";
    const hook = (url: string) => () =>
      parseEnv({ NODE_ENV: "test", LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: secret });
    expect(hook("http://crm.example/hook")).toThrow(/LEAD_WEBHOOK_URL: must start with https:\/\//);
    expect(hook("http://10.0.0.5/hook")).toThrow(EnvError);
    for (const ok of [
      "https://crm.example/hook",
      "http://127.0.0.1:9000/hook",
      "http://localhost/hook",
      "http://[::1]:9000/hook",
    ])
      expect(hook(ok)).not.toThrow();
  });

  it("refuses a production start without SMTP_URL unless MAIL_TRANSPORT=files is chosen on purpose", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(
      /SMTP_URL: required in production .*MAIL_TRANSPORT=files/,
    );
    expect(parseEnv({ NODE_ENV: "production", MAIL_TRANSPORT: "files" }).MAIL_TRANSPORT).toBe("files");
    expect(parseEnv({ NODE_ENV: "production", SMTP_URL: "smtp://mail.example:587" }).MAIL_TRANSPORT).toBe("smtp");
    expect(parseEnv({ NODE_ENV: "development" }).MAIL_TRANSPORT).toBe("files");
    expect(() => parseEnv({ NODE_ENV: "development", MAIL_TRANSPORT: "smtp" })).toThrow(
      /SMTP_URL: required when MAIL_TRANSPORT=smtp/,
    );
    expect(() => parseEnv({ NODE_ENV: "test", MAIL_TRANSPORT: "carrier-pigeon" })).toThrow(
      /MAIL_TRANSPORT: must be smtp or files/,
    );
  });

  it("stops a production start with an http:// SITE_URL, naming SITE_URL; development and tests may use http://", () => {
    const production = (SITE_URL: string) => () =>
      parseEnv({ NODE_ENV: "production", MAIL_TRANSPORT: "files", SITE_URL });
    expect(production("http://www.gemstateexteriorcleaning.com")).toThrow(
      /SITE_URL: must start with https:\/\/ in production/,
    );
    expect(production("http://localhost:3000")).toThrow(EnvError);
    expect(production("https://www.gemstateexteriorcleaning.com")).not.toThrow();
    expect(parseEnv({ MAIL_TRANSPORT: "files" }).SITE_URL).toMatch(/^https:\/\//);
    expect(parseEnv({ NODE_ENV: "development", SITE_URL: "http://localhost:3000" }).SITE_URL).toBe(
      "http://localhost:3000",
    );
    expect(parseEnv({ NODE_ENV: "test", SITE_URL: "http://localhost:3000" }).SITE_URL).toBe("http://localhost:3000");
  });

  it("never prints the value of a secret setting", () => {
    const secrets = {
      DATABASE_URL: "mysql://admin:hunter2-db@db/gs",
      SMTP_URL: "http://user:hunter2-smtp@mail",
      LEAD_WEBHOOK_URL: "ftp://hook.example/t0ken-hunter2",
      LEAD_WEBHOOK_SECRET: "hunter2",
      LINK_SECRET: "hunter2-link",
      HASH_SECRET: "hunter2-hash",
      TWILIO_AUTH_TOKEN: " ",
    };
    let message = "";
    try {
      parseEnv({ NODE_ENV: "test", ...secrets });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of Object.keys(secrets)) expect(message).toContain(`${name}:`);
    expect(message).not.toMatch(/hunter2/);
    expect(message).toContain("not shown");
  });

  const TEXT = {
    TWILIO_ACCOUNT_SID: "AC0123456789abcdef0123456789abcdef",
    TWILIO_AUTH_TOKEN: "hunter2-token",
    TWILIO_FROM: "+12085550100",
    OWNER_PHONE: "+12085550142",
  };

  it("sends the owner's text messages with all four Twilio settings or none; a partial set stops the server naming what is missing", () => {
    expect(textAlertSettings(parseEnv({ NODE_ENV: "test" }))).toBeNull();
    expect(textAlertSettings(parseEnv({ NODE_ENV: "test", ...TEXT }))).toEqual({
      apiUrl: "https://api.twilio.com",
      sid: TEXT.TWILIO_ACCOUNT_SID,
      token: TEXT.TWILIO_AUTH_TOKEN,
      from: TEXT.TWILIO_FROM,
      to: TEXT.OWNER_PHONE,
    });
    for (const left of Object.keys(TEXT) as (keyof typeof TEXT)[]) {
      const partial = { NODE_ENV: "test", ...TEXT, [left]: "" };
      expect(() => parseEnv(partial)).toThrow(new RegExp(`^  ${left}: required with `, "m"));
    }
    let message = "";
    try {
      parseEnv({ NODE_ENV: "test", TWILIO_AUTH_TOKEN: TEXT.TWILIO_AUTH_TOKEN });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("TWILIO_ACCOUNT_SID, TWILIO_FROM, OWNER_PHONE: required with TWILIO_AUTH_TOKEN");
    expect(message).not.toContain("hunter2");
  });

  it("takes the phone numbers in E.164 form only, and the API over https (http only on this machine)", () => {
    for (const bad of ["2085550100", "+1 208 555 0100", "+1(208)5550100", "+0208555010", "+1208"])
      expect(() => parseEnv({ NODE_ENV: "test", ...TEXT, OWNER_PHONE: bad }), bad).toThrow(
        /OWNER_PHONE: must be a phone number in E\.164 form/,
      );
    expect(() => parseEnv({ NODE_ENV: "test", ...TEXT, TWILIO_FROM: "+44 20" })).toThrow(/TWILIO_FROM: must be/);
    expect(() => parseEnv({ NODE_ENV: "test", ...TEXT, TWILIO_ACCOUNT_SID: "AC/../x" })).toThrow(
      /TWILIO_ACCOUNT_SID: must be the account's SID/,
    );
    expect(() => parseEnv({ NODE_ENV: "test", ...TEXT, TWILIO_API_URL: "http://sms.example" })).toThrow(
      /TWILIO_API_URL: must start with https:\/\//,
    );
    expect(parseEnv({ NODE_ENV: "test", ...TEXT, TWILIO_API_URL: "http://127.0.0.1:4622/" }).TWILIO_API_URL).toBe(
      "http://127.0.0.1:4622",
    );
  });

  const STRIPE = {
    STRIPE_SECRET_KEY: "sk_test_51HunterTwo0123456789",
    STRIPE_WEBHOOK_SECRET: "whsec_Hunter2Secret0123456789",
  };

  it("takes deposits through Stripe with both Stripe settings or neither; one alone stops the server naming the other, never printing either", () => {
    expect(stripeSettings(parseEnv({ NODE_ENV: "test" }))).toBeNull();
    expect(stripeSettings(parseEnv({ NODE_ENV: "test", ...STRIPE }))).toEqual({
      secretKey: STRIPE.STRIPE_SECRET_KEY,
      webhookSecret: STRIPE.STRIPE_WEBHOOK_SECRET,
      apiBase: undefined,
    });
    const problem = (env: Record<string, string>) => {
      try {
        parseEnv({ NODE_ENV: "test", ...env });
      } catch (error) {
        return (error as Error).message;
      }
      return "";
    };
    const noSecret = problem({ STRIPE_SECRET_KEY: STRIPE.STRIPE_SECRET_KEY });
    expect(noSecret).toMatch(/^ {2}STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY .*at the job/m);
    const noKey = problem({ STRIPE_WEBHOOK_SECRET: STRIPE.STRIPE_WEBHOOK_SECRET });
    expect(noKey).toMatch(/^ {2}STRIPE_SECRET_KEY: required with STRIPE_WEBHOOK_SECRET/m);
    for (const message of [noSecret, noKey]) expect(message).not.toMatch(/Hunter/);
  });

  it("takes a Stripe secret or restricted key and a whsec_ signing secret only, and a Stripe API address on this machine only", () => {
    for (const key of ["sk_live_51Abcdefgh", "sk_test_51Abcdefgh", "rk_live_51Abcdefgh", "rk_test_51Abcdefgh"])
      expect(parseEnv({ NODE_ENV: "test", ...STRIPE, STRIPE_SECRET_KEY: key }).STRIPE_SECRET_KEY, key).toBe(key);
    for (const bad of ["pk_live_51Abcdefgh", "sk_51Abcdefgh", "whsec_51Abcdefgh", "sk_test_short", "sk_test_a b"]) {
      let message = "";
      try {
        parseEnv({ NODE_ENV: "test", ...STRIPE, STRIPE_SECRET_KEY: bad });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, bad).toMatch(
        /STRIPE_SECRET_KEY: must be a Stripe secret key \(sk_live_…, sk_test_…\) or restricted key/,
      );
      expect(message, bad).toContain("not shown");
      expect(message, bad).not.toContain(bad);
    }
    for (const bad of ["sk_test_51Abcdefgh", "whsec_", "whsec_a b c d e f"])
      expect(() => parseEnv({ NODE_ENV: "test", ...STRIPE, STRIPE_WEBHOOK_SECRET: bad }), bad).toThrow(
        /STRIPE_WEBHOOK_SECRET: must be the webhook endpoint's signing secret \(whsec_…\)/,
      );
    for (const nodeEnv of ["production", "development", "test"])
      expect(
        () =>
          parseEnv({
            NODE_ENV: nodeEnv,
            MAIL_TRANSPORT: "files",
            ...STRIPE,
            STRIPE_API_BASE: "https://api.stripe-mirror.example",
          }),
        nodeEnv,
      ).toThrow(/STRIPE_API_BASE: for tests only, must point at this machine/);
    const local = parseEnv({
      NODE_ENV: "production",
      MAIL_TRANSPORT: "files",
      ...STRIPE,
      STRIPE_API_BASE: "http://127.0.0.1:4700",
    });
    expect(stripeSettings(local)?.apiBase).toBe("http://127.0.0.1:4700");
  });

  it("takes REVIEW_URL as an https link, or none (then no review request is sent)", () => {
    expect(parseEnv({ NODE_ENV: "test" }).REVIEW_URL).toBeUndefined();
    expect(parseEnv({ NODE_ENV: "test", REVIEW_URL: " https://g.page/r/CdEf123/review " }).REVIEW_URL).toBe(
      "https://g.page/r/CdEf123/review",
    );
    for (const bad of ["http://g.page/r/CdEf123/review", "g.page/r/CdEf123/review", "javascript:alert(1)"])
      expect(() => parseEnv({ NODE_ENV: "test", REVIEW_URL: bad }), bad).toThrow(
        /REVIEW_URL: must be a URL starting with https:\/\//,
      );
  });

  it.each(["LINK_SECRET", "HASH_SECRET"] as const)(
    "takes %s of at least 32 characters, or none (a key kept in the database)",
    (name) => {
      expect(parseEnv({ NODE_ENV: "test" })[name]).toBeUndefined();
      expect(parseEnv({ NODE_ENV: "test", [name]: "l".repeat(32) })[name]).toBe("l".repeat(32));
      expect(() => parseEnv({ NODE_ENV: "test", [name]: "short" })).toThrow(
        new RegExp(`${name}: must be at least 32 characters`),
      );
    },
  );

  it('takes the proxies in front as a number of hops or addresses/CIDRs, and refuses "true" with the new forms', () => {
    expect(parseEnv({ NODE_ENV: "test" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ NODE_ENV: "test", TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ NODE_ENV: "test", TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ NODE_ENV: "test", TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(
      parseEnv({ NODE_ENV: "test", TRUST_PROXY: "10.0.0.2, 10.1.0.0/16,loopback,::1,fd00::/8" }).TRUST_PROXY,
    ).toEqual(["10.0.0.2", "10.1.0.0/16", "loopback", "::1", "fd00::/8"]);
    expect(() => parseEnv({ NODE_ENV: "test", TRUST_PROXY: "true" })).toThrow(
      /TRUST_PROXY: "true" is no longer accepted.*X-Forwarded-For.*number of proxies in front of the server \(e\.g\. 1\).*addresses\/CIDRs/,
    );
    expect(() => parseEnv({ NODE_ENV: "test", TRUST_PROXY: "10.0.0.0/33" })).toThrow(
      /TRUST_PROXY: must be the number of proxies/,
    );
    expect(() => parseEnv({ NODE_ENV: "test", TRUST_PROXY: "proxy.example" })).toThrow(
      /TRUST_PROXY: must be the number of proxies/,
    );
  });

  it("has HTTP time limits and caps on bodies read at once, in all and per client", () => {
    expect(parseEnv({ NODE_ENV: "test" })).toMatchObject({
      HTTP_HEADERS_TIMEOUT_SECONDS: 10,
      HTTP_REQUEST_TIMEOUT_SECONDS: 300,
      HTTP_KEEP_ALIVE_SECONDS: 5,
      MAX_BODIES_IN_FLIGHT: 64,
      MAX_BODIES_PER_CLIENT: 8,
    });
    expect(parseEnv({ NODE_ENV: "test", MAX_BODIES_PER_CLIENT: "20" }).MAX_BODIES_PER_CLIENT).toBe(20);
    for (const bad of ["0", "2.5", "many"])
      expect(() => parseEnv({ NODE_ENV: "test", MAX_BODIES_PER_CLIENT: bad })).toThrow(/MAX_BODIES_PER_CLIENT: /);
    expect(() =>
      parseEnv({ NODE_ENV: "test", HTTP_HEADERS_TIMEOUT_SECONDS: "30", HTTP_REQUEST_TIMEOUT_SECONDS: "20" }),
    ).toThrow(/HTTP_HEADERS_TIMEOUT_SECONDS: must not exceed/);
  });
});
