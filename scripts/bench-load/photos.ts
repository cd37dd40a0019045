/**
 * Scenario 6: the photo forms. Text-only sends of the multipart estimate form at 9, 12 and 50 at once (none may
 * wait on a photo slot), then eight uploads of six 9 MB phone-sized JPEGs at once: the server's peak memory
 * (RSS of its process, sampled, and the kernel's high-water mark) and a page fetched meanwhile.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { ROOT } from "../../tests/support/processes.ts";
import { CITY_PAGE, environment, logTable, type Settings } from "./environment.ts";
import { check, round, seconds, table, type Section } from "./report.ts";
import { storeState } from "./store.ts";

/** The goals of issue 44: the whole server under 512 MB, a page meanwhile within 200 ms at the 99th percentile. */
export const PHOTO_GOALS = { rssMb: 512, pageP99Ms: 200 };
const UPLOADS = 8;
const PHOTOS_EACH = 6;
const MB = 1024 * 1024;

/** The estimate form's fields as a browser without JavaScript sends them. */
const fields = (email: string): [string, string][] => [
  ["firstName", "Load"],
  ["lastName", "Test"],
  ["email", email],
  ["phone", "2085550199"],
  ["zipcode", "83646"],
  ["agreed", "on"],
  ["_idem", randomUUID()],
];

/** A text-only send of the multipart form as a browser makes it: the photo input left empty (`filename=""`, no bytes). */
function textOnlyBody(email: string): { body: string; type: string } {
  const boundary = `----bench${randomBytes(8).toString("hex")}`;
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body =
    fields(email)
      .map(([name, value]) => part(name, value))
      .join("") +
    `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n` +
    `--${boundary}--\r\n`;
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** Runs `task(i)` for i < count, `concurrency` at a time. */
async function pool(count: number, concurrency: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/** Status codes of `count` text-only multipart sends, `concurrency` at once. */
async function textOnlySends(origin: string, count: number, concurrency: number, tag: string) {
  const statuses: Record<number, number> = {};
  let confirmed = 0;
  await pool(count, concurrency, async (i) => {
    const { body, type } = textOnlyBody(`${tag}-${concurrency}-${i}@example.com`);
    // A connection error counts as status 0.
    const res = await fetch(`${origin}/estimate`, {
      method: "POST",
      redirect: "manual",
      headers: { origin, "content-type": type },
      body,
      signal: AbortSignal.timeout(60_000),
    }).catch(() => null);
    await res?.arrayBuffer().catch(() => undefined);
    const status = res?.status ?? 0;
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status === 303 && (res?.headers.get("location") ?? "").startsWith("/request-received")) confirmed++;
  });
  return { statuses, confirmed };
}

/**
 * A 48-megapixel phone photo of about 9 MB (8000 × 6000 px of fine grain, which JPEG cannot shrink much), sent
 * as each of the six photos of every upload: the server reads, spools and decodes each one as a photo of its own.
 */
async function phonePhoto(): Promise<Uint8Array<ArrayBuffer>> {
  const grain = { type: "gaussian", mean: 128, sigma: 20 } as const;
  const jpeg = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#808080", noise: grain } })
    .jpeg({ quality: 70 })
    .toBuffer();
  return new Uint8Array(jpeg);
}

/** The resident memory of a process now and its high-water mark (Linux /proc), in MB. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rss: kb("VmRSS") / 1024, hwm: kb("VmHWM") / 1024 };
}

/**
 * The memory settings deploy/gemstate.service gives the server (glibc's malloc arenas, V8's young generation:
 * docs/decisions/048-photo-memory.md), read from the unit itself so that the server is measured as it is deployed.
 */
export function deployedMemorySettings(): Record<string, string> {
  const unit = readFileSync(path.join(ROOT, "deploy/gemstate.service"), "utf8");
  const settings: Record<string, string> = {};
  for (const [, assignments] of unit.matchAll(/^Environment=(.*)$/gm))
    // systemd's assignments: KEY=value, or "KEY=value with spaces".
    for (const [, quoted, bare] of assignments!.matchAll(/"([^"]*)"|(\S+)/g)) {
      const assignment = quoted ?? bare!;
      const at = assignment.indexOf("=");
      const key = assignment.slice(0, at);
      if (key === "MALLOC_ARENA_MAX" || key === "NODE_OPTIONS") settings[key] = assignment.slice(at + 1);
    }
  return settings;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
};

export async function photoUploads(settings: Settings): Promise<Section> {
  const deployed = deployedMemorySettings();
  const env = await environment(settings, "photos", { env: deployed });
  const origin = env.server.origin;
  const pid = env.server.proc.pid!;
  // What the server holds before any form: the code and data of the site, and the memory V8 and sharp start with.
  const started = memoryOf(pid);
  const tag = `photos-${randomBytes(4).toString("hex")}`;
  const sends = settings.quick ? 300 : 2000;

  // Part 1: text-only sends of the multipart form.
  const textRuns = [];
  for (const concurrency of [9, 12, 50]) {
    const t0 = Date.now();
    const result = await textOnlySends(origin, sends, concurrency, tag);
    textRuns.push({ concurrency, ms: Date.now() - t0, ...result });
  }
  const storedAfterText = (await storeState(env.database)).leads.length;

  // Part 2: eight uploads of six 9 MB photos at once, a page fetched one after another meanwhile.
  const photo = await phonePhoto();
  const photoMb = photo.length / MB;
  const before = memoryOf(pid);
  let peak = before.rss;
  const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(pid).rss)), 50);
  let uploading = true;
  const pageMs: number[] = [];
  let pageFailures = 0;
  const pages = (async () => {
    while (uploading) {
      const t0 = performance.now();
      const res = await fetch(`${origin}${CITY_PAGE}`, { signal: AbortSignal.timeout(60_000) }).catch(() => null);
      await res?.arrayBuffer().catch(() => undefined);
      if (res?.ok) pageMs.push(performance.now() - t0);
      else pageFailures++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const t0 = Date.now();
  const uploads = await Promise.all(
    Array.from({ length: UPLOADS }, async (_, u) => {
      const form = new FormData();
      for (const [name, value] of fields(`${tag}-upload-${u}@example.com`)) form.append(name, value);
      for (let i = 0; i < PHOTOS_EACH; i++)
        form.append("photos", new File([photo], `IMG_${u}${i}.jpg`, { type: "image/jpeg" }));
      const res = await fetch(`${origin}/estimate`, {
        method: "POST",
        redirect: "manual",
        headers: { origin },
        body: form,
        signal: AbortSignal.timeout(300_000),
      }).catch(() => null);
      await res?.arrayBuffer().catch(() => undefined);
      return { status: res?.status ?? 0, ms: Date.now() - t0 };
    }),
  );
  const uploadMs = Date.now() - t0;
  uploading = false;
  await pages;
  clearInterval(sampler);
  const after = memoryOf(pid);
  peak = Math.max(peak, after.rss);

  const kept = await env.database.db
    .selectFrom("lead_photos")
    .innerJoin("leads", "leads.id", "lead_photos.lead_id")
    .where("leads.email", "like", `${tag}-upload-%`)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  // A request's folder is removed once its connection has closed, just after its answer: up to 5 s for that.
  const spoolDir = path.join(env.dataDir, "uploads");
  const inSpool = () => (existsSync(spoolDir) ? readdirSync(spoolDir).length : 0);
  for (const deadline = Date.now() + 5_000; inSpool() > 0 && Date.now() < deadline;)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const leftInSpool = inSpool();
  await env.server.stop();

  const pageP99 = percentile(pageMs, 99);
  const uploaded = uploads.filter((u) => u.status === 303).length;
  return {
    title: "6. Photo forms: text-only sends and eight photo uploads at once",
    body: [
      `The estimate form is multipart (it has a photo field). First ${sends} text-only sends of it (no JavaScript, the photo input left empty, as a browser sends it) at 9, 12 and 50 at once: a body takes one of the 8 photo slots only when its first file with content begins, so none of these waits on one. LEAD_RATE_LIMIT=0.`,
      table(
        ["at once", "answers", "status codes", "confirmations (303)", "run"],
        textRuns.map((r) => [r.concurrency, sends, `\`${JSON.stringify(r.statuses)}\``, r.confirmed, seconds(r.ms)]),
      ),
      `Then ${UPLOADS} uploads at once, each of ${PHOTOS_EACH} JPEGs of ${round(photoMb, 1)} MB (8000 × 6000 px, a 48-megapixel phone camera's; ${round((photoMb * PHOTOS_EACH * UPLOADS) / 1, 0)} MB in all), while ${CITY_PAGE} is fetched one after another. The photos are written to disk as they arrive (DATA_DIR/uploads) and decoded one at a time in the whole server, each on one libvips thread. The server runs with ${
        Object.entries(deployed)
          .map(([key, value]) => `\`${key}=${value}\``)
          .join(" and ") || "no memory settings"
      }, as deploy/gemstate.service sets them. Memory is the server process's resident set (VmRSS every 50 ms; VmHWM, the kernel's high-water mark, over the server's whole life).`,
      table(
        ["measure", "value"],
        [
          ["uploads answered 303 (stored)", `${uploaded} of ${UPLOADS}`],
          ["photos stored", `${kept.n} of ${UPLOADS * PHOTOS_EACH}`],
          ["all uploads answered after", seconds(uploadMs)],
          ["server RSS once started, before any form", `${round(started.rss)} MB`],
          [`server RSS after the ${sends * 3} text-only sends, before the uploads`, `${round(before.rss)} MB`],
          ["server RSS at its peak during them (sampled)", `${round(peak)} MB`],
          ["server VmHWM after them (whole life)", `${round(after.hwm)} MB`],
          [
            `${CITY_PAGE} meanwhile: pages, p50 / p99 / max`,
            `${pageMs.length}: ${round(percentile(pageMs, 50))} / ${round(pageP99)} / ${round(Math.max(...pageMs))} ms`,
          ],
          [
            "files left in DATA_DIR/uploads once the answers were sent (up to 5 s for their connections to close)",
            leftInSpool,
          ],
        ],
      ),
      logTable(env.server.logFile),
    ],
    checks: [
      ...textRuns.map((r) =>
        check(
          `text-only multipart at ${r.concurrency} at once: every send confirmed, none turned away`,
          r.confirmed === sends,
          `${JSON.stringify(r.statuses)}`,
        ),
      ),
      check(
        "every confirmed text-only send stored",
        storedAfterText === textRuns.reduce((sum, r) => sum + r.confirmed, 0),
        `${storedAfterText} stored`,
      ),
      check(
        `${UPLOADS} uploads of ${PHOTOS_EACH} photos at once: every one stored with its photos`,
        uploaded === UPLOADS && Number(kept.n) === UPLOADS * PHOTOS_EACH,
        `${uploaded} stored, ${kept.n} photos; statuses ${uploads.map((u) => u.status).join(", ")}`,
      ),
      check(
        `the server's memory under ${PHOTO_GOALS.rssMb} MB throughout`,
        Math.max(peak, after.hwm) < PHOTO_GOALS.rssMb,
        `peak ${round(peak)} MB sampled, high-water mark ${round(after.hwm)} MB`,
      ),
      check(
        `a page meanwhile: p99 ≤ ${PHOTO_GOALS.pageP99Ms} ms`,
        pageMs.length > 0 && pageFailures === 0 && pageP99 <= PHOTO_GOALS.pageP99Ms,
        `p99 ${round(pageP99)} ms over ${pageMs.length} pages; ${pageFailures} not answered 200`,
      ),
      check("nothing left in the spool once answered", leftInSpool === 0, `${leftInSpool} entries`),
    ],
  };
}
