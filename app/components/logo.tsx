/** The brand mark: a water drop over a mountain line, drawn inline so it costs no request. */
export function Logo({ name, inverse = false }: { name: string; inverse?: boolean }) {
  const [first, ...rest] = name.split(" ");
  return (
    <span className="flex items-center gap-2">
      <svg viewBox="0 0 40 40" className="size-9 lg:size-10" aria-hidden="true" focusable="false">
        <path d="M20 3c6 8 11 14 11 20a11 11 0 0 1-22 0c0-6 5-12 11-20z" fill={inverse ? "#a9d0ea" : "#0b5f8f"} />
        <path
          d="M11 27l6-7 4 4 3-3 5 6"
          fill="none"
          stroke="#f6b23c"
          strokeWidth="2.5"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      </svg>
      <span className={`leading-tight ${inverse ? "text-white" : "text-brand-900"}`}>
        <span className="block text-base font-extrabold tracking-tight lg:text-lg">
          {first} {rest[0]}
        </span>
        <span
          className={`block text-xs font-semibold tracking-wider uppercase ${inverse ? "text-brand-200" : "text-brand-600"}`}
        >
          {rest.slice(1).join(" ")}
        </span>
      </span>
    </span>
  );
}
