/**
 * A first-effect script (app/lib/first-effects/) written into the page: its bundle, then a call of its
 * `install` with the page's data (JSON). Only the server writes it, before the app: the browser has run it
 * long before hydration, and the client bundle does not carry it. Prerendered pages allow it by its hash
 * (scripts/csp-hashes.ts), server-rendered ones by the request's nonce.
 */
import { FIRST_EFFECT_GLOBAL } from "../lib/first-effects/global.ts";
import { useNonce } from "../lib/nonce.ts";

export function InlineScript({ source, data }: { source: string; data?: unknown }) {
  const nonce = useNonce();
  const html = source
    ? `(function(){${source}\n${FIRST_EFFECT_GLOBAL}.install(${JSON.stringify(data ?? null).replace(/</g, "\\u003c")})})()`
    : "";
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />;
}
