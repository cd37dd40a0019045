/**
 * The VPS recipe in deploy/ as the tools that run it read it: systemd accepts the units (systemd-analyze
 * verify, where installed), Caddy accepts the Caddyfile (where installed), the settings file names every
 * setting the server reads, and the backup script keeps 48 hourly and 30 daily copies.
 * (tests/e2e/caddy.spec.ts runs the Caddyfile in front of the server.)
 */
import { execFileSync, spawnSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "../app/server/kit/env.server.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const DEPLOY = path.join(ROOT, "deploy");
interface ReverseProxy {
  upstreams: { dial: string }[];
  load_balancing: { selection_policy: { policy: string }; try_duration: number };
  health_checks: { active: { uri: string }; passive?: unknown };
}

const has = (command: string, ...args: string[]) => spawnSync(command, args).status === 0;
const UNITS = ["gemstate.socket", "gemstate.service", "gemstate-backup.service", "gemstate-backup.timer"];
/** deploy/gemstate@.service, the template of the two-server recipe, as its instance gemstate@3001.service. */
const INSTANCE = { file: "gemstate@.service", as: "gemstate@3001.service" };

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "gs-recipe-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("deploy/", () => {
  it.skipIf(!has("systemd-analyze", "--version"))("systemd-analyze verify accepts the units, without a warning", () => {
    // The units as installed, with the release's folder (/opt/gemstate/current) in a temporary one, since
    // verify requires the programs they start to exist.
    const dir = tempDir();
    const release = path.join(dir, "current");
    mkdirSync(path.join(release, "node_modules/.bin"), { recursive: true });
    mkdirSync(path.join(release, "deploy"));
    symlinkSync(process.execPath, path.join(release, "node_modules/.bin/node"));
    copyFileSync(path.join(DEPLOY, "backup.sh"), path.join(release, "deploy/backup.sh"));
    chmodSync(path.join(release, "deploy/backup.sh"), 0o755);
    const files = [...UNITS.map((unit) => ({ file: unit, as: unit })), INSTANCE];
    for (const { file, as } of files)
      writeFileSync(
        path.join(dir, as),
        readFileSync(path.join(DEPLOY, file), "utf8").replaceAll("/opt/gemstate/current", release),
      );
    const result = spawnSync("systemd-analyze", ["verify", ...files.map(({ as }) => path.join(dir, as))], {
      cwd: dir,
      encoding: "utf8",
    });
    // Lines about units this machine lacks (postgresql.service, network-online.target in a container) are not the recipe's.
    const problems = `${result.stdout}${result.stderr}`
      .split("\n")
      .filter((line) => line.trim() !== "" && !/postgresql\.service|network-online\.target|sysinit\.target/.test(line));
    expect(problems).toEqual([]);
    expect(result.status).toBe(0);
  });

  it.skipIf(!has("caddy", "version"))(
    "Caddy accepts the Caddyfile: HSTS, the server on loopback with retries during a restart, no second compression",
    () => {
      const json = execFileSync(
        "caddy",
        ["adapt", "--config", path.join(DEPLOY, "Caddyfile"), "--adapter", "caddyfile"],
        {
          env: { PATH: process.env.PATH, HOME: tempDir(), SITE_ADDRESS: "www.example.com", PORT: "3000" },
          encoding: "utf8",
        },
      );
      expect(json).toContain('"dial":"127.0.0.1:3000"');
      expect(json).toContain("Strict-Transport-Security");
      expect(json).toMatch(/"try_duration":[1-9]\d{9,}/);
      expect(json).not.toContain('"encode"');
    },
  );

  it.skipIf(!has("caddy", "version"))(
    "Caddy accepts the two-server Caddyfile: both instances in turn, a liveness health check, retries while one restarts",
    () => {
      const text = execFileSync(
        "caddy",
        ["adapt", "--config", path.join(DEPLOY, "Caddyfile.two-servers"), "--adapter", "caddyfile"],
        {
          env: {
            PATH: process.env.PATH,
            HOME: tempDir(),
            SITE_ADDRESS: "www.example.com",
            PORT_A: "3001",
            PORT_B: "3002",
          },
          encoding: "utf8",
        },
      );
      // The reverse_proxy handler, wherever Caddy nests it.
      let proxy: ReverseProxy | undefined;
      JSON.parse(text, (_key, value: unknown) => {
        if ((value as { handler?: string } | null)?.handler === "reverse_proxy") proxy = value as ReverseProxy;
        return value;
      });
      if (!proxy) throw new Error(`no reverse_proxy in ${text}`);
      expect(proxy.upstreams).toEqual([{ dial: "127.0.0.1:3001" }, { dial: "127.0.0.1:3002" }]);
      expect(proxy.load_balancing.selection_policy.policy).toBe("round_robin");
      expect(proxy.load_balancing.try_duration).toBeGreaterThanOrEqual(10e9);
      // The instance's process, not /healthz (which answers 503 while the database is away: both would be out).
      expect(proxy.health_checks.active.uri).toBe("/healthz/live");
      expect(proxy.health_checks.passive).toBeUndefined();
      expect(text).toContain("Strict-Transport-Security");
      expect(text).not.toContain('"encode"');
    },
  );

  it("env.example names every setting the server reads, and its values pass the server's checks", () => {
    const text = readFileSync(path.join(DEPLOY, "env.example"), "utf8");
    const settings = new Map(
      text
        .split("\n")
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)] as const),
    );
    const server = readFileSync(path.join(ROOT, "app/server/kit/env.server.ts"), "utf8");
    const read = [...server.matchAll(/^\s{2}([A-Z][A-Z_]+):/gm)]
      .map((m) => m[1]!)
      .filter((name) => name !== "NODE_ENV");
    expect(read.length).toBeGreaterThan(10);
    expect(read.filter((name) => !settings.has(name))).toEqual([]);
    expect(settings.get("TRUST_PROXY")).toBe("loopback");
    // With the placeholders filled in as docs/deploy.md says (keys from `openssl rand -hex 32`), the server starts.
    const filled = {
      ...Object.fromEntries(settings),
      LINK_SECRET: "a".repeat(64),
      RECEIPT_SECRET: "b".repeat(64),
      HASH_SECRET: "c".repeat(64),
      NODE_ENV: "production",
    };
    expect(() => parseEnv(filled)).not.toThrow();
  });

  it("backup.sh writes a backup and keeps the newest 48 hourly and 30 daily copies", () => {
    const dir = tempDir();
    const backups = path.join(dir, "backups");
    mkdirSync(path.join(backups, "hourly"), { recursive: true });
    mkdirSync(path.join(backups, "daily"));
    for (let i = 0; i < 60; i++)
      writeFileSync(path.join(backups, "hourly", `leads-2026-01-01T${String(i).padStart(6, "0")}Z.sqlite`), "old");
    for (let day = 1; day <= 40; day++)
      writeFileSync(path.join(backups, "daily", `leads-2025-12-${String(day).padStart(2, "0")}.sqlite`), "old");
    // `npm run -s leads -- backup FILE` stands in: it writes FILE.
    const bin = path.join(dir, "bin");
    mkdirSync(bin);
    writeFileSync(path.join(bin, "npm"), '#!/bin/sh\n[ "$5" = backup ] && printf new > "$6"\n');
    chmodSync(path.join(bin, "npm"), 0o755);
    const output = execFileSync(path.join(DEPLOY, "backup.sh"), {
      env: { PATH: `${bin}:/usr/bin:/bin`, BACKUP_DIR: backups },
      encoding: "utf8",
    });

    const hourly = readdirSync(path.join(backups, "hourly")).sort();
    const daily = readdirSync(path.join(backups, "daily")).sort();
    expect(hourly).toHaveLength(48);
    expect(daily).toHaveLength(30);
    const newest = hourly.at(-1)!;
    expect(output).toContain(newest);
    expect(readFileSync(path.join(backups, "hourly", newest), "utf8")).toBe("new");
    expect(readFileSync(path.join(backups, "daily", daily.at(-1)!), "utf8")).toBe("new");
    expect(hourly.some((name) => name.startsWith("."))).toBe(false);
  });
});
