import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("about", "routes/about.tsx"),
    route("services", "routes/services.tsx"),
    route("services/fleet-cleaning", "routes/services.fleet-cleaning.tsx"),
    route("services/holiday-light-installation", "routes/services.holiday-light-installation.tsx"),
    // The ten other services share one section layout, chosen by the service's template.
    route("services/:slug", "routes/services.$slug.tsx"),
    route("locations", "routes/locations.tsx"),
    // City pages, and the short city paths (/locations/boise) that redirect to them.
    route("locations/:slug", "routes/locations.$slug.tsx"),
    route("blog", "routes/blog.tsx"),
    route("blog/:slug", "routes/blog.$slug.tsx"),
    route("careers", "routes/careers.tsx"),
    route("careers/apply", "routes/careers.apply.tsx"),
    route("faq", "routes/faq.tsx"),
    // Before/after photos of real jobs (content/gallery/), filtered by ?service=slug.
    route("gallery", "routes/gallery.tsx"),
    route("contact", "routes/contact.tsx"),
    route("estimate", "routes/estimate.tsx"),
    // The instant price range (docs/decisions/007-instant-price-and-service-area.md); a shareable GET form:
    // /pricing?service=house-washing&sqft=2000…
    route("pricing", "routes/pricing.tsx"),
    route("newsletter", "routes/newsletter.tsx"),
    // The links in newsletter e-mails (double opt-in, one-click unsubscribe); never indexed, not in the sitemap.
    route("newsletter/confirm", "routes/newsletter.confirm.tsx"),
    route("newsletter/unsubscribe", "routes/newsletter.unsubscribe.tsx"),
    // The review request e-mail's one-click opt-out (docs/decisions/020-booking.md); never indexed, not in the sitemap.
    route("reviews/opt-out", "routes/reviews.opt-out.tsx"),
    // Seasonal reminders' links (docs/decisions/033-seasonal-reminders.md): asking for them, and the one-click
    // opt-out; never indexed, not in the sitemap.
    route("reminders/remind-me", "routes/reminders.remind-me.tsx"),
    route("reminders/opt-out", "routes/reminders.opt-out.tsx"),
    // Where a form sent without JavaScript lands after it was stored (Post/Redirect/Get); never indexed.
    route("request-received/:ref", "routes/request-received.tsx"),
    // Choosing an arrival window (/book?r=<signed link>, or the open windows of a ZIP code), and the link in
    // booking e-mails (/book/manage?t=…): server-rendered per request, never indexed (docs/decisions/020-booking.md).
    route("book", "routes/book.tsx"),
    route("book/manage", "routes/book.manage.tsx"),
    // A firm quote sent from the inbox (/quote?t=<signed link>, one version of one quote), accepted or declined
    // there: server-rendered per request, never indexed, not in the sitemap (docs/decisions/031-quotes.md).
    route("quote", "routes/quote.tsx"),
    // An accepted quote's deposit: on to Stripe Checkout's page (a link: forms go only to the site itself).
    route("quote/deposit", "routes/quote.deposit.ts"),
    // An invoice's balance: a tip, then on to Stripe Checkout (docs/decisions/042-tips-and-balance-payments.md).
    route("invoice/pay", "routes/invoice.pay.tsx"),
    // Where Stripe Checkout sends the customer back after a deposit (docs/decisions/032-deposits.md): what the
    // webhook recorded, server-rendered per request, never indexed.
    route("deposit/paid", "routes/deposit.paid.tsx"),
    route("deposit/not-paid", "routes/deposit.not-paid.tsx"),
    // A sent invoice (/invoice?t=<signed link>, issue 41): server-rendered per request, never indexed, not in the
    // sitemap (app/server/features/invoices/invoice-page.server.ts).
    route("invoice", "routes/invoice.tsx"),
    // The customer's page (/account?t=<account link>, issue 43) and "Send me my link" (/account/link): server-rendered
    // per request, never indexed, not in the sitemap (app/server/account.server.ts).
    route("account", "routes/account.tsx"),
    route("account/link", "routes/account.link.tsx"),
    route("privacy-policy", "routes/privacy-policy.tsx"),
    route("terms-of-service", "routes/terms-of-service.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  // The owner's inbox (docs/decisions/009-owner-inbox.md): server-rendered per request, never prerendered.
  // Its middleware is the gate of every route below: session and headers (app/server/features/admin/guard.server.ts);
  // a change's Origin is checked before React Router, in app/server/app.server.ts.
  route("admin", "routes/admin.tsx", [
    route("sign-in", "routes/admin.sign-in.tsx"),
    route("sign-out", "routes/admin.sign-out.ts"),
    // Everything else needs the owner signed in.
    layout("routes/admin.signed-in.tsx", [
      index("routes/admin._index.tsx"),
      route("requests/:id", "routes/admin.requests.$id.tsx"),
      // The quote builder of a request: lines from the price book, up to three options, preview, send.
      route("requests/:id/quote", "routes/admin.requests.$id.quote.tsx"),
      // The request's invoice: made at completion (or here), edited, sent or voided; its preview is the customer's page.
      route("requests/:id/invoice", "routes/admin.requests.$id.invoice.tsx"),
      // A request's invoices and payments: record cash, a check, Zelle or Venmo by hand, or void one (decision 042).
      route("requests/:id/payments", "routes/admin.requests.$id.payments.tsx"),
      route("report", "routes/admin.report.tsx"),
      // Every sent invoice with a balance left, oldest first, with its reminders (Pause / Resume).
      route("invoices", "routes/admin.invoices.tsx"),
      // The owner's calendar feed: its private address, how to subscribe, and a new address when it leaked.
      route("calendar", "routes/admin.calendar.tsx"),
      route("day", "routes/admin.day.tsx"),
      route("requests.csv", "routes/admin.requests[.]csv.ts"),
      route("requests.xlsx", "routes/admin.requests[.]xlsx.ts"),
      route("payments.csv", "routes/admin.payments[.]csv.ts"),
      route("payments.xlsx", "routes/admin.payments[.]xlsx.ts"),
      route("invoices.xlsx", "routes/admin.invoices[.]xlsx.ts"),
      route("requests/:id/texts", "routes/admin.requests.$id.texts.ts"),
      route("requests/:id/resume", "routes/admin.requests.$id.resume.ts"),
      route("requests/:id/photos/:n", "routes/admin.requests.$id.photos.$n.ts"),
      // The owner's photos of the finished job: added from a phone, deleted; shown on the request page.
      route("requests/:id/completion-photos", "routes/admin.requests.$id.completion-photos.ts"),
      route("*", "routes/admin.not-found.tsx"),
    ]),
  ]),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
  route("blog/rss.xml", "routes/blog.rss.xml.ts"),
  // The owner's calendar feed (/calendar/<secret token>.ics), server-rendered per request; never indexed.
  route("calendar/:file", "routes/calendar.$file.ts"),
  // A photo of the finished job on the customer's invoice (/invoice/photos/<n>?t=<the invoice link's token>).
  route("invoice/photos/:n", "routes/invoice.photos.$n.ts"),
  // A photo and a PDF on the customer's page, with that page's token (/account/photos/<request>/<n>?t=…).
  route("account/photos/:lead/:n", "routes/account.photos.$lead.$n.ts"),
  route("account/documents/:file", "routes/account.documents.$file.ts"),
] satisfies RouteConfig;
