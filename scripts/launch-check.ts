/**
 * Before going live: lists every placeholder still in the content and the settings (the rules are in
 * app/server/launch-check.server.ts). Run it with the production settings in the environment:
 *   npm run launch-check      exit 0 when none is left, 1 while any is
 */
import { formatPlaceholders, launchPlaceholders } from "../app/server/launch-check.server.ts";

const found = launchPlaceholders(process.env);
if (found.length === 0) {
  console.log("Launch check: no placeholders left.");
} else {
  console.log(
    `Launch check: ${found.length} placeholder${found.length === 1 ? "" : "s"} left. Replace each before going live:\n${formatPlaceholders(found)}`,
  );
  process.exitCode = 1;
}
