import { describe, expect, it } from 'vitest';
import { jobChoicesForRequest, validateQuoteForm } from './form-schema';
import type { QuoteFormValue } from './form-schema';
import { VALID_REQUEST_FIELDS, validBookingBody } from '../../../test/fixtures/homeowner';
import { bookingRequestSchema } from '#contract/booking/booking';
import { CHOICE_MESSAGES } from '#contract/booking/job-choices';
import { MESSAGES } from '#contract/core/messages';

const booking = validBookingBody;

describe('what the form sends for its choices', () => {
  const today = '2026-11-23';

  it('turns today and tomorrow into the visitor’s local dates, keeping the choice', () => {
    const base = { loadSize: '', pickupDate: '', pickupWindow: 'any' } as const;
    expect(jobChoicesForRequest({ ...base, pickupDay: 'today' }, today)).toEqual({
      pickupDay: 'today',
      pickupDate: '2026-11-23',
      pickupWindow: 'any',
    });
    expect(jobChoicesForRequest({ ...base, pickupDay: 'tomorrow' }, '2026-12-31')).toEqual({
      pickupDay: 'tomorrow',
      pickupDate: '2027-01-01',
      pickupWindow: 'any',
    });
  });

  it('sends a picked date as is, and no date and no size when none was chosen', () => {
    expect(
      jobChoicesForRequest(
        {
          loadSize: 'full',
          pickupDay: 'date',
          pickupDate: '2026-12-01',
          pickupWindow: 'afternoon',
        },
        today,
      ),
    ).toEqual({
      loadSize: 'full',
      pickupDay: 'date',
      pickupDate: '2026-12-01',
      pickupWindow: 'afternoon',
    });
    expect(
      jobChoicesForRequest(
        // A date typed, then "As soon as possible" chosen again: the date is not sent.
        { loadSize: '', pickupDay: 'asap', pickupDate: '2026-12-01', pickupWindow: 'any' },
        today,
      ),
    ).toEqual({ pickupDay: 'asap', pickupWindow: 'any' });
  });

  it('every value it produces passes the booking schema', () => {
    for (const pickupDay of ['asap', 'today', 'tomorrow', 'date'] as const) {
      const choices = jobChoicesForRequest(
        { loadSize: 'quarter', pickupDay, pickupDate: '2026-11-30', pickupWindow: 'morning' },
        today,
      );
      expect(bookingRequestSchema.safeParse(booking(choices)).success).toBe(true);
    }
  });
});

describe('the form’s validated value', () => {
  const value = (overrides: Partial<QuoteFormValue> = {}): QuoteFormValue => ({
    ...VALID_REQUEST_FIELDS,
    pickupDay: 'asap',
    pickupDate: '',
    today: '2026-11-23',
    photoCount: 2,
    hasVideo: false,
    ...overrides,
  });

  it('is valid with the fields, two photos and the defaults', () => {
    expect(validateQuoteForm(value())).toEqual({});
  });

  it('carries the media rule: no photos and no video is a media error', () => {
    expect(validateQuoteForm(value({ photoCount: 0 }))).toEqual({ media: MESSAGES.mediaRequired });
    expect(validateQuoteForm(value({ photoCount: 0, hasVideo: true }))).toEqual({});
    expect(validateQuoteForm(value({ photoCount: 11 }))).toEqual({ media: MESSAGES.tooManyPhotos });
  });

  it('allows a picked date from the visitor’s today to 30 days ahead, no past dates', () => {
    const picked = (pickupDate: string) =>
      validateQuoteForm(value({ pickupDay: 'date', pickupDate }));
    expect(picked('2026-11-23')).toEqual({});
    expect(picked('2026-12-23')).toEqual({});
    expect(picked('2026-11-22')).toEqual({ pickupDate: CHOICE_MESSAGES.pickupDateOutOfRange });
    expect(picked('2026-12-24')).toEqual({ pickupDate: CHOICE_MESSAGES.pickupDateOutOfRange });
    expect(picked('')).toEqual({ pickupDate: CHOICE_MESSAGES.pickupDateRequired });
    // An old date left in the input does not matter once another day is chosen.
    expect(validateQuoteForm(value({ pickupDay: 'today', pickupDate: '2020-01-01' }))).toEqual({});
  });

  it('gives a ZIP the lookup did not know the spec’s message, until it changes', () => {
    expect(validateQuoteForm(value({ zipCode: '00000', unknownZip: '00000' }))).toEqual({
      zipCode: 'Please enter a valid zip code',
    });
    expect(validateQuoteForm(value({ zipCode: '85001', unknownZip: '00000' }))).toEqual({});
  });
});
