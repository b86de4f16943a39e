import { type KeyboardEvent, useCallback, useEffect, useRef } from 'react';
import { MENU_TYPEAHEAD_RESET_MS } from '../menu-timings';

/**
 * Typeahead for an open Headless UI menu with the spec's 1-second reset. Headless UI's own
 * typeahead clears its query 350 ms after a key (a constant inside `MenuItems`' keydown handler,
 * @headlessui/react 2.2 `menu.js`, with no prop to change it), so "mi" typed at a normal pace
 * lands on Idaho instead of Michigan. This handler runs before Headless UI's (its merge calls the
 * handlers we pass first and skips its own when we `preventDefault`), searches the same way (the
 * first item after the active one whose text starts with the query; a query that grows searches
 * from the active item itself), and makes the match active the one way Headless UI exposes: an
 * item's focus handler, after which focus goes straight back to the list.
 */
export function useMenuTypeahead(open: boolean) {
  const query = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    query.current = '';
    clearTimeout(timer.current);
  }, [open]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return useCallback((event: KeyboardEvent<HTMLElement>) => {
    const { key } = event;
    if (key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
    // Space with no search under way chooses the active item, as Headless UI does.
    if (key === ' ' && query.current === '') return;
    event.preventDefault();
    event.stopPropagation();

    const list = event.currentTarget;
    const items = [...list.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    const activeId = list.getAttribute('aria-activedescendant');
    const active = items.findIndex((item) => item.id === activeId);
    const start = active === -1 ? 0 : active + (query.current === '' ? 1 : 0);
    query.current += key.toLowerCase();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      query.current = '';
    }, MENU_TYPEAHEAD_RESET_MS);

    const match = [...items.slice(start), ...items.slice(0, start)].find((item) =>
      (item.textContent ?? '').trim().toLowerCase().startsWith(query.current),
    );
    if (!match || match === items[active]) return;
    match.focus({ preventScroll: true });
    list.focus({ preventScroll: true });
  }, []);
}
