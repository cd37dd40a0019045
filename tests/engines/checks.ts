/**
 * What the cross-engine suite checks in each engine (tests/engines/run.ts): what a visitor sees and what the
 * owner receives, with bounded waits for conditions (no fixed sleeps). Each check gets a tab already open on
 * the site and a fresh page of its own.
 */
import { priceBook } from "../../app/content/price-book.ts";
import { emailMessages } from "../../app/forms/field-rules.ts";
import { getQuote, saveDraft, sendDraft } from "../../app/server/features/quotes/quotes.server.ts";
import { localDateString } from "../../app/server/kit/business-time.server.ts";
import { openDatabase } from "../../app/server/kit/db/database.server.ts";
import { accountPath, linkSecret, QUOTE_PATH, quoteToken } from "../../app/server/kit/signed-links.server.ts";
import { expectedQuote } from "../support/price-rule.ts";
import { CONFIRMATION, storedLeads, waitFor } from "../support/processes.ts";
import type { Tab } from "./driver.ts";

export interface Site {
  origin: string;
  dataDir: string;
}

export interface Check {
  name: string;
  /** The viewport widths it runs at (the controls it needs exist there). */
  widths: number[];
  /** Whether it runs in the older-Safari profile too. */
  olderSafari: boolean;
  /**
   * It requests the first arrival window /book offers: the engines, which run at the same time (run.ts), take
   * turns at it, or both could choose a window with one place left and one would find it just taken.
   */
  takesWindow?: true;
  run(tab: Tab, site: Site, width: number): Promise<void>;
}

const PHONE = 390;
const DESKTOP = 1440;
const HEIGHT = { [PHONE]: 844, [DESKTOP]: 900 } as Record<number, number>;
export const heightFor = (width: number) => HEIGHT[width] ?? 900;

/** Waits until the page says `body` is true (a function body run in the page). */
async function until(tab: Tab, what: string, body: string, args: unknown[] = [], timeoutMs = 10_000) {
  try {
    await waitFor(what, async () => Boolean(await tab.run(body, args)), timeoutMs, 50);
  } catch (err) {
    // What the page showed when the wait ended, to find which of page and test is wrong.
    const shown = await tab
      .run<string>(
        `return location.pathname + " · focus: " + (document.activeElement?.id || document.activeElement?.tagName) +
           " · " + (document.querySelector("main")?.innerText ?? "").replace(/\\s+/g, " ").slice(0, 400)`,
      )
      .catch((cause: Error) => `(the page did not answer: ${cause.message})`);
    throw new Error(`${(err as Error).message}\n      the page: ${shown}`, { cause: err });
  }
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

const isOpen = (selector: string) =>
  `return !!document.querySelector(${JSON.stringify(selector)})?.matches(":popover-open")`;
const isClosed = (selector: string) =>
  `return !document.querySelector(${JSON.stringify(selector)})?.matches(":popover-open")`;
// A document still arriving after a navigation has no body yet.
const bodyHas = (text: string) => `return !!document.body?.innerText.includes(${JSON.stringify(text)})`;

/** Marks the first shown element matching `selector` (and holding `text`) as data-engine-send, for a click. */
async function markVisible(tab: Tab, selector: string, text = "") {
  const found = await tab.run<boolean>(
    `const button = [...document.querySelectorAll(arguments[0])].find(
       (b) => b.getClientRects().length > 0 && b.textContent.includes(arguments[1]));
     document.querySelector("[data-engine-send]")?.removeAttribute("data-engine-send");
     button?.setAttribute("data-engine-send", "");
     return !!button;`,
    [selector, text],
  );
  assert(found, `no button ${selector} ${text} is shown`);
}

/**
 * Ticks a box with a click, as a visitor taps it. If the click never reached the box (the driver aimed at where it
 * was a moment before: it has happened in Firefox while the page hydrated), it is made again, as a visitor taps
 * again, and said in the output. A click that reached the box and left it unticked, or a box that was replaced,
 * is the page's fault: it fails with what the page looks like.
 */
async function tick(tab: Tab, selector: string) {
  await tab.run(
    `const box = document.querySelector(arguments[0]);
     box.dataset.engineClicked = "before";
     document.addEventListener("click", (event) => {
       if (event.target === box) box.dataset.engineClicked = "reached";
     }, true);`,
    [selector],
  );
  const ticked = `return document.querySelector(arguments[0]).checked`;
  const state = async () =>
    JSON.parse(await tab.run<string>(TICK_STATE, [selector])) as { reached: boolean; sameElement: boolean };
  for (let attempt = 1; ; attempt++) {
    await tab.click(selector);
    try {
      await until(tab, `the click to tick ${selector}`, ticked, [selector], attempt === 1 ? 3_000 : 10_000);
      return;
    } catch (err) {
      const now = await state().catch(() => null);
      if (attempt === 1 && now && now.sameElement && !now.reached) {
        console.log(
          `    (${tab.engine} ${tab.profile}: the click on ${selector} did not reach it: ${JSON.stringify(now)}; again)`,
        );
        continue;
      }
      throw new Error(`${(err as Error).message}; ${JSON.stringify(now)}`, { cause: err });
    }
  }
}

/** What a box that did not stay ticked looks like now, for the failure's message. */
const TICK_STATE = `const box = document.querySelector(arguments[0]);
  const r = box.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return JSON.stringify({
    sameElement: box.dataset.engineClicked !== undefined,
    reached: box.dataset.engineClicked === "reached",
    checked: box.checked,
    hydrated: document.documentElement.dataset.hydrated ?? null,
    validation: box.form?.dataset.validation ?? null,
    at: hit === box ? "the box" : hit?.outerHTML.slice(0, 100) ?? null,
    box: [Math.round(r.x), Math.round(r.y)],
    scroll: [scrollX, scrollY],
  });`;

/** The values a visitor would give each field of a form, by the field's name. */
const FIELD_VALUES: Record<string, string> = {
  firstName: "Engine",
  lastName: "Check",
  phone: "2085550123",
  zipcode: "83702",
  city: "Boise",
  experience: "Two summers on a landscaping crew.",
  message: "Front walk and driveway.",
};

/**
 * Fills every required field of the form `formId` as a visitor does (typing, ticking, choosing), starting at
 * once after the page's load (so the app starts while the form is filled), sends it from the keyboard, and
 * checks the page confirms and the request is stored once. Sent with Enter in the e-mail field (the form's
 * implicit submission, a quick visitor's way) or on the focused send button. Returns the stored request.
 */
/** The street address /book asks for when the request gave none (a window is booked only with one). */
/**
 * Types the street address where /book asks for it. The page came by a post's redirect, and its list of windows
 * can be on screen while the rest of the form is still arriving: the form is read once the document is parsed.
 */
async function addressIfAsked(tab: Tab) {
  await until(tab, "the page to be parsed", `return document.readyState !== "loading"`);
  if (await tab.run<boolean>(`return document.getElementById("window-address") !== null`))
    await tab.type("#window-address", "1234 W Main St");
}

/**
 * The first tap started the app, and React Router asks the server about the page's links (route discovery,
 * /__manifest). A post that leaves the page while that request is out makes Firefox cut it off, and React Router
 * logs "Failed to fetch manifest patches": nothing the customer sees. React Router's "initial" route discovery
 * would end it, but the hydration seam (scripts/externalize-hydration.ts) does not take that output's shape yet.
 * So a send after such a tap waits for the answer; the forms' checks send while the app starts.
 */
async function untilDiscoveryAnswered(tab: Tab) {
  await until(
    tab,
    "the app started and its route discovery answered",
    `return document.documentElement.dataset.hydrated === "true" &&
       performance.getEntriesByType("resource").some((e) => new URL(e.name).pathname === "/__manifest")`,
    [],
    20_000,
  );
}

async function sendForm(
  tab: Tab,
  site: Site,
  formId: string,
  confirmation: string,
  sendWith: "enter-in-field" | "button" = "button",
) {
  const email = `${tab.engine}-${tab.profile}-${formId}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  type Step = { selector: string; action: "type" | "click" | "choose"; text?: string };
  const steps = await tab.run<Step[]>(
    `const form = document.getElementById(arguments[0]);
     const steps = []; const radios = new Set();
     for (const field of form.elements) {
       const name = field.getAttribute("name");
       if (!name || field.type === "hidden" || field.type === "file") continue;
       const inForm = "#" + form.id + " [name='" + name + "']";
       if (field.type === "radio") {
         const group = [...form.elements].filter((f) => f.name === name);
         if (!radios.has(name) && group.some((f) => f.required) && !group.some((f) => f.checked))
           steps.push({ selector: inForm + "[value='" + field.value + "']", action: "click" });
         radios.add(name);
       } else if (field.type === "checkbox") {
         if (field.required || name === "agreed") steps.push({ selector: "#" + field.id, action: "click" });
       } else if (field.tagName === "SELECT") {
         if (!field.value) steps.push({ selector: "#" + field.id, action: "choose" });
       } else if (field.required) {
         steps.push({ selector: "#" + field.id, action: "type", text: name });
       }
     }
     return steps;`,
    [formId],
  );
  for (const step of steps) {
    if (step.action === "click") await tick(tab, step.selector);
    else if (step.action === "choose")
      await tab.run(
        `const s = document.querySelector(arguments[0]); s.value = [...s.options].find((o) => o.value).value;
         s.dispatchEvent(new Event("input", { bubbles: true })); s.dispatchEvent(new Event("change", { bubbles: true }));`,
        [step.selector],
      );
    else await tab.type(step.selector, step.text === "email" ? email : (FIELD_VALUES[step.text!] ?? "Engine check"));
  }
  if (sendWith === "enter-in-field") {
    const field = `#${formId}-email`;
    await tab.click(field);
    await until(tab, `the tap to focus ${field}`, `return document.activeElement?.matches(arguments[0])`, [field]);
  } else {
    await markVisible(tab, `#${formId} button[type=submit], button[type=submit][form=${formId}]`);
    await tab.run(`document.querySelector("[data-engine-send]").focus()`);
  }
  await tab.press("Enter");
  const storedOf = async () => (await storedLeads(site.dataDir)).filter((lead) => JSON.stringify(lead).includes(email));
  try {
    await until(tab, `the confirmation "${confirmation}"`, bodyHas(confirmation), [], 20_000);
  } catch (err) {
    const page = await tab.run<string>(
      `const form = document.getElementById(arguments[0]);
       const fields = form ? [...form.elements].filter((f) => f.name && f.type !== "hidden")
         .map((f) => f.name + "=" + (f.type === "checkbox" || f.type === "radio" ? f.checked : f.value) + (f.getAttribute("aria-invalid") === "true" ? " (invalid)" : "")) : [];
       return location.pathname + location.search + ": " + fields.join(", ");`,
      [formId],
    );
    throw new Error(`${(err as Error).message}; stored ${(await storedOf()).length} times; ${page}`, { cause: err });
  }
  const stored = await storedOf();
  assert(stored.length === 1, `the request was stored ${stored.length} times, not once`);
  return stored[0]!;
}

/**
 * The owner's firm quote for request `leadId`, with two options, sent as the inbox's "Send to the customer" does
 * (saved, then sent: the version frozen, the e-mail queued), on the site's own database; returns the customer's
 * link (the one in that e-mail) and the version's id.
 */
async function sendQuote(site: Site, leadId: string): Promise<{ path: string; quoteId: string }> {
  const database = await openDatabase({ DATA_DIR: site.dataDir, DATABASE_URL: undefined });
  try {
    const validUntil = localDateString(new Date(Date.now() + 14 * 86_400_000));
    const line = (text: string, cents: number) => ({ text, cents });
    const saved = await saveDraft(database, leadId, {
      service: "House washing",
      city: "Boise",
      options: [
        { label: "Good", lines: [line("House washing, 2,000 sq ft", 30_000)], totalCents: 30_000 },
        {
          label: "Better",
          lines: [line("House washing, 2,000 sq ft", 30_000), line("Gutter cleaning", 12_000)],
          totalCents: 42_000,
        },
      ],
      note: "Soft wash on the north side.",
      validUntil,
      deposit: { kind: "none" },
      terms: priceBook.quotes.terms,
    });
    if (!("saved" in saved)) throw new Error(saved.refused);
    const sent = await sendDraft(database, saved.saved.id);
    if (!("sent" in sent)) throw new Error(sent.refused);
    const token = quoteToken(sent.sent.id, validUntil, await linkSecret(database, { LINK_SECRET: undefined }));
    return { path: `${QUOTE_PATH}?t=${token}`, quoteId: sent.sent.id };
  } finally {
    await database.close();
  }
}

export const checks: Check[] = [
  {
    name: "the phone menu opens by tap and by keyboard, and Escape closes it",
    widths: [PHONE],
    olderSafari: true,
    async run(tab, site) {
      await tab.open(`${site.origin}/`);
      const opener = "header button[aria-controls=site-menu]";
      await tab.click(opener);
      await until(tab, "the menu to open on a tap", isOpen("#site-menu"));
      await until(
        tab,
        "the menu to slide in",
        `return document.getElementById("site-menu").getAnimations().length === 0`,
      );
      await tab.click("#site-menu button[popovertargetaction=hide]");
      await until(tab, "the menu to close", isClosed("#site-menu"));
      await tab.run(`document.querySelector(arguments[0]).focus()`, [opener]);
      await tab.press("Enter");
      await until(tab, "the menu to open on Enter", isOpen("#site-menu"));
      await tab.press("Escape");
      await until(tab, "Escape to close the menu", isClosed("#site-menu"));
    },
  },
  {
    name: "each desktop dropdown opens under its own button, inside the window, by click and by keyboard",
    widths: [1024, DESKTOP],
    olderSafari: true,
    async run(tab, site) {
      await tab.open(`${site.origin}/`);
      for (const id of ["nav-services", "nav-locations"]) {
        await tab.click(`button[popovertarget=${id}]`);
        await until(tab, `#${id} to open`, isOpen(`#${id}`));
        const place = await tab.run<{ button: DOMRect; menu: DOMRect; width: number; others: number }>(
          `const b = document.querySelector("button[popovertarget=" + arguments[0] + "]").getBoundingClientRect();
           const m = document.getElementById(arguments[0]).getBoundingClientRect();
           return { button: b.toJSON(), menu: m.toJSON(), width: document.documentElement.clientWidth,
                    others: document.querySelectorAll(".nav-dropdown:popover-open").length };`,
          [id],
        );
        assert(place.others === 1, `${place.others} menus open at once`);
        assert(
          place.menu.top >= place.button.bottom - 1 && place.menu.top <= place.button.bottom + 24,
          `#${id} is not just under its button (button bottom ${place.button.bottom}, menu top ${place.menu.top})`,
        );
        assert(
          Math.abs(place.menu.left - place.button.left) < 40,
          `#${id} is not under its button (button left ${place.button.left}, menu left ${place.menu.left})`,
        );
        assert(
          place.menu.right <= place.width,
          `#${id} is cut off at the right (${place.menu.right} > ${place.width})`,
        );
      }
      await tab.press("Escape");
      await until(tab, "Escape to close the menu", `return !document.querySelector(".nav-dropdown:popover-open")`);
      await tab.run(`document.querySelector("button[popovertarget=nav-services]").focus()`);
      await tab.press("Enter");
      await until(tab, "Enter to open the Services menu", isOpen("#nav-services"));
      await tab.press("Tab");
      await until(tab, "Tab to go into the menu", `return document.activeElement?.closest("#nav-services") !== null`);
    },
  },
  {
    name: "the FAQ keeps one answer open, and #id opens that answer",
    widths: [PHONE, DESKTOP],
    olderSafari: false,
    async run(tab, site) {
      await tab.open(`${site.origin}/faq`);
      const ids = await tab.run<string[]>(
        `return [...document.querySelectorAll("[data-accordion] details")].map((d) => d.id)`,
      );
      assert(ids.length >= 3, "fewer than three questions");
      await tab.click(`#${ids[0]} summary`);
      await until(tab, "the first answer to open", `return document.getElementById(arguments[0]).open`, [ids[0]]);
      await tab.click(`#${ids[1]} summary`);
      await until(
        tab,
        "the second answer alone to be open",
        `const open = [...document.querySelectorAll("[data-accordion] details[open]")].map((d) => d.id);
         return open.length === 1 && open[0] === arguments[0];`,
        [ids[1]],
      );
      await tab.open(`${site.origin}/blog`);
      await tab.open(`${site.origin}/faq#${ids[2]}`);
      await until(tab, "#id to open its answer", `return document.getElementById(arguments[0]).open`, [ids[2]]);
    },
  },
  {
    name: "the holiday estimate dialog opens, closes, and sends its request (stored once, confirmed)",
    widths: [PHONE, DESKTOP],
    olderSafari: true,
    async run(tab, site) {
      await tab.open(`${site.origin}/services/holiday-light-installation`);
      const open = "button[commandfor=holiday-estimate][command=show-modal]";
      await tab.click(open);
      await until(tab, "the dialog to open", `return document.getElementById("holiday-estimate").matches(":modal")`);
      await tab.click("button[commandfor=holiday-estimate][command=close]");
      await until(tab, "the dialog to close", `return !document.getElementById("holiday-estimate").open`);
      await tab.click(open);
      await until(tab, "the dialog to open again", `return document.getElementById("holiday-estimate").open`);
      await sendForm(tab, site, "holiday-estimate-form", CONFIRMATION);
    },
  },
  {
    name: "the estimate form (the desktop sidebar), filled while the app starts and sent at once, is stored once and confirmed",
    widths: [DESKTOP],
    olderSafari: true,
    async run(tab, site) {
      await tab.open(`${site.origin}/`);
      await sendForm(tab, site, "sidebar-estimate-form", CONFIRMATION);
    },
  },
  {
    name: "the contact form, filled while the app starts and sent at once, is stored once and confirmed; /book then takes a window",
    widths: [PHONE, DESKTOP],
    olderSafari: false,
    takesWindow: true,
    async run(tab, site) {
      await tab.open(`${site.origin}/contact`);
      await sendForm(tab, site, "contact-form", CONFIRMATION);
      const book = await tab.run<string | null>(
        `return [...document.querySelectorAll("a")].find((a) => a.textContent.includes("Choose an arrival window"))?.href ?? null`,
      );
      assert(book, 'the confirmation offers no "Choose an arrival window" link');
      await tab.open(book);
      await addressIfAsked(tab);
      await tab.click("main input[type=radio][name=window]");
      await untilDiscoveryAnswered(tab);
      await markVisible(tab, "main button[type=submit]", "Request this window");
      await tab.click("[data-engine-send]");
      await until(tab, "the window to be requested", bodyHas("Requested — not booked yet"), [], 20_000);
    },
  },
  {
    name: "a firm quote: the customer chooses an option, signs with their name, accepts, and goes on to choose a window",
    widths: [PHONE, DESKTOP],
    olderSafari: true,
    takesWindow: true,
    async run(tab, site) {
      await tab.open(`${site.origin}/contact`);
      const lead = await sendForm(tab, site, "contact-form", CONFIRMATION);
      const quote = await sendQuote(site, lead.id);
      await tab.open(`${site.origin}${quote.path}`);
      await until(tab, "the quote's options", bodyHas("Better: $420"));
      await tab.click("main input[type=radio][name=option][value='1']");
      await until(
        tab,
        "the second option chosen",
        `return document.querySelector("main input[name=option][value='1']").checked`,
      );
      await tab.type("#accept-name", "Engine Check");
      await untilDiscoveryAnswered(tab);
      await tab.click("main input[type=checkbox][name=agree]");
      await until(tab, "the terms ticked", `return document.querySelector("main input[name=agree]").checked`);
      await markVisible(tab, "main form button[type=submit]", "Accept");
      await tab.click("[data-engine-send]");
      // Accepted, the customer goes straight on to the arrival windows (no deposit was asked).
      await until(
        tab,
        "the arrival windows after the acceptance",
        `return location.pathname === "/book" && !!document.querySelector("main input[type=radio][name=window]")`,
        [],
        20_000,
      );
      const database = await openDatabase({ DATA_DIR: site.dataDir, DATABASE_URL: undefined });
      try {
        const stored = await getQuote(database, quote.quoteId);
        assert(
          stored?.status === "accepted" && stored.answer?.option === 1 && stored.answer.name === "Engine Check",
          `the quote was not stored as accepted with option 2 and the name: ${JSON.stringify(stored?.answer)}`,
        );
      } finally {
        await database.close();
      }
      await addressIfAsked(tab);
      await tab.click("main input[type=radio][name=window]");
      await untilDiscoveryAnswered(tab);
      await markVisible(tab, "main button[type=submit]", "Request this window");
      await tab.click("[data-engine-send]");
      await until(tab, "the window to be requested", bodyHas("Requested — not booked yet"), [], 20_000);
    },
  },
  {
    name: "the customer's page: a preference turned off and on again by its forms, and Send me my link answered",
    widths: [PHONE, DESKTOP],
    olderSafari: true,
    async run(tab, site) {
      await tab.open(`${site.origin}/contact`);
      const lead = await sendForm(tab, site, "contact-form", CONFIRMATION);
      const database = await openDatabase({ DATA_DIR: site.dataDir, DATABASE_URL: undefined });
      const link = await linkSecret(database, { LINK_SECRET: undefined })
        .then((secret) => accountPath("email", lead.id, secret))
        .finally(() => database.close());
      await tab.open(`${site.origin}${link}`);
      await until(tab, "the customer's page", bodyHas("Your requests"));
      await markVisible(tab, "main form button[type=submit]", "Do not ask me for reviews");
      await tab.click("[data-engine-send]");
      await until(tab, "review requests turned off", bodyHas("Review requests are off."), [], 20_000);
      await markVisible(tab, "main form button[type=submit]", "Ask me again");
      await tab.click("[data-engine-send]");
      await until(tab, "review requests on again", bodyHas("Review requests are on again."), [], 20_000);
      await tab.open(`${site.origin}/account`);
      await tab.type("#account-contact", `${tab.engine}-${tab.profile}-${crypto.randomUUID().slice(0, 8)}@example.com`);
      await markVisible(tab, "main form button[type=submit]", "Send me my link");
      await tab.click("[data-engine-send]");
      await until(tab, "the link's answer", bodyHas("If we have a request with that e-mail address"), [], 20_000);
    },
  },
  {
    name: "before the app, a changed field left shows its message, and a send with a wrong field is stopped with the summary focused",
    widths: [PHONE],
    olderSafari: true,
    async run(tab, site) {
      await tab.open(`${site.origin}/contact`);
      // The app never starts: its module script is taken away before the first interaction.
      await tab.run(`document.querySelector('script[type="text/x-deferred-module"]').remove()`);
      await tab.type("#contact-form-email", "name@");
      await tab.press("Tab");
      await until(
        tab,
        "the e-mail's message",
        `const note = document.getElementById("contact-form-email-error");
         return !note.hidden && note.textContent === arguments[0] &&
           document.getElementById("contact-form-email").getAttribute("aria-invalid") === "true"`,
        [emailMessages.invalid],
      );
      await markVisible(tab, "#contact-form button[type=submit]");
      await tab.run(`document.querySelector("[data-engine-send]").focus()`);
      await tab.press("Enter");
      await until(
        tab,
        "the error summary, focused",
        `return document.activeElement?.matches("#contact-form [data-error-summary]:not([hidden])")`,
      );
      const page = await tab.run<{ path: string; started: boolean }>(
        `return { path: location.pathname, started: document.documentElement.dataset.hydrated === "true" }`,
      );
      assert(page.path === "/contact" && !page.started, `not stopped before the app: ${JSON.stringify(page)}`);
    },
  },
  {
    name: "the job application, filled while the app starts and sent at once with Enter in a field, is stored once and confirmed",
    widths: [PHONE, DESKTOP],
    olderSafari: false,
    async run(tab, site) {
      await tab.open(`${site.origin}/careers/apply?position=pressure-washing-technician`);
      await sendForm(tab, site, "application-form", "Thank you for applying!", "enter-in-field");
    },
  },
  {
    name: "/pricing shows the range of a choice, and its request, sent with Enter in a field, is stored once and confirmed",
    widths: [PHONE, DESKTOP],
    olderSafari: false,
    async run(tab, site) {
      const one = expectedQuote(priceBook, { service: "house-washing", size: 2000, stories: "1", option: "vinyl" });
      const two = expectedQuote(priceBook, { service: "house-washing", size: 2000, stories: "2", option: "vinyl" });
      await tab.open(`${site.origin}${one.url}`);
      const range = `return document.querySelector("[data-testid=price-range]")?.textContent === arguments[0]`;
      await until(tab, `the range ${one.range}`, range, [one.range]);
      await tab.click("main input[type=radio][name=stories][value='2']");
      await until(tab, `the range ${two.range} for 2 stories`, range, [two.range], 20_000);
      await sendForm(tab, site, "pricing-request-form", CONFIRMATION, "enter-in-field");
      await until(tab, "the confirmation to name the range", bodyHas(two.range));
    },
  },
];

/** Widths across every breakpoint of the site's CSS (Tailwind's sm 640, md 768, lg 1024, xl 1280), down and up. */
export const RESIZE_WIDTHS = [1440, 1279, 1023, 767, 639, 390, 700, 800, 1100, 1300, 1440];
export const RESIZE_ANSWER_MS = 2000;

/** Loaded at 1440 px, the page answers a script within 2 s after each resize. Run last: a frozen page ends its session. */
export const resizeCheck: Check = {
  name: `resizing across every breakpoint both ways, the page answers within ${RESIZE_ANSWER_MS} ms each time`,
  widths: [DESKTOP],
  olderSafari: true,
  async run(tab, site) {
    await tab.resize(1440, 900);
    await tab.open(`${site.origin}/`);
    for (const width of RESIZE_WIDTHS.slice(1)) {
      await tab.resize(width, 900);
      let title: string;
      try {
        title = await tab.run<string>("return document.title", [], RESIZE_ANSWER_MS);
      } catch (err) {
        throw new Error(`after resizing to ${width} px: ${(err as Error).message}`, { cause: err });
      }
      assert(title.length > 0, `after resizing to ${width} px: no title`);
      // The window manager applies the new size a moment after WebDriver's answer: the page follows within the same 2 s.
      let inner: number;
      const started = Date.now();
      do {
        inner = await tab.run<number>("return innerWidth", [], RESIZE_ANSWER_MS);
        if (Math.abs(inner - width) <= 20) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      } while (Date.now() - started < RESIZE_ANSWER_MS);
      assert(
        Math.abs(inner - width) <= 20,
        `the window is ${inner} px wide, not ${width}, ${RESIZE_ANSWER_MS} ms after the resize`,
      );
    }
  },
};
