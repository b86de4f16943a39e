// A quote as the lead stores it (decision 033): the homeowner's view of it plus who sent it.
import * as z from 'zod/mini';
import type { Agrees } from '../runtime/stored-item';
import { QUOTE_STATES, QUOTE_WINDOWS } from '#contract/loop/quote-loop';
import type { QuoteView, QuoteWindow } from '#contract/loop/quote-loop';

const haulerRatingSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('new'), count: z.number() }),
  z.object({ kind: z.literal('rated'), average: z.number(), count: z.number() }),
]);

const quoteFields = {
  number: z.number(),
  priceDollars: z.number(),
  pickupDate: z.string(),
  pickupWindow: z.enum(Object.keys(QUOTE_WINDOWS) as [QuoteWindow, ...QuoteWindow[]]),
  hauler: z.string(),
  note: z.optional(z.string()),
  sentAt: z.string(),
  rating: z.optional(haulerRatingSchema),
  /** Older quotes have none: the card then shows what it has. */
  haulerFacts: z.optional(
    z.object({
      insuredUntil: z.optional(z.string()),
      truck: z.optional(z.string()),
      miles: z.optional(z.number()),
      jobsDone: z.optional(z.number()),
    }),
  ),
  /** A hauler's quote: who sent it and the offer its link carried; never in the homeowner's view. */
  haulerId: z.optional(z.string()),
  offer: z.optional(z.number()),
};

export const storedQuoteSchema = z.object({
  ...quoteFields,
  from: z.enum(['operations', 'hauler']),
  state: z.enum(QUOTE_STATES),
});
export type StoredQuote = z.output<typeof storedQuoteSchema>;
export type QuoteAgrees = Agrees<
  Omit<StoredQuote, 'haulerId' | 'offer'>,
  Omit<QuoteView, 'unacceptable' | 'offAsked'>
>;

// Older quote: before several quotes per request (fa442c6) a quote had no sender nor state. It
// was operations', and reads as live, as it always has.
const olderQuoteSchema = z.object({
  ...quoteFields,
  from: z.optional(z.enum(['operations', 'hauler'])),
  state: z.optional(z.enum(QUOTE_STATES)),
});

export const quoteSchema = z.pipe(
  olderQuoteSchema,
  z.transform((quote): StoredQuote => ({
    ...quote,
    from: quote.from ?? 'operations',
    state: quote.state ?? 'live',
  })),
);

export function looksLikeQuote(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && typeof Reflect.get(value, 'number') === 'number'
  );
}
