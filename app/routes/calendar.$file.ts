import { getApp } from "../server/context.server.ts";
import { feedCalendar, isFeedToken } from "../server/bookings/calendar-feed.server.ts";
import type { Route } from "./+types/calendar.$file";

/**
 * The owner's calendar feed (app/server/bookings/calendar-feed.server.ts): /calendar/<token>.ics, GET only (a
 * resource route without an action), never stored by a cache nor indexed. Any other address under /calendar
 * answers 404, a wrong token the same as a malformed one.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const token = /^([A-Za-z0-9_-]{16,128})\.ics$/.exec(params.file)?.[1];
  if (!token || !(await isFeedToken(app.database, token)))
    throw new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
    });
  return new Response(await feedCalendar(app.database, app.env, new Date()), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="jobs.ics"',
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
