import { afterEach, describe, expect, it } from 'vitest';
import {
  dollars,
  groupThousands,
  localDate,
  localDateTime,
  longDate,
  shortDate,
  utcParts,
} from './en-us-format';
import { formatLongDate, formatPickupDate } from './calendar-date';

const intl = (date: Date, options: Intl.DateTimeFormatOptions) =>
  date.toLocaleString('en-US', options);

/**
 * Every third day of two years (one of them leap) at a few times around midnight and noon UTC,
 * and at two times that move from day to day, so that every zone meets its own midnight and noon.
 */
function instants(): Date[] {
  const out: Date[] = [];
  for (let day = 0; day < 731; day += 3) {
    const moving = [(day * 37) % 1440, (day * 53 + 7) % 1440];
    for (const minutes of [
      0,
      1,
      59,
      61,
      11 * 60 + 59,
      12 * 60,
      12 * 60 + 5,
      23 * 60 + 59,
      ...moving,
    ]) {
      out.push(new Date(Date.UTC(2027, 11, 31) - day * 86_400_000 + minutes * 60_000));
    }
  }
  return out;
}

describe('groupThousands and dollars', () => {
  it('write every whole number as toLocaleString("en-US") does', () => {
    const numbers = [0, 7, 25, 999, 1000, 5000, 12_345, 999_999, 1_000_000, 123_456_789, -1, -1234];
    for (let n = 0; n < 20_000; n += 37) numbers.push(n);
    for (const n of numbers) {
      expect(groupThousands(n)).toBe(n.toLocaleString('en-US'));
      expect(dollars(n)).toBe(`$${n.toLocaleString('en-US')}`);
    }
  });

  it('leave fractions to Intl, so they read the same too', () => {
    expect(groupThousands(1234.5)).toBe('1,234.5');
    expect(groupThousands(0.125)).toBe((0.125).toLocaleString('en-US'));
  });
});

describe('dates in UTC', () => {
  it('write the pickup date and the long date as Intl does in UTC', () => {
    for (const date of instants()) {
      const parts = utcParts(date);
      expect(shortDate(parts, { weekday: true })).toBe(
        intl(date, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }),
      );
      expect(longDate(parts)).toBe(
        intl(date, { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
      );
    }
  });

  it('give calendar dates their own day, never the one before', () => {
    expect(formatPickupDate('2026-11-24')).toBe('Tue, Nov 24');
    expect(formatPickupDate('2028-02-29')).toBe('Tue, Feb 29');
    expect(formatLongDate('2026-12-01')).toBe('December 1, 2026');
    expect(formatLongDate('2027-09-30')).toBe('September 30, 2027');
  });
});

describe('dates and times in the visitor’s zone', () => {
  const zoneBefore = process.env.TZ;
  afterEach(() => {
    if (zoneBefore === undefined) delete process.env.TZ;
    else process.env.TZ = zoneBefore;
  });

  for (const zone of ['UTC', 'America/Los_Angeles', 'Pacific/Honolulu', 'America/New_York']) {
    it(`write the three date-and-time forms and the day as Intl does in ${zone}`, () => {
      process.env.TZ = zone;
      for (const date of instants()) {
        expect(localDateTime(date)).toBe(
          intl(date, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }),
        );
        expect(localDateTime(date, { weekday: true })).toBe(
          intl(date, {
            weekday: 'short',
            month: 'short',
            day: 'numeric',
            hour: 'numeric',
            minute: '2-digit',
          }),
        );
        expect(localDateTime(date, { year: true })).toBe(
          intl(date, { dateStyle: 'medium', timeStyle: 'short' }),
        );
        expect(localDate(date, { weekday: true })).toBe(
          intl(date, { weekday: 'short', month: 'short', day: 'numeric' }),
        );
      }
    });
  }

  it('reads the zone it is given (the test above is not all UTC)', () => {
    process.env.TZ = 'Pacific/Honolulu';
    expect(localDateTime(new Date('2026-11-24T00:30:00Z'))).toBe('Nov 23, 2:30 PM');
  });
});
