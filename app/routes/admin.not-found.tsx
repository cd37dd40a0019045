import { data } from "react-router";

/** An address under /admin that is no page of the inbox: "Not found" in the inbox's own frame (its ErrorBoundary). */
export function loader() {
  throw data({ message: "There is no such page in the owner inbox." }, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
