import { Outlet } from "react-router";
import { signedInMiddleware } from "../server/features/admin/guard.server.ts";
import type { Route } from "./+types/admin.signed-in";

/** The inbox's pages for the signed-in owner: without a session, every one of them sends to the sign-in page. */
export const middleware: Route.MiddlewareFunction[] = [signedInMiddleware];

export default function SignedIn() {
  return <Outlet />;
}
