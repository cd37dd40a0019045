/**
 * Scenario "owner": the owner's pages at the size of years. 20,000 requests (three years of them, a tenth in the
 * report's last 12 weeks) are written straight into a fresh SQLite file (a fast seed, not the forms: their cost is
 * measured by "submit"), with their money (deposits, refunds, invoices and their payments: seedMoney), then the real
 * server answers the owner's inbox, a search, the report, the requests' two exports and the three books files:
 * each timed three times after one warm-up (the median is reported), the exports' peak memory read from the
 * server's own high-water mark (/proc/PID/status VmHWM, reset before each download through clear_refs).
 */
import { randomUUID } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { addOwner } from "../../app/server/features/admin/auth.server.ts";
import { onCleanup, tempDir } from "./cleanup.ts";
import { startServer, type Settings } from "./environment.ts";
import { check, round, table, type Section } from "./report.ts";
import { openStore } from "./store.ts";

export const OWNER = "owner-bench@example.com";
export const PASSWORD = "Treasure Valley 2030!";
const CITIES = ["Boise", "Meridian", "Nampa", "Eagle", "Kuna", "Star", "Caldwell", "Garden City"];
const CAMPAIGNS = ["spring", "fall", "gutters", null, null];
const STAGES = ["new", "new", "contacted", "quoted", "accepted", "scheduled", "completed", "lost"] as const;
const KINDS = ["estimate", "estimate", "estimate", "contact", "newsletter", "application"] as const;
const DAY = 86_400_000;

/** `count` requests spread over three years, newest now; a tenth of them in the last 12 weeks. */
export async function seed(dataDir: string, count: number, now: number, databaseUrl?: string) {
  const database = await openStore(dataDir, databaseUrl);
  const batch = 400;
  for (let start = 0; start < count; start += batch) {
    const rows = Array.from({ length: Math.min(batch, count - start) }, (_, j) => {
      const i = start + j;
      const recent = i % 10 === 0;
      const created = now - (recent ? (i % 84) * DAY : ((i * 7919) % (3 * 365)) * DAY) - (i % 1440) * 60_000;
      const city = CITIES[i % CITIES.length]!;
      const first = `Pat${i}`;
      const last = `Homeowner${i % 997}`;
      const email = `pat.${i}@example.com`;
      const phone = `+1208555${String(i % 10_000).padStart(4, "0")}`;
      const campaign = CAMPAIGNS[i % CAMPAIGNS.length]!;
      const fields = {
        firstName: first,
        lastName: last,
        email,
        phone,
        zipcode: "83702",
        city,
        serviceType: "residential",
        servicesNeeded: ["House washing", "Gutter cleaning"],
        message: "Two-story house with a deck. Please call after 5.",
        ...(i % 3 === 0 ? { priceLow: "400", priceHigh: "650" } : {}),
      };
      return {
        id: randomUUID(),
        kind: KINDS[i % KINDS.length]!,
        fields: JSON.stringify(fields),
        name: `${first} ${last}`,
        email,
        phone,
        zip: "83702",
        in_service_area: 1,
        page: "/estimate",
        ip: "203.0.113.7",
        user_agent: "Mozilla/5.0 (bench)",
        consent_version: null,
        consent_text: null,
        consent_at: null,
        attribution: JSON.stringify({
          landingPage: `/services/house-washing${campaign ? `?utm_campaign=${campaign}` : ""}`,
          referrer: "https://www.google.com/",
          utm: campaign ? { utm_source: "google", utm_campaign: campaign } : {},
          gclid: null,
        }),
        idempotency_key: randomUUID(),
        created_at: new Date(created).toISOString(),
        delivery_status: "notified" as const,
        stage: STAGES[i % STAGES.length]!,
        first_contact_at: i % 8 >= 2 ? new Date(created + 3_600_000).toISOString() : null,
      };
    });
    await database.db.insertInto("leads").values(rows).execute();
    await seedMoney(database, rows);
  }
  await addOwner(database, OWNER, PASSWORD);
  await database.close();
}

let invoiceSeq = 0;
/**
 * The money of a batch of seeded requests, as the payment features leave it: a paid deposit on every request
 * accepted or later (one in 50 refunded), and a sent invoice on every completed job, paid by card (one in four
 * with a tip) or by check, received by hand on the day after.
 */
async function seedMoney(
  database: Awaited<ReturnType<typeof openStore>>,
  leads: { id: string; stage: string; created_at: string }[],
) {
  const at = (lead: { created_at: string }, days: number) =>
    new Date(Date.parse(lead.created_at) + days * DAY).toISOString();
  const paying = leads.filter((lead) => ["accepted", "scheduled", "completed"].includes(lead.stage));
  if (paying.length === 0) return;
  const deposits = paying.map((lead, j) => ({
    checkout_session_id: `cs_${lead.id}`,
    lead_id: lead.id,
    quote_ref: `Q-${lead.id.slice(0, 8)}`,
    quote_version: 1,
    attempt: 1,
    amount_cents: 5_000 + (j % 7) * 1_000,
    currency: "usd",
    status: "paid" as const,
    checkout_url: "https://checkout.stripe.com/c/pay/bench",
    expires_at: at(lead, 3),
    created_at: at(lead, 2),
    updated_at: at(lead, 2),
    paid_at: at(lead, 2),
    payment_intent_id: `pi_${lead.id}`,
  }));
  await database.db.insertInto("payments").values(deposits).execute();
  const refunded = deposits.filter((_, j) => j % 50 === 0);
  if (refunded.length)
    await database.db
      .insertInto("refunds")
      .values(
        refunded.map((d) => ({
          id: `re_${d.lead_id}`,
          payment_intent_id: d.payment_intent_id,
          checkout_session_id: d.checkout_session_id,
          invoice_payment_id: null,
          lead_id: d.lead_id,
          amount_cents: d.amount_cents,
          currency: "usd",
          status: "succeeded" as const,
          created_at: at({ created_at: d.paid_at }, 1),
          updated_at: at({ created_at: d.paid_at }, 1),
        })),
      )
      .execute();
  const done = paying.filter((lead) => lead.stage === "completed");
  if (done.length === 0) return;
  const invoices = done.map((lead, j) => {
    const sent = at(lead, 10);
    const seq = ++invoiceSeq;
    const year = Number(sent.slice(0, 4));
    return {
      id: randomUUID(),
      lead_id: lead.id,
      number: `${year}-${String(seq).padStart(5, "0")}`,
      year,
      seq,
      status: "sent" as const,
      content: "{}",
      total_cents: 45_000 + (j % 9) * 2_500,
      quote_id: null,
      due_date: sent.slice(0, 10),
      created_at: sent,
      updated_at: sent,
      sent_at: sent,
      reminders_paused_at: null,
    };
  });
  await database.db.insertInto("invoices").values(invoices).execute();
  await database.db
    .insertInto("invoice_payments")
    .values(
      invoices.map((invoice, j) => {
        const card = j % 3 !== 0;
        const paid = at({ created_at: invoice.sent_at }, 4);
        return {
          id: randomUUID(),
          invoice_id: invoice.id,
          lead_id: invoice.lead_id,
          method: card ? ("card" as const) : ("check" as const),
          status: "paid" as const,
          amount_cents: invoice.total_cents - deposits.find((d) => d.lead_id === invoice.lead_id)!.amount_cents,
          tip_cents: j % 4 === 0 ? 2_000 : 0,
          checkout_session_id: card ? `cs_inv_${invoice.id}` : null,
          invoice_version: card ? 1 : null,
          attempt: card ? 1 : null,
          checkout_url: null,
          expires_at: null,
          payment_intent_id: card ? `pi_inv_${invoice.id}` : null,
          reference: card ? null : `Check ${1000 + j}`,
          received_on: card ? null : paid.slice(0, 10),
          idempotency_key: null,
          created_at: paid,
          updated_at: paid,
          paid_at: paid,
        };
      }),
    )
    .execute();
}

/** The server process's peak resident memory since the last reset (MB), and the reset. */
const peakMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmHWM:"));
  return line ? Number(line.replace(/\D/g, "")) / 1024 : NaN;
};
const residentMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return line ? Number(line.replace(/\D/g, "")) / 1024 : NaN;
};
const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, "5");

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function ownerPages(settings: Settings): Promise<Section> {
  const count = settings.quick ? 2_000 : 20_000;
  const dir = tempDir("owner");
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  const dataDir = path.join(dir, "data");
  const seedStart = Date.now();
  await seed(dataDir, count, Date.now());
  const seedMs = Date.now() - seedStart;
  const server = await startServer({ port: settings.port, dataDir, smtpPort: settings.port + 1 });
  const pid = server.proc.pid!;

  const signIn = await fetch(`${server.origin}/admin/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.origin },
    body: new URLSearchParams({ email: OWNER, password: PASSWORD }).toString(),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie)
    throw new Error(
      `sign-in answered ${signIn.status} without a session cookie: ${(await signIn.text()).slice(0, 300)}`,
    );

  const pages = [
    { name: "inbox", path: "/admin", target: 100 },
    { name: "inbox, next page", path: "", target: 100 },
    { name: "search (a phone number typed as digits)", path: "/admin?q=2085550101", target: 100 },
    { name: "search (a name)", path: "/admin?q=homeowner42", target: 100 },
    { name: "report", path: "/admin/report", target: 300 },
    { name: "CSV export (all requests)", path: "/admin/requests.csv", target: 1000, memory: true },
    { name: ".xlsx export (all requests)", path: "/admin/requests.xlsx", target: 1000, memory: true },
    { name: "payments CSV (every payment and refund)", path: "/admin/payments.csv", target: 1000, memory: true },
    { name: "payments .xlsx", path: "/admin/payments.xlsx", target: 1000, memory: true },
    { name: "invoices .xlsx (every invoice)", path: "/admin/invoices.xlsx", target: 1000, memory: true },
  ];
  const rows: (string | number)[][] = [];
  const checks = [];
  let firstPage = "";
  for (const page of pages) {
    // The second inbox page: the "Older requests" link of the first.
    const address =
      page.path || (/href="(\/admin\?[^"]*before=[^"]*)"/.exec(firstPage)?.[1] ?? "/admin").replaceAll("&amp;", "&");
    const times: number[] = [];
    const peaks: number[] = [];
    let bytes = 0;
    let status = 0;
    for (let run = 0; run < 4; run++) {
      const before = residentMb(pid);
      if (page.memory) resetPeak(pid);
      const t = performance.now();
      const response = await fetch(`${server.origin}${address}`, { headers: { Cookie: cookie } });
      const body = Buffer.from(await response.arrayBuffer());
      const ms = performance.now() - t;
      status = response.status;
      bytes = body.length;
      if (page.path === "/admin") firstPage = body.toString("utf8");
      if (run === 0) continue;
      times.push(ms);
      if (page.memory) peaks.push(peakMb(pid) - before);
    }
    const ms = median(times);
    rows.push([
      page.name,
      `\`${address}\``,
      status,
      `${round(bytes / 1024)} KB`,
      `${round(ms)} ms`,
      `${page.target} ms`,
      page.memory ? `+${round(Math.max(...peaks))} MB (peak ${round(peakMb(pid))} MB)` : "",
    ]);
    checks.push(
      check(
        `${page.name}: 200 within ${page.target} ms (median of 3)`,
        status === 200 && ms <= page.target,
        `${status}, ${round(ms)} ms`,
      ),
    );
  }
  const inboxKb = Number(String(rows[0]![3]).replace(/\D/g, ""));
  checks.push(check("an inbox page is within 100 KB of HTML", inboxKb <= 100, `${inboxKb} KB`));
  await server.kill9();
  return {
    title: `7. Owner's pages with ${count.toLocaleString("en-US")} requests stored`,
    body: [
      `${count.toLocaleString("en-US")} requests written straight into a fresh SQLite file in ${round(seedMs / 1000, 1)} s (three years of them, a tenth in the report's last 12 weeks; the owner signed in). Each address fetched once to warm up, then 3 times: the median. Memory: the server's resident high-water mark during the download over what it held before (VmHWM after a reset through /proc/PID/clear_refs). The machine is shared (${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => round(l, 1))
        .join(", ")} at the end): the times are this moment's.`,
      table(["page", "address", "status", "size", "median", "target", "export's extra memory"], rows),
    ],
    checks,
  };
}
