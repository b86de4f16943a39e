// 'en-US' dollars, dates and times without `Intl` (decision 039): a page's first `Intl` call loads
// ICU's locale data, a phone's longest task. Each function's test compares it with `Intl`.

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

export function dollars(n: number): string {
  return `$${groupThousands(n)}`;
}

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

/** 'Nov 24', 'Tue, Nov 24' (`weekday`), 'Nov 24, 2026' (`year`). */
export function shortDate(parts: DateParts, { weekday = false, year = false } = {}): string {
  const monthDay = `${MONTHS[parts.month]!.slice(0, 3)} ${parts.day}`;
  return `${weekday ? `${WEEKDAYS[parts.weekday]}, ` : ''}${monthDay}${year ? `, ${parts.year}` : ''}`;
}

export function longDate(parts: DateParts): string {
  return `${MONTHS[parts.month]} ${parts.day}, ${parts.year}`;
}

function clockTime(parts: DateParts): string {
  const hour = parts.hours % 12 === 0 ? 12 : parts.hours % 12;
  return `${hour}:${String(parts.minutes).padStart(2, '0')} ${parts.hours < 12 ? 'AM' : 'PM'}`;
}

/** 'Nov 24, 3:05 PM' in the visitor's own zone: Intl's dateStyle 'medium', timeStyle 'short'. */
export function localDateTime(date: Date, options: { weekday?: boolean; year?: boolean } = {}) {
  const parts = localParts(date);
  return `${shortDate(parts, options)}, ${clockTime(parts)}`;
}

export function localDate(date: Date, options: { weekday?: boolean; year?: boolean } = {}) {
  return shortDate(localParts(date), options);
}
