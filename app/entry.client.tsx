/**
 * Starts React on a page the visitor can already use (docs/decisions/006-native-controls.md), in steps of
 * one main-thread task each, so that a tap made meanwhile is handled between them: React DOM is set up,
 * then React Router, then hydration runs as a transition (React yields to the browser as it goes).
 * All at once, the set-up alone was a ~70–90 ms task on a throttled phone.
 */
import { startTransition, StrictMode } from "react";

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  const { hydrateRoot } = await import("react-dom/client");
  await nextTask();
  const { HydratedRouter } = await import("react-router/dom");
  await nextTask();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

void start();
