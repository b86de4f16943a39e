// Numbers the spec gives.

/** A dropdown opens after 100 ms of hover and stays 300 ms after the pointer leaves. */
export const MENU_HOVER_OPEN_DELAY_MS = 100;
export const MENU_POINTER_GRACE_MS = 300;
/** The States list's maximum height. */
export const STATES_MENU_MAX_HEIGHT_PX = 400;
/** Typed letters add up to one search until 1 second passes without a key. */
export const MENU_TYPEAHEAD_RESET_MS = 1_000;
