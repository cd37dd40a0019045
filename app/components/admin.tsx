/** Pieces shared by the owner inbox's pages (/admin). */
import { KIND_OPTIONS, STATUS_OPTIONS } from "~/forms/admin";

export const kindLabel = (kind: string) => KIND_OPTIONS.find((o) => o.value === kind)?.label ?? kind;
export const statusLabel = (status: string) => STATUS_OPTIONS.find((o) => o.value === status)?.label ?? status;

const STATUS_CLASS: Record<string, string> = {
  new: "bg-brand-100 text-brand-900",
  contacted: "bg-amber-100 text-amber-900",
  quoted: "bg-violet-100 text-violet-900",
  won: "bg-green-100 text-green-900",
  lost: "bg-slate-200 text-slate-800",
};

export function StatusBadge({ status }: { status: string }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_CLASS[status] ?? ""}`}>{statusLabel(status)}</span>;
}

export const areaLabel = (inServiceArea: boolean | null) => (inServiceArea === null ? "Area not known" : inServiceArea ? "In area" : "Outside area");

export const fieldLabelClass = "block text-sm font-semibold text-slate-800";
export const controlClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-sm aria-[invalid=true]:border-red-700 focus:border-brand-600";
