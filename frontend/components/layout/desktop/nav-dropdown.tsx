import { clsx } from 'clsx';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useEffect, useRef } from 'react';
import { ChevronDownIcon } from '../../icons/chevron-down';
import {
  MENU_BUTTON_ATTRIBUTE,
  menuButtonClass,
  menuItemClass,
  menuListClass,
} from '../menu-button';
import { MENU_HOVER_OPEN_DELAY_MS, MENU_POINTER_GRACE_MS } from '../menu-timings';
import { useMenuTypeahead } from './menu-typeahead';
import type { NavLink } from '../nav-link';
import { SiteLink } from '../site-link';

interface NavDropdownProps {
  label: string;
  links: readonly NavLink[];
  /** Extra classes of the list, e.g. a cap on its height (it scrolls past it). */
  listClassName?: string;
}

/**
 * A desktop dropdown of links. Headless UI gives it the menu-button pattern: arrow keys,
 * typeahead, Escape, focus return. Mouse users also get hover intent: it opens after
 * MENU_HOVER_OPEN_DELAY_MS and forgives a pointer that strays for MENU_POINTER_GRACE_MS. The
 * typeahead waits MENU_TYPEAHEAD_RESET_MS for the next letter.
 */
export function NavDropdown({ label, links, listClassName }: NavDropdownProps) {
  return (
    <Menu>
      {({ open, close }) => (
        <HoverMenu
          label={label}
          links={links}
          listClassName={listClassName}
          open={open}
          close={close}
        />
      )}
    </Menu>
  );
}

function HoverMenu({
  label,
  links,
  listClassName,
  open,
  close,
}: NavDropdownProps & { open: boolean; close: () => void }) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const openRef = useRef(open);
  // Opened by hover, and not pressed since: the press that follows meant "open", not "close".
  const openedByHover = useRef(false);
  const swallowClick = useRef(false);
  useEffect(() => {
    openRef.current = open;
    if (!open) openedByHover.current = false;
  }, [open]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onTypeahead = useMenuTypeahead(open);

  const onPointerEnter = (event: React.PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (openRef.current) return;
      openedByHover.current = true;
      buttonRef.current?.click();
    }, MENU_HOVER_OPEN_DELAY_MS);
  };
  // Headless UI toggles on a mouse's pointerdown (and on click for other pointers). A press on
  // the button of a list that hover opened keeps it open: both its events stop here.
  const onPointerDownCapture = (event: React.PointerEvent) => {
    swallowClick.current = false;
    if (event.pointerType !== 'mouse') return;
    clearTimeout(timer.current); // a press decides; a pending hover must not undo it
    const onButton = buttonRef.current?.contains(event.target as Node) === true;
    if (!onButton || !openedByHover.current || !openRef.current) return;
    openedByHover.current = false;
    swallowClick.current = true;
    event.stopPropagation();
  };
  const onClickCapture = (event: React.MouseEvent) => {
    if (!swallowClick.current) return;
    swallowClick.current = false;
    event.stopPropagation();
  };
  // The list handles Escape while it has focus; a press on the button of a list that hover
  // opened leaves focus on the button, where Escape must close the list too.
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'Escape' || !openRef.current) return;
    event.preventDefault();
    close();
    buttonRef.current?.focus();
  };
  const onPointerLeave = (event: React.PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (openRef.current) close();
    }, MENU_POINTER_GRACE_MS);
  };

  return (
    <div
      className="relative"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onPointerDownCapture={onPointerDownCapture}
      onClickCapture={onClickCapture}
    >
      <MenuButton
        ref={buttonRef}
        onKeyDown={onKeyDown}
        className={menuButtonClass}
        {...{ [MENU_BUTTON_ATTRIBUTE]: label }}
      >
        {label}
        <ChevronDownIcon />
      </MenuButton>
      <MenuItems
        modal={false}
        onPointerEnter={onPointerEnter}
        onPointerLeave={onPointerLeave}
        onKeyDown={onTypeahead}
        // Positioned by CSS under its button, inside the nav landmark: it hangs from the fixed top
        // bar, so it needs no floating placement (and a portal would take it out of the nav).
        // Aligned to the button's right edge: the buttons sit at the bar's right end, and a list
        // hung from the left edge ran past the window (the Blog list, on every desktop width).
        className={clsx(
          'absolute top-full right-0 z-50 focus:outline-none',
          menuListClass,
          listClassName,
        )}
      >
        {links.map((link) => (
          <MenuItem key={link.path}>
            <SiteLink
              to={link.path}
              className={clsx(
                menuItemClass,
                'data-focus:bg-emerald-50 data-focus:text-emerald-900',
              )}
            >
              {link.label}
            </SiteLink>
          </MenuItem>
        ))}
      </MenuItems>
    </div>
  );
}
