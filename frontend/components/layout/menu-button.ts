/** The look of a top-bar dropdown button, shared by the real menu and its native stand-in. */
export const menuButtonClass =
  'inline-flex items-center gap-1 rounded px-2 py-1 font-medium text-slate-800 hover:text-emerald-800 focus-visible:outline-2 focus-visible:outline-emerald-700 data-open:text-emerald-800';

/** The look of a dropdown's list (where it hangs is each version's own). */
export const menuListClass =
  'mt-2 w-60 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg';

/** The look of a link in a dropdown's list, less its highlighted state. */
export const menuItemClass = 'block rounded px-3 py-2 text-slate-800';

/** Marks a native stand-in's button (value: its label) until the real dropdowns' code arrives. */
export const PLACEHOLDER_ATTRIBUTE = 'data-menu-placeholder';
/** Marks the real dropdown button (value: its label), so the hand-over can find it. */
export const MENU_BUTTON_ATTRIBUTE = 'data-menu-button';
