/**
 * The form's own half of the contract: what the form holds, how it validates as a whole (fields,
 * choices, the media selection as counts, the visitor's today) and what it says while it works.
 */
import * as z from 'zod/mini';
import { mediaSelectionError } from '#contract/booking/booking';
import type { BookingRequestInput } from '#contract/booking/booking';
import { addDays } from '#contract/core/calendar-date';
import {
  HOMEOWNER_FIELDS,
  firstMessagePerField,
  homeownerFieldsSchema,
} from '#contract/core/fields';
import type { HomeownerField } from '#contract/core/fields';
import {
  CHOICE_MESSAGES,
  PICKUP_DAYS,
  PICKUP_LIMITS,
  pickupDateError,
} from '#contract/booking/job-choices';
import type { LoadSize, PickupDay, PickupWindow } from '#contract/booking/job-choices';
import { MESSAGES } from '#contract/core/messages';
/** What the form holds for the choosers: '' for "no size", a date only when one is picked. */
export interface JobChoiceValues {
  loadSize: LoadSize | '';
  pickupDay: PickupDay;
  /** The date input's value; used only when pickupDay is 'date'. */
  pickupDate: string;
  pickupWindow: PickupWindow;
}

/** The body fields for the form's choices, given the visitor's local today (YYYY-MM-DD). */
export function jobChoicesForRequest(
  values: JobChoiceValues,
  today: string,
): Pick<BookingRequestInput, 'loadSize' | 'pickupDay' | 'pickupDate' | 'pickupWindow'> {
  const date =
    values.pickupDay === 'today'
      ? today
      : values.pickupDay === 'tomorrow'
        ? addDays(today, 1)
        : values.pickupDay === 'date'
          ? values.pickupDate
          : undefined;
  return {
    ...(values.loadSize === '' ? {} : { loadSize: values.loadSize }),
    pickupDay: values.pickupDay,
    ...(date === undefined ? {} : { pickupDate: date }),
    pickupWindow: values.pickupWindow,
  };
}

/** What the form says while it works, and without JavaScript. */
export const STATUS_MESSAGES = {
  preparing: 'Preparing your photos…',
  uploading: (filesDone: number, filesTotal: number, percent: number): string =>
    `Uploading ${filesDone} of ${filesTotal} files… ${percent}%`,
  sending: 'Sending your request…',
  noScript: 'Sending a quote request needs JavaScript. Please turn it on and reload this page.',
} as const;
/**
 * The value the form validates: its text fields and choices, the media selection as counts, the
 * visitor's local today (the date range's start) and the ZIP the lookup did not know, if any.
 */
export const quoteFormSchema = z
  .object({
    ...homeownerFieldsSchema.shape,
    pickupDay: z.enum(PICKUP_DAYS, { error: CHOICE_MESSAGES.pickupDayInvalid }),
    pickupDate: z.string(),
    today: z.string(),
    photoCount: z.number(),
    hasVideo: z.boolean(),
    unknownZip: z.optional(z.string()),
  })
  .check(
    z.superRefine((value, ctx) => {
      const mediaError = mediaSelectionError(value);
      if (mediaError !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['media'], message: mediaError });
      }
      if (value.pickupDay === 'date') {
        const dateError = pickupDateError(
          value.pickupDate,
          value.today,
          addDays(value.today, PICKUP_LIMITS.daysAhead),
        );
        if (dateError !== undefined) {
          ctx.addIssue({ code: 'custom', path: ['pickupDate'], message: dateError });
        }
      }
      if (value.unknownZip && value.zipCode.slice(0, 5) === value.unknownZip) {
        ctx.addIssue({ code: 'custom', path: ['zipCode'], message: MESSAGES.zipCodeInvalid });
      }
    }),
  );

export type QuoteFormValue = z.input<typeof quoteFormSchema>;
/** Where the form shows a message: a text field, the pickup date, or the media pickers. */
export type QuoteFormErrorKey = HomeownerField | 'pickupDate' | 'media';

/** Formik `validate` for the whole form: `{}` when valid, else the first message per place. */
export function validateQuoteForm(
  value: QuoteFormValue,
): Partial<Record<QuoteFormErrorKey, string>> {
  const result = quoteFormSchema.safeParse(value);
  if (result.success) return {};
  const messages = firstMessagePerField(result.error.issues);
  const errors: Partial<Record<QuoteFormErrorKey, string>> = {};
  for (const key of [...HOMEOWNER_FIELDS, 'pickupDate', 'media'] as const) {
    const message = messages[key];
    if (message !== undefined) errors[key] = message;
  }
  return errors;
}
