/** Reading what the site stored, straight from the database the test server writes to. */
import { openDatabase, type Database } from "../../app/server/db/database.server.ts";
import { getLead, listLeads, type ListedLead } from "../../app/server/leads/store.server.ts";

let database: Promise<Database> | undefined;
const db = () => (database ??= openDatabase({ DATA_DIR: process.env.E2E_DATA_DIR!, DATABASE_URL: undefined }));

export async function leadsFor(email: string): Promise<ListedLead[]> {
  const rows = await listLeads(await db(), {});
  return rows.filter((r) => r.contact.email.toLowerCase() === email.toLowerCase());
}

export async function leadDetail(id: string) {
  return getLead(await db(), id);
}

export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
