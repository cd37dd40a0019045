import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

describe("settings", () => {
  it("has working defaults: port 3000, the embedded database in ./data, the production origin", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toMatch(/\/data$/);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SITE_URL).toBe("https://www.gemstateexteriorcleaning.com");
    expect(env.LEAD_RATE_LIMIT).toBe(5);
  });

  it("reads the values it is given and treats empty ones as unset", () => {
    const env = parseEnv({ PORT: "8080", SITE_URL: "https://example.com/", DATABASE_URL: "postgres://u:p@db/gs", SMTP_URL: "", LEAD_RATE_LIMIT: "0" });
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
});
