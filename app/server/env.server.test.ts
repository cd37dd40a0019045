import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

describe("settings", () => {
  it("has working defaults: port 3000, the embedded database in ./data, the production origin", () => {
    const env = parseEnv({ MAIL_TRANSPORT: "files" });
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toMatch(/\/data$/);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SITE_URL).toBe("https://www.gemstateexteriorcleaning.com");
    expect(env.LEAD_RATE_LIMIT).toBe(5);
  });

  it("reads the values it is given and treats empty ones as unset", () => {
    const env = parseEnv({ MAIL_TRANSPORT: "files", PORT: "8080", SITE_URL: "https://example.com/", DATABASE_URL: "postgres://u:p@db/gs", SMTP_URL: "", LEAD_RATE_LIMIT: "0" });
    expect(env).toMatchObject({ PORT: 8080, SITE_URL: "https://example.com", DATABASE_URL: "postgres://u:p@db/gs", LEAD_RATE_LIMIT: 0 });
    expect(env.SMTP_URL).toBeUndefined();
  });

  it("stops with a message naming each bad setting", () => {
    const attempt = () => parseEnv({ PORT: "http", DATABASE_URL: "mysql://x", LEADS_TO: "owner" });
    expect(attempt).toThrow(EnvError);
    expect(attempt).toThrow(/PORT: .*\n.*DATABASE_URL: must be a URL starting with postgres:\/\/ or postgresql:\/\/.*\n.*LEADS_TO: must be an e-mail address/s);
  });

  it("requires a webhook secret with a webhook URL", () => {
    expect(() => parseEnv({ LEAD_WEBHOOK_URL: "https://crm.example/hook" })).toThrow(/LEAD_WEBHOOK_SECRET: required when LEAD_WEBHOOK_URL is set/);
  });

  it("accepts only https webhook URLs, except on this machine", () => {
    const secret = "0123456789abcdef0123";
    const hook = (url: string) => () => parseEnv({ NODE_ENV: "test", LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: secret });
    expect(hook("http://crm.example/hook")).toThrow(/LEAD_WEBHOOK_URL: must start with https:\/\//);
    expect(hook("http://10.0.0.5/hook")).toThrow(EnvError);
    for (const ok of ["https://crm.example/hook", "http://127.0.0.1:9000/hook", "http://localhost/hook", "http://[::1]:9000/hook"]) expect(hook(ok)).not.toThrow();
  });

  it("refuses a production start without SMTP_URL unless MAIL_TRANSPORT=files is chosen on purpose", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SMTP_URL: required in production .*MAIL_TRANSPORT=files/);
    expect(parseEnv({ NODE_ENV: "production", MAIL_TRANSPORT: "files" }).MAIL_TRANSPORT).toBe("files");
    expect(parseEnv({ NODE_ENV: "production", SMTP_URL: "smtp://mail.example:587" }).MAIL_TRANSPORT).toBe("smtp");
    expect(parseEnv({ NODE_ENV: "development" }).MAIL_TRANSPORT).toBe("files");
    expect(() => parseEnv({ NODE_ENV: "development", MAIL_TRANSPORT: "smtp" })).toThrow(/SMTP_URL: required when MAIL_TRANSPORT=smtp/);
    expect(() => parseEnv({ NODE_ENV: "test", MAIL_TRANSPORT: "carrier-pigeon" })).toThrow(/MAIL_TRANSPORT: must be smtp or files/);
  });

  it("never prints the value of a secret setting", () => {
    const secrets = { DATABASE_URL: "mysql://admin:hunter2-db@db/gs", SMTP_URL: "http://user:hunter2-smtp@mail", LEAD_WEBHOOK_URL: "ftp://hook.example/t0ken-hunter2", LEAD_WEBHOOK_SECRET: "hunter2" };
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
});
