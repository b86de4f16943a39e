import type { FormikErrors } from 'formik';
import { type DraftValues, emptyDraft } from './draft/draft-storage';
import { homeownerFieldsSchema } from '#contract/core/fields';
import { jobChoicesForRequest, validateQuoteForm } from './form-schema';
import { localIsoDate } from '#contract/core/calendar-date';
import type { QuoteFormErrorKey } from './form-schema';

export interface ChosenVideo {
  file: File;
  seconds: number;
}

/** Everything the form holds: what is typed and chosen, the files, and what the ZIP lookup said. */
export interface FormValues extends DraftValues {
  /** Honeypot: hidden from people, filled by bots. */
  website: string;
  photos: File[];
  video: ChosenVideo | null;
  /** The last five digits the ZIP lookup did not know ('' when none). */
  unknownZip: string;
}

export type FormErrors = FormikErrors<FormValues> & Partial<Record<QuoteFormErrorKey, string>>;

export const emptyFormValues = (): FormValues => ({
  ...emptyDraft(),
  website: '',
  photos: [],
  video: null,
  unknownZip: '',
});

/**
 * Formik `validate`: the contract's form schema checks one value holding the fields, the
 * choices, the media selection (as counts) and the visitor's today.
 */
export function validateForm(values: FormValues, now: Date = new Date()): FormErrors {
  return validateQuoteForm({
    ...values,
    today: localIsoDate(now),
    photoCount: values.photos.length,
    hasVideo: values.video !== null,
    unknownZip: values.unknownZip || undefined,
  });
}

/** The booking's text fields and choices, trimmed and ready to send. */
export function requestFieldsFrom(values: FormValues, now: Date = new Date()) {
  return {
    fields: homeownerFieldsSchema.parse(values),
    choices: jobChoicesForRequest(values, localIsoDate(now)),
  };
}
