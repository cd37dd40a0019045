import { getApp } from "../server/kit/context.server.ts";
import { feedCalendar, isFeedToken } from "../server/features/bookings/calendar-feed.server.ts";
import { soldWork } from "../server/sold-work.server.ts";
import type { Route } from "./+types/calendar.$file";

/**
 * The owner's calendar feed (app/server/features/bookings/calendar-feed.server.ts): /calendar/<token>.ics, GET only (any
 * other method: 405), never indexed; never stored by a cache either (app/server/app.server.ts answers every
 * response React Router renders with Cache-Control: private, no-store). Any other address under /calendar
 * answers 404, a wrong token the same as a malformed one.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const token = /^([A-Za-z0-9_-]{16,128})\.ics$/.exec(params.file)?.[1];
  if (!token || !(await isFeedToken(app.database, token)))
    throw new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Robots-Tag": "noindex" },
    });
  return new Response(await feedCalendar(app.database, app.env, new Date(), soldWork(app.database)), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="jobs.ics"',
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}

/** A calendar only reads: any other method is refused (405) without reaching the feed. */
export function action(): never {
  throw new Response("Method not allowed", {
    status: 405,
    headers: { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" },
  });
}
