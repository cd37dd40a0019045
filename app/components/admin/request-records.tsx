import { Rows, Section, StageHistory, type HistoryItem } from "../request-job.tsx";

/** The records of a request, after the job: what moved its stage, the consent proof, where it came from, delivery. */
export function RequestRecords({
  r,
}: {
  r: {
    history: HistoryItem[];
    consent: [string, string][];
    attribution: [string, string][];
    delivery: string;
    jobs: { kind: string; status: string; attempts: number; detail: string; lastError: string | null }[];
  };
}) {
  return (
    <>
      <Section id="history-heading" title="History">
        <StageHistory items={r.history} />
      </Section>
      <Section id="consent-heading" title="Consent proof">
        <Rows rows={r.consent} />
      </Section>
      <Section id="attribution-heading" title="Where it came from">
        <Rows rows={r.attribution} />
      </Section>
      <Section id="delivery-heading" title="Delivery">
        <p className="mb-3">Overall: {r.delivery === "notified" ? "delivered" : "not yet delivered"}.</p>
        <Rows
          rows={r.jobs.map((j) => [
            j.kind,
            `${j.status}, ${j.attempts} attempt${j.attempts === 1 ? "" : "s"}, ${j.detail}${j.lastError ? ` (last error ${j.lastError})` : ""}`,
          ])}
        />
      </Section>
    </>
  );
}
