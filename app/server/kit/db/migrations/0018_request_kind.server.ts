import type { Kysely } from "kysely";
import { requestKind } from "../../lead-kinds.server.ts";

// The kind a stored request is (docs/decisions/040-request-kind-and-consent.md): contact-form requests that
// name services and a property become estimate requests, by the rule the forms' actions apply since
// (requestKind), so the inbox's filter and the report count past weeks as they count new requests. Only the
// kind changes: the page it was sent from stays in the request, and no notification is sent again.
export async function up(db: Kysely<unknown>): Promise<void> {
  const leads = db as unknown as Kysely<{ leads: { id: string; kind: string; fields: string } }>;
  const contacts = await leads.selectFrom("leads").select(["id", "fields"]).where("kind", "=", "contact").execute();
  const estimates = contacts.filter((row) => requestKind("contact", JSON.parse(row.fields)) === "estimate");
  for (let i = 0; i < estimates.length; i += 500)
    await leads
      .updateTable("leads")
      .set({ kind: "estimate" })
      .where(
        "id",
        "in",
        estimates.slice(i, i + 500).map((row) => row.id),
      )
      .execute();
}
