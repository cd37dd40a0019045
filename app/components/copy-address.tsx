import { Check, Copy } from "lucide-react";

/**
 * Writes the address and the map link to the clipboard; a failure is ignored. The click is
 * handled by the page's early script (app/lib/early-script.ts), so a tap is honoured from the first paint,
 * before the app has hydrated; it marks the button `data-copied` for a moment, which shows "Copied".
 */
export function CopyAddress({ address, mapsUrl }: { address: string; mapsUrl: string }) {
  return (
    <button type="button" className="group btn-secondary" data-copy={`${address}\n${mapsUrl}`}>
      <Copy className="size-5 group-data-copied:hidden" aria-hidden="true" />
      <Check className="hidden size-5 group-data-copied:block" aria-hidden="true" />
      <span aria-live="polite">
        <span className="group-data-copied:hidden">Copy address</span>
        <span className="hidden group-data-copied:inline">Copied</span>
      </span>
    </button>
  );
}
