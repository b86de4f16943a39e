/** The truck bed's inside, in the icon's own units. */
const BED = { x: 3, y: 5, width: 34, height: 18 } as const;

/**
 * A small pickup truck whose bed is filled to `level` (0 to 1). Decorative: the label beside it
 * says the size in words.
 */
export function TruckLoadIcon({ level }: { level: number }) {
  const height = BED.height * Math.min(1, Math.max(0, level));
  return (
    <svg
      viewBox="0 0 60 34"
      width="60"
      height="34"
      aria-hidden="true"
      focusable="false"
      className="shrink-0 text-slate-700"
    >
      <rect
        x={BED.x}
        y={BED.y + BED.height - height}
        width={BED.width}
        height={height}
        className="fill-emerald-600"
      />
      <path
        d={`M${BED.x} ${BED.y}v${BED.height}h${BED.width}v-${BED.height}`}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <path
        d="M39 23V11h10l6 7v5z M42 13.5v4.5h8.5l-3.7-4.5z"
        fill="currentColor"
        fillRule="evenodd"
      />
      <path d="M1 23.5h56" stroke="currentColor" strokeWidth="2" />
      <circle cx="13" cy="28" r="4" fill="currentColor" />
      <circle cx="47" cy="28" r="4" fill="currentColor" />
    </svg>
  );
}
