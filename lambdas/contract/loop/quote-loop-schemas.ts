// The quote loop's bodies (decision 021), apart from ./quote-loop so its texts load no zod (040).
import * as z from 'zod/mini';
import { isIsoDate } from '../core/calendar-date';
import { multiLine, oneLine, strictOptions, trimmedText } from '../core/fields';
import { LOOP_LIMITS, LOOP_MESSAGES, QUOTE_WINDOWS } from './quote-loop';
import type { QuoteWindow } from './quote-loop';

const QUOTE_WINDOW_KEYS = Object.keys(QUOTE_WINDOWS) as [QuoteWindow, ...QuoteWindow[]];

/** A signed link's token as a body field: anything wrong with it reads as the invalid link. */
export const token = z
  .string({ error: LOOP_MESSAGES.linkInvalid })
  .check(
    z.minLength(1, LOOP_MESSAGES.linkInvalid),
    z.maxLength(LOOP_LIMITS.tokenMaxLength, LOOP_MESSAGES.linkInvalid),
  );

export const freeText = (field: string, max: number, notText: string, tooLong: string) =>
  z.optional(trimmedText(0, max, notText, tooLong, multiLine(field)));

export const priceDollarsSchema = z
  .number({ error: LOOP_MESSAGES.priceInvalid })
  .check(
    z.int(LOOP_MESSAGES.priceInvalid),
    z.gte(LOOP_LIMITS.priceDollars.min, LOOP_MESSAGES.priceInvalid),
    z.lte(LOOP_LIMITS.priceDollars.max, LOOP_MESSAGES.priceInvalid),
  );

/** The date's range needs a clock: see `quotePickupDateError`. */
export const priceQuoteSchema = z.strictObject(
  {
    priceDollars: priceDollarsSchema,
    pickupDate: z
      .string({ error: LOOP_MESSAGES.pickupDateInvalid })
      .check(z.refine(isIsoDate, LOOP_MESSAGES.pickupDateInvalid)),
    pickupWindow: z.enum(QUOTE_WINDOW_KEYS, { error: LOOP_MESSAGES.pickupWindowInvalid }),
    hauler: trimmedText(
      LOOP_LIMITS.hauler.min,
      LOOP_LIMITS.hauler.max,
      LOOP_MESSAGES.haulerInvalid,
      LOOP_MESSAGES.haulerInvalid,
      oneLine('Hauler'),
    ),
    note: freeText(
      'Note',
      LOOP_LIMITS.note.max,
      LOOP_MESSAGES.noteNotText,
      LOOP_MESSAGES.noteTooLong,
    ),
  },
  strictOptions(LOOP_MESSAGES.quoteNotObject),
);
export type PriceQuote = z.output<typeof priceQuoteSchema>;
export type PriceQuoteInput = z.input<typeof priceQuoteSchema>;

export const leadViewRequestSchema = z.strictObject({ token }, strictOptions());

export const sendQuoteRequestSchema = z.strictObject(
  { token, quote: priceQuoteSchema },
  strictOptions(),
);
export type SendQuoteRequest = z.output<typeof sendQuoteRequestSchema>;

// The token says accept or decline, and which quote; the body repeats the choice, so a mix-up is
// refused. The request page's view link accepts the quote the body names.
export const decideQuoteRequestSchema = z.strictObject(
  {
    token,
    decision: z.enum(['accept', 'decline'], { error: LOOP_MESSAGES.decisionInvalid }),
    quote: z.optional(
      z
        .number({ error: LOOP_MESSAGES.quoteNumberInvalid })
        .check(
          z.int(LOOP_MESSAGES.quoteNumberInvalid),
          z.gte(1, LOOP_MESSAGES.quoteNumberInvalid),
          z.lte(LOOP_LIMITS.offerNumberMax, LOOP_MESSAGES.quoteNumberInvalid),
        ),
    ),
    reason: freeText(
      'Reason',
      LOOP_LIMITS.declineReason.max,
      LOOP_MESSAGES.reasonNotText,
      LOOP_MESSAGES.reasonTooLong,
    ),
    /** Back from the card page (decision 056): the Checkout Session whose saved card accepts. */
    checkout: z.optional(
      z.string({ error: LOOP_MESSAGES.unexpected }).check(z.minLength(1), z.maxLength(255)),
    ),
  },
  strictOptions(),
);
export type DecideQuoteRequest = z.output<typeof decideQuoteRequestSchema>;

export const cancelRequestSchema = z.strictObject({ token }, strictOptions());
