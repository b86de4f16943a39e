import type { HandOver } from './menu-button';
import { STATES_MENU_MAX_HEIGHT_PX } from './menu-timings';
import { NavDropdown } from './nav-dropdown';
import type { NavLink } from './use-navigation';

/** The States and Blog dropdowns of the desktop top bar (loaded only on wide screens). */
export function DesktopMenus({
  states,
  blog,
  handOver,
}: {
  states: readonly NavLink[];
  blog: readonly NavLink[];
  handOver: HandOver | null;
}) {
  return (
    <>
      <NavDropdown
        label="States"
        links={states}
        maxHeight={STATES_MENU_MAX_HEIGHT_PX}
        handOver={handOver}
      />
      <NavDropdown label="Blog" links={blog} handOver={handOver} />
    </>
  );
}
