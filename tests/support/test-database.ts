/** Test support for Vitest suites: a fresh storage of the given backend for each test, closed and removed after it. */
import { afterEach, beforeEach } from "vitest";
import type { Database, Dialect } from "../../app/server/kit/db/database.server.ts";
import { createTestStorage, type TestStorage } from "./storage.ts";

export function freshDatabaseEach(dialect: Dialect): { readonly database: Database; readonly storage: TestStorage } {
  const current = {} as { database: Database; storage: TestStorage };
  beforeEach(async () => {
    current.storage = await createTestStorage(dialect);
    current.database = await current.storage.open();
  });
  afterEach(() => current.storage.cleanup());
  return current;
}
