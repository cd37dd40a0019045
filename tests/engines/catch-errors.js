/* global window, console, addEventListener, ErrorEvent, Element, document */
// Runs before the page's own scripts in the cross-engine suite (tests/engines/run.ts): it keeps every error
// the page meets (console.error, an uncaught error or rejection, a resource that fails to load, a
// Content-Security-Policy violation) in window.__engineErrors for the suite to read.
(() => {
  const errors = [];
  Object.defineProperty(window, "__engineErrors", { value: errors });
  const original = console.error;
  console.error = function (...args) {
    errors.push(`console.error: ${args.map(String).join(" ")}`);
    return original.apply(this, args);
  };
  addEventListener(
    "error",
    (event) => {
      const target = event.target;
      if (event instanceof ErrorEvent) errors.push(`error: ${event.message}`);
      else if (target instanceof Element)
        errors.push(`failed to load: ${target.getAttribute("src") ?? target.getAttribute("href") ?? target.tagName}`);
    },
    true,
  );
  addEventListener("unhandledrejection", (event) => errors.push(`unhandled rejection: ${event.reason}`));
  document.addEventListener("securitypolicyviolation", (event) =>
    errors.push(`CSP: ${event.violatedDirective} ${event.blockedURI}`),
  );
})();
