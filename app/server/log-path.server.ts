/**
 * The path as the request log shows it. The query string is never logged (it may carry personal data or a
 * newsletter link's token). A path whose segment is a secret is logged as its route pattern: the receipt
 * link after a form sent without JavaScript (/request-received/<signed token>) would let anyone who reads
 * the logs open that visitor's confirmation page, and the owner's calendar feed (/calendar/<token>.ics) their
 * booked jobs. The path is matched as routing sees it (decoded, any
 * letter case), so no spelling of it slips through.
 */
import { DATA_SUFFIX, isDataPath } from "../lib/framework-output.ts";

const SECRET_SEGMENTS: readonly { prefix: string; pattern: string }[] = [
  { prefix: "/request-received/", pattern: "/request-received/:ref" },
  { prefix: "/calendar/", pattern: "/calendar/:file" },
];

export function loggedPath(url: string): string {
  const path = url.split("?")[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    decoded = path;
  }
  const lower = decoded.toLowerCase();
  for (const { prefix, pattern } of SECRET_SEGMENTS)
    if (lower.startsWith(prefix)) return isDataPath(lower) ? `${pattern}${DATA_SUFFIX}` : pattern;
  return path;
}
