import { describe, expect, it } from 'vitest';
import { validBookingBody } from '../../../test/fixtures/homeowner';
import { bookingRequestSchema } from '#contract/booking/booking';
import { addDays, isIsoDate } from '#contract/core/calendar-date';
import { firstMessagePerField } from '#contract/core/fields';
import { CHOICE_MESSAGES, serverPickupDateError } from '#contract/booking/job-choices';

const booking = validBookingBody;

const bookingErrors = (overrides: Record<string, unknown>) => {
  const result = bookingRequestSchema.safeParse(booking(overrides));
  return result.success ? {} : firstMessagePerField(result.error.issues);
};

describe('calendar dates', () => {
  it('accepts real YYYY-MM-DD dates only', () => {
    expect(isIsoDate('2026-11-24')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-11-24T00:00:00Z')).toBe(false);
    expect(isIsoDate('11/24/2026')).toBe(false);
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-11-23', 30)).toBe('2026-12-23');
  });
});

describe('the server’s pickup date range', () => {
  // 23:30 UTC on Nov 23: in Honolulu it is still the 23rd, in Kiribati already the 24th.
  const now = new Date('2026-11-23T23:30:00Z');

  it('allows UTC’s yesterday (a visitor far west of UTC) to 31 days after UTC’s today', () => {
    expect(serverPickupDateError('2026-11-22', now)).toBeUndefined();
    expect(serverPickupDateError('2026-11-24', now)).toBeUndefined();
    expect(serverPickupDateError('2026-12-24', now)).toBeUndefined();
  });

  it('refuses older and later dates with a clear message', () => {
    expect(serverPickupDateError('2026-11-21', now)).toBe(CHOICE_MESSAGES.pickupDateOutOfRange);
    expect(serverPickupDateError('2026-12-25', now)).toBe(CHOICE_MESSAGES.pickupDateOutOfRange);
    expect(CHOICE_MESSAGES.pickupDateOutOfRange).toBe(
      'Please choose a pickup date from today to 30 days ahead',
    );
  });
});

describe('load size and pickup in the booking request', () => {
  it('are optional: a request without them is valid', () => {
    expect(bookingRequestSchema.safeParse(booking()).success).toBe(true);
  });

  it('accept every size, day and window the form offers', () => {
    const result = bookingRequestSchema.safeParse(
      booking({
        loadSize: 'half',
        pickupDay: 'date',
        pickupDate: '2026-11-24',
        pickupWindow: 'morning',
      }),
    );
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ loadSize: 'half', pickupWindow: 'morning' });
  });

  it('name the allowed values for anything else', () => {
    expect(bookingErrors({ loadSize: 'huge' })).toEqual({
      loadSize: 'Load size must be one of: few-items, quarter, half, three-quarter, full',
    });
    expect(bookingErrors({ pickupWindow: 'night' })).toEqual({
      pickupWindow: 'Pickup window must be one of: any, morning, afternoon',
    });
    expect(bookingErrors({ pickupDay: 'someday' })).toEqual({
      pickupDay: 'Pickup day must be one of: asap, today, tomorrow, date',
    });
  });

  it('need a real date with today, tomorrow or a picked date, and none with asap', () => {
    expect(bookingErrors({ pickupDay: 'tomorrow' })).toEqual({
      pickupDate: CHOICE_MESSAGES.pickupDateRequired,
    });
    expect(bookingErrors({ pickupDay: 'date', pickupDate: '2026-02-30' })).toEqual({
      pickupDate: 'pickupDate must be a calendar date written YYYY-MM-DD',
    });
    expect(bookingErrors({ pickupDay: 'date', pickupDate: 20261124 })).toEqual({
      pickupDate: 'pickupDate must be a calendar date written YYYY-MM-DD',
    });
    expect(bookingErrors({ pickupDay: 'asap', pickupDate: '2026-11-24' })).toEqual({
      pickupDate: CHOICE_MESSAGES.pickupDateUnexpected,
    });
    expect(bookingErrors({ pickupDate: '2026-11-24' })).toEqual({
      pickupDate: CHOICE_MESSAGES.pickupDateUnexpected,
    });
  });
});
