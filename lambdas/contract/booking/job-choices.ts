import { addDays, isIsoDate, utcToday } from '../core/calendar-date';

// The booking's bodies check these choices with ./job-choice-schemas (decision 040).

/** Smallest first; their prices are in ./pricing.ts. */
export const LOAD_SIZES = ['few-items', 'quarter', 'half', 'three-quarter', 'full'] as const;
export type LoadSize = (typeof LOAD_SIZES)[number];

export const LOAD_SIZE_LABELS: Record<LoadSize, { label: string; hint?: string }> = {
  'few-items': { label: 'A few items', hint: 'about 1/8 of a truck' },
  quarter: { label: 'Quarter truck' },
  half: { label: 'Half truck' },
  'three-quarter': { label: 'Three-quarter truck' },
  full: { label: 'Full truck' },
};

/** 'asap' is the default: no day chosen. The other three carry the visitor's local date. */
export const PICKUP_DAYS = ['asap', 'today', 'tomorrow', 'date'] as const;
export type PickupDay = (typeof PICKUP_DAYS)[number];
export const PICKUP_DAY_LABELS: Record<PickupDay, string> = {
  asap: 'As soon as possible',
  today: 'Today',
  tomorrow: 'Tomorrow',
  date: 'Pick a date',
};

export const PICKUP_WINDOWS = ['any', 'morning', 'afternoon'] as const;
export type PickupWindow = (typeof PICKUP_WINDOWS)[number];
export const PICKUP_WINDOW_LABELS: Record<PickupWindow, string> = {
  any: 'Any time',
  morning: 'Morning (8–12)',
  afternoon: 'Afternoon (12–5)',
};

export const PICKUP_LIMITS = {
  daysAhead: 30,
  // The server knows only UTC, and a visitor's today is UTC's yesterday to tomorrow: it accepts
  // UTC's yesterday to this many days after UTC's today.
  serverDaysAhead: 31,
} as const;

export const CHOICE_MESSAGES = {
  loadSizeInvalid: `Load size must be one of: ${LOAD_SIZES.join(', ')}`,
  pickupDayInvalid: `Pickup day must be one of: ${PICKUP_DAYS.join(', ')}`,
  pickupWindowInvalid: `Pickup window must be one of: ${PICKUP_WINDOWS.join(', ')}`,
  pickupDateRequired: 'Please choose a pickup date',
  pickupDateInvalid: 'pickupDate must be a calendar date written YYYY-MM-DD',
  pickupDateOutOfRange: `Please choose a pickup date from today to ${PICKUP_LIMITS.daysAhead} days ahead`,
  pickupDateUnexpected: 'pickupDate is only sent with pickupDay today, tomorrow or date',
  // Announced to screen readers when the ZIP fills City and State.
  zipFilled: (filled: string): string => `Filled in from the zip code: ${filled}`,
} as const;

/** YYYY-MM-DD strings compare as dates. */
export function pickupDateError(date: string, from: string, to: string): string | undefined {
  if (!isIsoDate(date)) return CHOICE_MESSAGES.pickupDateRequired;
  return date < from || date > to ? CHOICE_MESSAGES.pickupDateOutOfRange : undefined;
}

export function serverPickupDateError(date: string, now: Date): string | undefined {
  const today = utcToday(now);
  return pickupDateError(date, addDays(today, -1), addDays(today, PICKUP_LIMITS.serverDaysAhead));
}
