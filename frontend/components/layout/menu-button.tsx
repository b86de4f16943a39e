/** The look of a top-bar dropdown button, shared by the real menu and its placeholder. */
export const menuButtonClass =
  'inline-flex items-center gap-1 rounded px-2 py-1 font-medium text-slate-800 hover:text-emerald-800 focus-visible:outline-2 focus-visible:outline-emerald-700 data-open:text-emerald-800';

export function ChevronIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
    </svg>
  );
}

/** A placeholder button that was focused or clicked before the real menu's code arrived. */
export interface HandOver {
  label: string;
  open: boolean;
}
