/** One entry of the States or Blog lists. */
export interface NavLink {
  label: string;
  path: string;
}

/** The top bar's and footer's lists, emitted by the root route's build-time loader. */
export interface SiteNavigation {
  states: NavLink[];
  blog: NavLink[];
}
