// The day-before reminder of a booked pickup (decision 051): when it goes, and its texts.
import { formatPickupDate } from '../core/calendar-date';
import { JOB_LIMITS } from './jobs';
import { QUOTE_WINDOWS, formatPickup, formatPrice } from './quote-loop';
import type { QuoteWindow } from './quote-loop';

const HOUR_MS = 3_600_000;

export const REMINDER_RULES = {
  /**
   * A request names no time zone: the reminder goes the day before at 22:00 UTC, 17:00 on the
   * East Coast in winter and 12:00 in Hawaii, so every one of the 50 states has it in the
   * afternoon before (12:00 to 18:00 local).
   */
  dayBeforeUtcHour: 22,
  /** None once the window may have begun: its start in the first US zone (Eastern daylight). */
  firstZoneUtcOffsetHours: -4,
} as const;

/** When the reminders of a pickup on `date` (YYYY-MM-DD) are due. */
export function reminderAt(date: string): Date {
  return new Date(
    Date.parse(`${date}T00:00:00Z`) - (24 - REMINDER_RULES.dayBeforeUtcHour) * HOUR_MS,
  );
}

/** After this no reminder goes: the window may have begun somewhere in the US. */
export function reminderEndsAt(date: string, window: QuoteWindow): Date {
  const start = JOB_LIMITS.windowHours[window].start - REMINDER_RULES.firstZoneUtcOffsetHours;
  return new Date(Date.parse(`${date}T00:00:00Z`) + start * HOUR_MS);
}

const when = (date: string, window: QuoteWindow) =>
  `${formatPickupDate(date)}, ${QUOTE_WINDOWS[window].label}`;

export const REMINDER_TEXTS = {
  homeownerSubject: (hauler: string, date: string, window: QuoteWindow) =>
    `Tomorrow: your pickup with ${hauler}, ${formatPickup(date, window)}`,
  homeownerHeading: 'Your pickup is tomorrow',
  homeownerIntro: (hauler: string, date: string, window: QuoteWindow, priceDollars: number) =>
    `${hauler} picks up your bulk trash tomorrow, ${when(date, window)}, for ${formatPrice(priceDollars)}, the flat rate you accepted.`,
  homeownerPreheader: (
    hauler: string,
    date: string,
    window: QuoteWindow,
    addressMissing: boolean,
  ) =>
    `${hauler} comes tomorrow, ${when(date, window)}.${addressMissing ? ' Add your address so they can find you.' : ''}`,
  addressMissingHeading: 'Add your address',
  addressMissing:
    'Your hauler does not have the pickup address yet. Add it now so they can find you tomorrow.',
  viewRequest: 'View your request',
  haulerSubject: (reference: string, date: string, window: QuoteWindow) =>
    `Tomorrow: pickup ${reference} · ${formatPickup(date, window)}`,
  haulerHeading: 'Your pickup is tomorrow',
  haulerIntro: (reference: string, date: string, window: QuoteWindow) =>
    `Request ${reference} is booked with you for tomorrow, ${when(date, window)}. Everything about it is on your job page.`,
  haulerPreheader: (city: string, date: string, window: QuoteWindow) =>
    `Pickup in ${city} tomorrow, ${when(date, window)}.`,
  haulerNoAddress:
    'The homeowner has not given the street address yet. We email it to you as soon as they do; you can also call them.',
  labels: {
    hauler: 'Hauler',
    phone: 'Phone',
    pickup: 'Pickup',
    price: 'Price',
    reference: 'Reference',
    homeowner: 'Homeowner',
    street: 'Street',
    city: 'City',
    accessNotes: 'Access notes',
  },
} as const;
