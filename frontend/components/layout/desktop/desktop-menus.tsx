import { STATES_MENU_MAX_HEIGHT_CLASS } from '../menu-timings';
import { NavDropdown } from './nav-dropdown';
import type { NavLink } from '../nav-link';

export interface DesktopMenusProps {
  states: readonly NavLink[];
  blog: readonly NavLink[];
}

/** The States and Blog dropdowns of the desktop top bar (loaded only on wide screens). */
export function DesktopMenus({ states, blog }: DesktopMenusProps) {
  return (
    <>
      <NavDropdown label="States" links={states} listClassName={STATES_MENU_MAX_HEIGHT_CLASS} />
      <NavDropdown label="Blog" links={blog} />
    </>
  );
}
