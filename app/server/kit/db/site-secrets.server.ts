/**
 * Keys the site keeps in its database when no setting gives one (table site_secrets): created at random by
 * the first instance that asks, then shared by every instance and kept across restarts. LINK_SECRET's
 * default (the newsletter's links) and HASH_SECRET's (the keyed hashes below) are such keys.
 */
import { createHmac, randomBytes } from "node:crypto";
import type { Database } from "./database.server.ts";

type Name = "links" | "hashes" | "calendar-feed";
const cache = new WeakMap<Database, Map<Name, Promise<string>>>();

/**
 * The stored value `name`, made with `make` by the first instance that asks; read from the database every time
 * (for a value that can be replaced, like the calendar feed's token; storedSecret caches the keys that never change).
 */
export async function readStoredSecret(
  database: Database,
  name: Name,
  make: () => string = () => randomBytes(32).toString("hex"),
): Promise<string> {
  await database.db
    .insertInto("site_secrets")
    .values({ name, value: make() })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await database.db
    .selectFrom("site_secrets")
    .select("value")
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return row.value;
}

/** The stored key `name`, created by the first instance that asks (a database outage is not remembered). */
export function storedSecret(database: Database, name: Exclude<Name, "calendar-feed">): Promise<string> {
  let keys = cache.get(database);
  if (!keys) cache.set(database, (keys = new Map()));
  let key = keys.get(name);
  if (!key) {
    key = readStoredSecret(database, name);
    key.catch(() => keys.delete(name));
    keys.set(name, key);
  }
  return key;
}

/** What a keyed hash is for; each purpose's hashes differ from every other's for the same value. */
export type HashPurpose = "rate-limit" | "sign-in" | "fingerprint" | "reply-to" | "review" | "quote";

/**
 * The form in which an IP address, an e-mail address or a request's content is stored as a lookup key:
 * HMAC-SHA256 with HASH_SECRET (else the stored key "hashes"). Without the key, a leaked database does not
 * give the addresses back (all IPv4 addresses can be hashed in minutes; a plain hash of them is no secret).
 */
export async function keyedHash(database: Database, purpose: HashPurpose, value: string): Promise<string> {
  const secret = database.hashSecret ?? (await storedSecret(database, "hashes"));
  return createHmac("sha256", secret).update(`${purpose}:${value}`).digest("hex");
}
