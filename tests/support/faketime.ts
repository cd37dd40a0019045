/**
 * A server process whose clock starts at a chosen instant (Debian's faketime library, preloaded), for the tests
 * of what happens days or a year later: the booking reminder, the seasonal reminders.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const LIBFAKETIME = [
  "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
  "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1",
].find((file) => existsSync(file));

/** Whether faketime is installed and works here. */
export const hasFaketime =
  LIBFAKETIME !== undefined && spawnSync("faketime", ["-f", "@2030-01-01 00:00:00", "true"]).status === 0;

export const NO_FAKETIME = "faketime is not installed (Debian: apt-get install faketime; npm test installs it)";

/** The environment of a server whose clock starts at `at` and runs on from there. */
export const fakeClock = (at: Date): Record<string, string> => ({
  LD_PRELOAD: LIBFAKETIME!,
  FAKETIME: `@${at.toISOString().slice(0, 19).replace("T", " ")}`,
  FAKETIME_DONT_FAKE_MONOTONIC: "1",
});
