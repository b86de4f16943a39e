// Who the hauler is on every quote, the quote email's subject, the order quotes are compared in
// and the flag on a quote for another day or window (docs/decisions/050-who-the-hauler-is.md).
// The quote card and the quote email read these same functions.
import { daysBetween, formatLongDate, formatPickupDate } from '../core/calendar-date';
import { TRUCK_LABELS } from '../haulers/haulers';
import type { Truck } from '../haulers/haulers';
import { QUOTE_WINDOWS, formatPrice } from './quote-loop';
import type { HaulerRating, OffAsked, QuoteView, QuoteWindow } from './quote-loop';

export const QUOTE_CARD_TEXTS = {
  /** A hauler with fewer ratings than STRIKE_RULES.newUnderRatings. */
  newHauler: 'New: first jobs with us',
  offAsked: {
    day: 'Not the day you asked for',
    window: 'Not the window you asked for',
    both: 'Not the day or window you asked for',
  } satisfies Record<OffAsked, string>,
  youAsked: (when: string) => `You asked for ${when}`,
  anyTime: 'any time',
  insured: (month: string) => `Insured: certificate checked, expires ${month}`,
  miles: (miles: number) =>
    miles === 0
      ? 'Based in the pickup’s ZIP code'
      : `${miles} ${miles === 1 ? 'mile' : 'miles'} from the pickup`,
  jobsDone: (count: number) => (count === 0 ? 'None with us yet' : `${count} with us`),
  labels: {
    insurance: 'Insurance',
    truck: 'Truck',
    distance: 'Distance',
    jobsDone: 'Jobs done',
    rating: 'Rating',
  },
  /** The accept landing: the quote whose email the homeowner came from. */
  opened: 'The quote you opened',
  lowerElsewhere: 'Another open quote is lower: compare them before you accept.',
  othersOpen: 'Other open quotes for your request are listed too, lowest price first.',
} as const;

/** 'March 2027' from '2027-03-31'. */
export function expiryMonth(date: string): string {
  const [month = '', , year = ''] = formatLongDate(date).split(' ');
  return `${month} ${year}`;
}

/** '★ 4.8 (12 ratings)', or 'New: first jobs with us'. */
export function ratingLine(rating: HaulerRating): string {
  return rating.kind === 'new'
    ? QUOTE_CARD_TEXTS.newHauler
    : `★ ${rating.average.toFixed(1)} (${rating.count} ratings)`;
}

export function truckLabel(truck: string): string {
  return Object.hasOwn(TRUCK_LABELS, truck) ? TRUCK_LABELS[truck as Truck] : truck;
}

/** The facts we hold about the quote's hauler, as label and value, in the card's order. */
export function haulerFactRows(quote: QuoteView): Array<{ label: string; value: string }> {
  const facts = quote.haulerFacts ?? {};
  const { labels } = QUOTE_CARD_TEXTS;
  const rows: Array<{ label: string; value: string | undefined }> = [
    {
      label: labels.insurance,
      value:
        facts.insuredUntil === undefined
          ? undefined
          : QUOTE_CARD_TEXTS.insured(expiryMonth(facts.insuredUntil)),
    },
    { label: labels.truck, value: facts.truck === undefined ? undefined : truckLabel(facts.truck) },
    {
      label: labels.distance,
      value: facts.miles === undefined ? undefined : QUOTE_CARD_TEXTS.miles(facts.miles),
    },
    {
      label: labels.jobsDone,
      value: facts.jobsDone === undefined ? undefined : QUOTE_CARD_TEXTS.jobsDone(facts.jobsDone),
    },
    {
      label: labels.rating,
      value: quote.rating === undefined ? undefined : ratingLine(quote.rating),
    },
  ];
  return rows.filter((row): row is { label: string; value: string } => row.value !== undefined);
}

/** 'Sat morning' within the coming week, else 'Sat, Dec 12, morning'. */
export function shortWhen(date: string, window: QuoteWindow, today: string): string {
  const day = formatPickupDate(date);
  const ahead = daysBetween(today, date);
  const named = ahead >= 0 && ahead < 7 ? day.split(',')[0] : `${day},`;
  return `${named} ${QUOTE_WINDOWS[window].short}`;
}

/** "Queen City Haul-Away: $285, Sat morning": the business, the price and the window. */
export function quoteSubject(
  quote: Pick<QuoteView, 'hauler' | 'priceDollars' | 'pickupDate' | 'pickupWindow'>,
  today: string,
): string {
  return `${quote.hauler}: ${formatPrice(quote.priceDollars)}, ${shortWhen(quote.pickupDate, quote.pickupWindow, today)}`;
}

export interface AskedPickup {
  date?: string;
  window?: QuoteWindow;
}

/** Whether the quote is for another day or window than the homeowner asked for. */
export function offAsked(
  quote: Pick<QuoteView, 'pickupDate' | 'pickupWindow'>,
  asked: AskedPickup | undefined,
): OffAsked | undefined {
  const day = asked?.date !== undefined && asked.date !== quote.pickupDate;
  const window = asked?.window !== undefined && asked.window !== quote.pickupWindow;
  if (day && window) return 'both';
  if (day) return 'day';
  return window ? 'window' : undefined;
}

/** 'Sat, Nov 28, morning', 'Sat, Nov 28, any time' or 'Morning (8–12)'. */
export function askedText(asked: AskedPickup): string | undefined {
  if (asked.date === undefined && asked.window === undefined) return undefined;
  const window =
    asked.window === undefined ? QUOTE_CARD_TEXTS.anyTime : QUOTE_WINDOWS[asked.window].short;
  if (asked.date === undefined) return window;
  return `${formatPickupDate(asked.date)}, ${window}`;
}

/**
 * Lowest price first (then the earlier pickup, then the first sent); `first`, the quote an
 * accept link is about, leads whatever its price.
 */
export function orderQuotes<Q extends Pick<QuoteView, 'number' | 'priceDollars' | 'pickupDate'>>(
  quotes: readonly Q[],
  first?: number,
): Q[] {
  return [...quotes].sort(
    (a, b) =>
      Number(b.number === first) - Number(a.number === first) ||
      a.priceDollars - b.priceDollars ||
      a.pickupDate.localeCompare(b.pickupDate) ||
      a.number - b.number,
  );
}
