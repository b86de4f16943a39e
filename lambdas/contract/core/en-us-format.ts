/**
 * Dollars, dates and times as `Intl`'s 'en-US' writes them, written without `Intl`
 * (docs/decisions/039-en-us-format-without-intl.md): a page's first `Intl` call sets up ICU's
 * locale data, about 10 ms of one main-thread task on a fast desktop, so a phone's longest task.
 * The site is in US English only, so these few fixed formats are all it needs. Each function's
 * test compares it with `Intl` over many values.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** 5000 → '5,000', as `(5000).toLocaleString('en-US')`; fractions are left to `Intl`. */
export function groupThousands(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** 5000 → '$5,000': whole dollars, as the site writes every price. */
export function dollars(n: number): string {
  return `$${groupThousands(n)}`;
}

/** A calendar day and a clock time, read in UTC or in the visitor's own zone. */
export interface DateParts {
  year: number;
  /** 0 = January. */
  month: number;
  day: number;
  /** 0 = Sunday. */
  weekday: number;
  hours: number;
  minutes: number;
}

export function utcParts(date: Date): DateParts {
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth(),
    day: date.getUTCDate(),
    weekday: date.getUTCDay(),
    hours: date.getUTCHours(),
    minutes: date.getUTCMinutes(),
  };
}

function localParts(date: Date): DateParts {
  return {
    year: date.getFullYear(),
    month: date.getMonth(),
    day: date.getDate(),
    weekday: date.getDay(),
    hours: date.getHours(),
    minutes: date.getMinutes(),
  };
}

/**
 * 'Nov 24', 'Tue, Nov 24' (`weekday`), 'Nov 24, 2026' (`year`): month 'short' and day 'numeric',
 * with weekday 'short' and year 'numeric' when asked.
 */
export function shortDate(parts: DateParts, { weekday = false, year = false } = {}): string {
  const monthDay = `${MONTHS[parts.month]!.slice(0, 3)} ${parts.day}`;
  return `${weekday ? `${WEEKDAYS[parts.weekday]}, ` : ''}${monthDay}${year ? `, ${parts.year}` : ''}`;
}

/** 'December 1, 2026': month 'long', day and year 'numeric'. */
export function longDate(parts: DateParts): string {
  return `${MONTHS[parts.month]} ${parts.day}, ${parts.year}`;
}

/** '3:05 PM', '12:00 AM': hour 'numeric' on a 12-hour clock, minute '2-digit'. */
function clockTime(parts: DateParts): string {
  const hour = parts.hours % 12 === 0 ? 12 : parts.hours % 12;
  return `${hour}:${String(parts.minutes).padStart(2, '0')} ${parts.hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * An instant in the visitor's own time zone: 'Nov 24, 3:05 PM'; 'Tue, Nov 24, 3:05 PM' with
 * `weekday`; 'Nov 24, 2026, 3:05 PM' with `year` (Intl's dateStyle 'medium', timeStyle 'short').
 */
export function localDateTime(date: Date, options: { weekday?: boolean; year?: boolean } = {}) {
  const parts = localParts(date);
  return `${shortDate(parts, options)}, ${clockTime(parts)}`;
}

/** An instant's day in the visitor's own time zone: 'Tue, Nov 24' with `weekday`, as `shortDate`. */
export function localDate(date: Date, options: { weekday?: boolean; year?: boolean } = {}) {
  return shortDate(localParts(date), options);
}
