/** The look of a top-bar dropdown button, shared by the real menu and its placeholder. */
export const menuButtonClass =
  'inline-flex items-center gap-1 rounded px-2 py-1 font-medium text-slate-800 hover:text-emerald-800 focus-visible:outline-2 focus-visible:outline-emerald-700 data-open:text-emerald-800';

/** A placeholder button that was focused or clicked before the real menu's code arrived. */
export interface HandOver {
  label: string;
  open: boolean;
}
