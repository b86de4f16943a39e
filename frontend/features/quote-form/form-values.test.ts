import { describe, expect, it } from 'vitest';
import { type FormValues, emptyFormValues, requestFieldsFrom, validateForm } from './form-values';
import { VALID_REQUEST_FIELDS } from '../../../test/fixtures/homeowner';
import { localIsoDate } from '#contract/core/calendar-date';
import { CHOICE_MESSAGES } from '#contract/booking/job-choices';
import { MESSAGES } from '#contract/core/messages';

const photo = (name: string) => new File(['x'], name, { type: 'image/jpeg' });

const filled = (overrides: Partial<FormValues> = {}): FormValues => ({
  ...emptyFormValues(),
  ...VALID_REQUEST_FIELDS,
  photos: [photo('a.jpg'), photo('b.jpg')],
  ...overrides,
});

// 23:30 on Nov 23 where the visitor is, whatever the machine's zone.
const lateEvening = new Date(2026, 10, 23, 23, 30);

describe('the form’s values, validated as one', () => {
  it('the files are part of the value: too few photos and no video is the media message', () => {
    expect(validateForm(filled(), lateEvening)).toEqual({});
    expect(validateForm(filled({ photos: [photo('a.jpg')] }), lateEvening)).toEqual({
      media: MESSAGES.mediaRequired,
    });
    const video = { file: new File(['v'], 'v.webm', { type: 'video/webm' }), seconds: 5 };
    expect(validateForm(filled({ photos: [], video }), lateEvening)).toEqual({});
  });

  it('a picked date is checked against the visitor’s own today', () => {
    const picked = (pickupDate: string) =>
      validateForm(filled({ pickupDay: 'date', pickupDate }), lateEvening);
    expect(localIsoDate(lateEvening)).toBe('2026-11-23');
    expect(picked('2026-11-23')).toEqual({});
    expect(picked('2026-11-22')).toEqual({ pickupDate: CHOICE_MESSAGES.pickupDateOutOfRange });
  });

  it('a ZIP the lookup did not know carries the spec’s message', () => {
    expect(validateForm(filled({ zipCode: '00000', unknownZip: '00000' }), lateEvening)).toEqual({
      zipCode: MESSAGES.zipCodeInvalid,
    });
  });

  it('what is sent: trimmed fields, and "tomorrow" as the visitor’s next calendar day', () => {
    const { fields, choices } = requestFieldsFrom(
      filled({
        name: '  Dana  ',
        loadSize: 'half',
        pickupDay: 'tomorrow',
        pickupWindow: 'morning',
      }),
      lateEvening,
    );
    expect(fields.name).toBe('Dana');
    expect(fields).not.toHaveProperty('photos');
    expect(choices).toEqual({
      loadSize: 'half',
      pickupDay: 'tomorrow',
      pickupDate: '2026-11-24',
      pickupWindow: 'morning',
    });
  });
});
