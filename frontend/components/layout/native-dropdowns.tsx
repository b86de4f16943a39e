import { clsx } from 'clsx';
import { ChevronDownIcon } from '../icons/chevron-down';
import type { DesktopMenusProps } from './desktop/desktop-menus';
import {
  MENU_BUTTON_ATTRIBUTE,
  PLACEHOLDER_ATTRIBUTE,
  menuButtonClass,
  menuItemClass,
  menuListClass,
} from './menu-button';
import { STATES_MENU_MAX_HEIGHT_CLASS } from './menu-timings';
import type { NavLink } from './nav-link';
import { LinkList } from './link-list';
import { hidePopover, isPopoverOpen } from './popover';

/**
 * Where each list hangs: under its button's right edge, by CSS anchor positioning (a popover is
 * in the top layer, outside the bar's layout). Written out whole so Tailwind generates them.
 */
const ANCHORS = {
  States: {
    button: '[anchor-name:--states-links]',
    list: '[position-anchor:--states-links] top-[anchor(bottom)] right-[anchor(right)]',
  },
  Blog: {
    button: '[anchor-name:--blog-links]',
    list: '[position-anchor:--blog-links] top-[anchor(bottom)] right-[anchor(right)]',
  },
} as const;

/**
 * The desktop dropdowns as the browser alone runs them, in the raw HTML and until the real menus'
 * code arrives (docs/decisions/026-controls-before-script.md): a button with `popovertarget` and
 * a popover list of plain links. A click or Enter opens it, Escape or a click elsewhere closes
 * it, Tab reaches its links, with no script at all.
 */
export function NativeDropdowns({ states, blog }: DesktopMenusProps) {
  return (
    <>
      <NativeDropdown label="States" links={states} listClassName={STATES_MENU_MAX_HEIGHT_CLASS} />
      <NativeDropdown label="Blog" links={blog} />
    </>
  );
}

function NativeDropdown({
  label,
  links,
  listClassName,
}: {
  label: keyof typeof ANCHORS;
  links: readonly NavLink[];
  listClassName?: string;
}) {
  const id = `${label.toLowerCase()}-links`;
  return (
    <div>
      <button
        type="button"
        popoverTarget={id}
        // The open look of the real menu's button (`data-open`), while its list is open.
        className={clsx(
          menuButtonClass,
          ANCHORS[label].button,
          '[&:has(+:popover-open)]:text-emerald-800',
        )}
        {...{ [PLACEHOLDER_ATTRIBUTE]: label }}
      >
        {label}
        <ChevronDownIcon />
      </button>
      <LinkList
        id={id}
        popover="auto"
        aria-label={label}
        className={clsx(
          'fixed inset-auto m-0',
          ANCHORS[label].list,
          // Without anchor positioning: under the top bar's right end.
          'not-supports-[anchor-name:--a]:top-18 not-supports-[anchor-name:--a]:right-4',
          menuListClass,
          listClassName,
        )}
        links={links}
        linkClassName={clsx(
          menuItemClass,
          'hover:bg-emerald-50 hover:text-emerald-900 focus-visible:bg-emerald-50 focus-visible:text-emerald-900 focus-visible:outline-none',
        )}
        onLinkClick={(link) => hidePopover(link.closest('[popover]'))}
      />
    </div>
  );
}

/** What the visitor is doing with the native dropdowns when the real ones arrive. */
export interface NativeDropdownState {
  label: string;
  open: boolean;
  /** Reached by keyboard: the real menu then opens on its first item, as for Enter. */
  keyboard: boolean;
}

/** Which native dropdown is open or holds the focus, if any; read just before the swap. */
export function readNativeDropdowns(): NativeDropdownState | null {
  const focused = document.activeElement;
  for (const button of document.querySelectorAll<HTMLButtonElement>(`[${PLACEHOLDER_ATTRIBUTE}]`)) {
    const list = document.getElementById(button.getAttribute('popovertarget') ?? '');
    const open = isPopoverOpen(list);
    const focusInList = !!list && !!focused && list.contains(focused);
    if (open || focusInList || focused === button) {
      return {
        label: button.getAttribute(PLACEHOLDER_ATTRIBUTE) ?? '',
        open,
        keyboard: focusInList || button.matches(':focus-visible'),
      };
    }
  }
  return null;
}

/**
 * Runs `swap` at once, or, while a native button is held down (a mouse button or Space), after
 * that press ends and the browser has acted on it: replacing the button halfway through a press
 * would lose its click.
 */
export function whenNoPressIsUnderWay(swap: () => void) {
  if (!document.querySelector(`[${PLACEHOLDER_ATTRIBUTE}]:active`)) {
    swap();
    return;
  }
  const ends = ['pointerup', 'pointercancel', 'keyup'] as const;
  const ended = () => {
    for (const type of ends) document.removeEventListener(type, ended, true);
    // A task later: the click that ends the press, and the popover it opens, come first.
    setTimeout(swap, 0);
  };
  for (const type of ends) document.addEventListener(type, ended, true);
}

/**
 * Called right after the real dropdowns replaced the native ones, in the same task (no input can
 * fall between): the real button takes the focus, and the menu that was open opens again, as
 * Headless UI opens it for Enter (on its first item) or for a mouse press (on the list itself).
 */
export function continueInRealMenu(state: NativeDropdownState | null) {
  if (!state) return;
  const button = document.querySelector<HTMLButtonElement>(
    `[${MENU_BUTTON_ATTRIBUTE}="${CSS.escape(state.label)}"]`,
  );
  if (!button) return;
  button.focus({ preventScroll: true });
  if (!state.open) return;
  if (state.keyboard) {
    button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  } else {
    button.dispatchEvent(
      new PointerEvent('pointerdown', { pointerType: 'mouse', button: 0, bubbles: true }),
    );
  }
}
