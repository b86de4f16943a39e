/** The spec's hover timings: a dropdown opens after 100 ms of hover, stays 300 ms after the pointer leaves. */
export const MENU_HOVER_OPEN_DELAY_MS = 100;
export const MENU_POINTER_GRACE_MS = 300;
/**
 * The States list's maximum height (the spec's 400 px), as a class: the list is also in the
 * pre-rendered HTML, where a style attribute would need a CSP hash.
 */
export const STATES_MENU_MAX_HEIGHT_CLASS = 'max-h-[400px]';
/** The spec's typeahead: typed letters add up to one search until 1 second passes without a key. */
export const MENU_TYPEAHEAD_RESET_MS = 1_000;
