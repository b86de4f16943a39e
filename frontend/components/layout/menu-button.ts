/** The look of a top-bar dropdown button, shared by the real menu and its placeholder. */
export const menuButtonClass =
  'inline-flex items-center gap-1 rounded px-2 py-1 font-medium text-slate-800 hover:text-emerald-800 focus-visible:outline-2 focus-visible:outline-emerald-700 data-open:text-emerald-800';

/** Marks a placeholder button (value: its label) until the real dropdowns' code arrives. */
export const PLACEHOLDER_ATTRIBUTE = 'data-menu-placeholder';
/** Marks the real dropdown button (value: its label), so a buffered intent can find it. */
export const MENU_BUTTON_ATTRIBUTE = 'data-menu-button';

/** A click, Enter or Space on a placeholder, kept until the real menu can act on it. */
export interface MenuIntent {
  label: string;
  /** Enter or Space (a click with no pointer position): the menu opens on its first item. */
  keyboard: boolean;
}

declare global {
  interface Window {
    __menuIntent?: MenuIntent | null;
  }
}

/**
 * Runs inline in the pre-rendered HTML, before the placeholders are parsed, so it listens from
 * the moment they are painted: before React hydrates, during hydration and while the dropdowns'
 * code is on its way. It only records the latest intent; the real menu replays it on arrival
 * (docs/decisions/014-no-lost-early-interaction.md). A press is recorded when it starts
 * (pointerdown, keydown), so one that the swap interrupts halfway is not lost either.
 */
export const EARLY_MENU_INTENT_SCRIPT = `(function(){var a='${PLACEHOLDER_ATTRIBUTE}';function k(e,kb){var b=e.target.closest&&e.target.closest('['+a+']');if(b)window.__menuIntent={label:b.getAttribute(a),keyboard:kb}}document.addEventListener('pointerdown',function(e){k(e,false)},true);document.addEventListener('keydown',function(e){if(e.key==='Enter'||e.key===' '||e.key==='ArrowDown')k(e,true)},true);document.addEventListener('click',function(e){k(e,e.detail===0)},true)})()`;

/**
 * Called right after the real dropdowns replaced the placeholders (in the same task, so no input
 * can slip in between): gives focus back to the button that had it, and opens the menu that was
 * asked for, as Headless UI would have for a click or for Enter.
 */
export function replayMenuIntent(focusedLabel: string | null) {
  const intent = window.__menuIntent ?? null;
  window.__menuIntent = null;
  const label = intent?.label ?? focusedLabel;
  if (!label) return;
  const button = document.querySelector<HTMLButtonElement>(
    `[${MENU_BUTTON_ATTRIBUTE}="${CSS.escape(label)}"]`,
  );
  if (!button) return;
  button.focus({ preventScroll: true });
  if (!intent) return;
  // The events Headless UI's MenuButton opens on. A mouse press opens without moving into the
  // list, and makes the button ignore the click that may follow, so that click cannot close it.
  if (intent.keyboard) {
    button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  } else {
    button.dispatchEvent(
      new PointerEvent('pointerdown', { pointerType: 'mouse', button: 0, bubbles: true }),
    );
  }
}
