import { Check, Copy } from "lucide-react";
import { useState } from "react";

/** Writes the address and the map link to the clipboard (spec §2.12); a failure is ignored. */
export function CopyAddress({ address, mapsUrl }: { address: string; mapsUrl: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="btn-secondary"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(`${address}\n${mapsUrl}`);
          setCopied(true);
          setTimeout(() => setCopied(false), 2500);
        } catch {
          // Clipboard refused (permissions, insecure context): nothing to tell the visitor.
        }
      }}
    >
      {copied ? <Check className="size-5" aria-hidden="true" /> : <Copy className="size-5" aria-hidden="true" />}
      <span aria-live="polite">{copied ? "Copied" : "Copy address"}</span>
    </button>
  );
}
