import { describe, expect, it } from 'vitest';
import { bookingRequestSchema } from '../booking/booking';
import { firstMessagePerField } from '../core/fields';
import { MESSAGES } from '../core/messages';
import { LOOP_MESSAGES, suggestedPickup } from './quote-loop';
import { decideQuoteRequestSchema, sendQuoteRequestSchema } from './quote-loop-schemas';
import { uploadUrlsRequestSchema } from '../booking/upload-urls';
import { VALID_REQUEST_FIELDS } from '../../../test/fixtures/homeowner';

const token = 'a'.repeat(40);
const quote = {
  priceDollars: 240,
  pickupDate: '2026-12-01',
  pickupWindow: 'morning',
  hauler: 'Hank’s Hauling',
};

const quoteErrors = (body: unknown) => {
  const result = sendQuoteRequestSchema.safeParse(body);
  return result.success ? {} : firstMessagePerField(result.error.issues);
};
const issuesOf = (body: unknown) => {
  const result = sendQuoteRequestSchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};
const decisionErrors = (reason: unknown) => {
  const result = decideQuoteRequestSchema.safeParse({ token, decision: 'decline', reason });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

// Characters that forge lines in an email's text part or make text read as something else.
const FORGERIES = {
  'a line break (a forged Bcc: line)': 'Hank\r\nBcc: victim@example.com',
  'a NUL': 'Hank\u0000',
  'a right-to-left override': 'hi\u202Egnp.exe',
  'a zero-width space': 'Ha\u200Bnk',
};

describe('the quote loop’s text fields', () => {
  it.each(Object.entries(FORGERIES))('refuse %s in the hauler’s name', (_, hauler) => {
    expect(issuesOf({ token, quote: { ...quote, hauler } })).toEqual([
      MESSAGES.invisibleCharacters('Hauler'),
    ]);
  });

  it.each(Object.entries(FORGERIES).filter(([name]) => !name.startsWith('a line break')))(
    'refuse %s in the note and the decline reason',
    (_, text) => {
      expect(issuesOf({ token, quote: { ...quote, note: text } })).toEqual([
        MESSAGES.invisibleCharacters('Note'),
      ]);
      expect(decisionErrors(text)).toEqual([MESSAGES.invisibleCharacters('Reason')]);
    },
  );

  it('keep line breaks, tabs and emoji in the note and the reason, as the description does', () => {
    const text = 'Gate code 1234\nCouch is\tin the garage 👩‍🔧';
    expect(issuesOf({ token, quote: { ...quote, note: text } })).toEqual([]);
    expect(decisionErrors(text)).toEqual([]);
  });
});

describe('the quote loop’s 400 answers', () => {
  it('name the quote when it is missing or null, not the whole body', () => {
    expect(quoteErrors({ token })).toEqual({ quote: LOOP_MESSAGES.quoteNotObject });
    expect(quoteErrors({ token, quote: null })).toEqual({ quote: LOOP_MESSAGES.quoteNotObject });
    expect(quoteErrors(null)).toEqual({});
    expect(issuesOf(null)).toEqual([MESSAGES.bodyNotObject]);
  });

  it('say a non-string note or reason must be text, not that it is too long', () => {
    expect(issuesOf({ token, quote: { ...quote, note: 42 } })).toEqual([LOOP_MESSAGES.noteNotText]);
    expect(decisionErrors(['no'])).toEqual([LOOP_MESSAGES.reasonNotText]);
    expect(issuesOf({ token, quote: { ...quote, note: 'x'.repeat(501) } })).toEqual([
      LOOP_MESSAGES.noteTooLong,
    ]);
  });
});

describe('a submission id', () => {
  const id = '3F2A9C1B-7D4E-4A5B-9C8D-0E1F2A3B4C5D';

  it('is kept in lower case by the upload-URL and booking schemas, whatever case it came in', () => {
    const uploads = uploadUrlsRequestSchema.parse({
      submissionId: id,
      files: [{ kind: 'photo', contentType: 'image/jpeg', size: 1000 }],
    });
    expect(uploads.submissionId).toBe(id.toLowerCase());
    const base = `https://www.example.com/quote-photos/${id.toLowerCase()}`;
    const booking = bookingRequestSchema.parse({
      ...VALID_REQUEST_FIELDS,
      photoUrls: [`${base}/1_1.jpg`, `${base}/1_2.jpg`],
      photoCount: 2,
      hasVideo: false,
      submissionId: id,
    });
    expect(booking.submissionId).toBe(id.toLowerCase());
  });
});

describe('the quote form’s suggested day and window', () => {
  it('are the day and window the homeowner asked for', () => {
    expect(
      suggestedPickup({ pickupDate: '2026-11-28', pickupWindow: 'afternoon' }, '2026-11-27'),
    ).toEqual({ pickupDate: '2026-11-28', pickupWindow: 'afternoon' });
  });

  it('leave out a day already past, or too far ahead, and the window "any time"', () => {
    expect(
      suggestedPickup({ pickupDate: '2026-11-26', pickupWindow: 'any' }, '2026-11-27'),
    ).toEqual({});
    expect(suggestedPickup({ pickupDate: '2027-03-01' }, '2026-11-27')).toEqual({});
  });

  it('are empty when the homeowner asked for as soon as possible', () => {
    expect(suggestedPickup({}, '2026-11-27')).toEqual({});
  });
});
