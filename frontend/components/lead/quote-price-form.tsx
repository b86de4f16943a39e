/**
 * The quote form of the quote loop's quote page, for operations and for a hauler's offer link:
 * flat price, pickup date and window, hauler, note. Validation is the loop contract's schema, the
 * same the function applies.
 */
import { ErrorMessage, Field, Form, Formik } from 'formik';
import type { FormikErrors } from 'formik';
import { useState } from 'react';
import { Failure, buttonClass } from '../signed-page/page-parts';
import { callFunction } from '../../shared/api/call-function';
import { API_PATHS } from '#contract/core/api';
import { addDays, daysBetween, usToday } from '#contract/core/calendar-date';
import { firstMessagePerField } from '#contract/core/fields';
import {
  LOOP_LIMITS,
  QUOTE_WINDOWS,
  STATUS_LABELS,
  formatPrice,
  quotePickupDateError,
} from '#contract/loop/quote-loop';
import { priceQuoteSchema } from '#contract/loop/quote-loop-schemas';
import type { LeadView, QuoteView, QuoteWindow } from '#contract/loop/quote-loop';

interface QuoteFormValues {
  priceDollars: string;
  pickupDate: string;
  pickupWindow: QuoteWindow | '';
  hauler: string;
  note: string;
}

type FormErrors = FormikErrors<QuoteFormValues>;

/** The form's strings as the contract's body: the price as a number, an empty note left out. */
function toQuote(values: QuoteFormValues): Record<string, unknown> {
  const price = values.priceDollars.trim();
  return {
    priceDollars: price === '' ? undefined : Number(price),
    pickupDate: values.pickupDate,
    pickupWindow: values.pickupWindow === '' ? undefined : values.pickupWindow,
    hauler: values.hauler,
    ...(values.note.trim() === '' ? {} : { note: values.note }),
  };
}

function validate(values: QuoteFormValues): FormErrors {
  const result = priceQuoteSchema.safeParse(toQuote(values));
  const errors: FormErrors = result.success
    ? {}
    : (firstMessagePerField(result.error.issues) as FormErrors);
  if (errors.pickupDate === undefined && values.pickupDate !== '') {
    const dateError = quotePickupDateError(values.pickupDate, usToday(new Date()));
    if (dateError !== undefined) errors.pickupDate = dateError;
  }
  return errors;
}

const inputClass =
  'mt-1 w-full rounded-md border border-slate-400 p-2.5 aria-[invalid=true]:border-red-700';

function FieldError({ name }: { name: keyof QuoteFormValues }) {
  return (
    <ErrorMessage name={name}>
      {(message) => (
        <p id={`${name}-error`} className="mt-1 text-sm font-semibold text-red-800">
          {message}
        </p>
      )}
    </ErrorMessage>
  );
}

/**
 * The flat-rate quote form. A hauler's business name is fixed (`fixedHauler`): the server signs
 * the quote with the name operations approved, whatever the form sends.
 */
export function QuoteForm({
  token,
  previous,
  fixedHauler,
  suggested,
  onLead,
}: {
  token: string;
  previous: QuoteView | undefined;
  fixedHauler?: string;
  /** A first quote's day and window, from what the homeowner asked for. */
  suggested?: { pickupDate?: string; pickupWindow?: QuoteWindow };
  onLead: (lead: LeadView) => void;
}) {
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>();
  const today = usToday(new Date());
  const initial: QuoteFormValues = {
    priceDollars: previous === undefined ? '' : String(previous.priceDollars),
    pickupDate:
      previous !== undefined
        ? daysBetween(today, previous.pickupDate) >= 0
          ? previous.pickupDate
          : ''
        : (suggested?.pickupDate ?? ''),
    pickupWindow: previous?.pickupWindow ?? suggested?.pickupWindow ?? '',
    hauler: fixedHauler ?? previous?.hauler ?? '',
    note: previous?.note ?? '',
  };
  return (
    <Formik<QuoteFormValues>
      initialValues={initial}
      validate={validate}
      onSubmit={async (values, helpers) => {
        setOutcome(undefined);
        const answer = await callFunction<{ lead?: LeadView }>(API_PATHS.sendQuote, {
          token,
          quote: toQuote(values),
        });
        if (answer.body?.lead !== undefined) onLead(answer.body.lead);
        if (answer.fields !== undefined) {
          const fields: FormErrors = {};
          for (const [key, message] of Object.entries(answer.fields)) {
            if (key in initial) fields[key as keyof QuoteFormValues] = message;
          }
          helpers.setErrors(fields);
        }
        setOutcome(
          answer.ok
            ? {
                ok: true,
                text:
                  fixedHauler === undefined
                    ? `Quote sent to the homeowner. The request is now “${STATUS_LABELS.quoted}”.`
                    : 'Quote sent to the homeowner. You will get an email if they accept it.',
              }
            : { ok: false, text: answer.message ?? '' },
        );
      }}
    >
      {({ errors, touched, isSubmitting, values }) => {
        const invalid = (name: keyof QuoteFormValues) =>
          (touched[name] === true && errors[name] !== undefined) || undefined;
        const describedBy = (name: keyof QuoteFormValues, hint?: string) =>
          [hint, invalid(name) ? `${name}-error` : undefined].filter(Boolean).join(' ') ||
          undefined;
        return (
          <Form noValidate className="space-y-5">
            <div>
              <label htmlFor="priceDollars" className="block font-semibold text-slate-900">
                Flat price (whole dollars)
              </label>
              <div className="mt-1 flex items-center gap-2">
                <span aria-hidden="true" className="text-lg text-slate-700">
                  $
                </span>
                <Field
                  id="priceDollars"
                  name="priceDollars"
                  inputMode="numeric"
                  autoComplete="off"
                  aria-invalid={invalid('priceDollars')}
                  aria-describedby={describedBy('priceDollars', 'priceDollars-hint')}
                  className={`${inputClass} mt-0 max-w-40`}
                />
              </div>
              <p id="priceDollars-hint" className="mt-1 text-sm text-slate-600">
                {formatPrice(LOOP_LIMITS.priceDollars.min)} to{' '}
                {formatPrice(LOOP_LIMITS.priceDollars.max)}
              </p>
              <FieldError name="priceDollars" />
            </div>
            <div>
              <label htmlFor="pickupDate" className="block font-semibold text-slate-900">
                Pickup date
              </label>
              <Field
                id="pickupDate"
                name="pickupDate"
                type="date"
                min={today}
                max={addDays(today, LOOP_LIMITS.pickupMaxDaysAhead)}
                aria-invalid={invalid('pickupDate')}
                aria-describedby={describedBy('pickupDate')}
                className={`${inputClass} max-w-56`}
              />
              <FieldError name="pickupDate" />
            </div>
            <fieldset aria-describedby={describedBy('pickupWindow')}>
              <legend className="font-semibold text-slate-900">Pickup window</legend>
              <div className="mt-2 flex flex-wrap gap-4">
                {(Object.keys(QUOTE_WINDOWS) as QuoteWindow[]).map((key) => (
                  <label key={key} className="flex min-h-11 items-center gap-2">
                    <Field
                      type="radio"
                      name="pickupWindow"
                      value={key}
                      className="h-5 w-5 accent-emerald-700"
                    />
                    {QUOTE_WINDOWS[key].label}
                  </label>
                ))}
              </div>
              <FieldError name="pickupWindow" />
            </fieldset>
            <div>
              <label htmlFor="hauler" className="block font-semibold text-slate-900">
                {fixedHauler === undefined ? 'Hauler’s name' : 'Your business'}
              </label>
              <Field
                id="hauler"
                name="hauler"
                autoComplete="off"
                readOnly={fixedHauler !== undefined}
                maxLength={LOOP_LIMITS.hauler.max}
                aria-invalid={invalid('hauler')}
                aria-describedby={describedBy('hauler')}
                className={inputClass}
              />
              <FieldError name="hauler" />
            </div>
            <div>
              <label htmlFor="note" className="block font-semibold text-slate-900">
                Note to the homeowner (optional)
              </label>
              <Field
                as="textarea"
                id="note"
                name="note"
                rows={4}
                maxLength={LOOP_LIMITS.note.max}
                aria-invalid={invalid('note')}
                aria-describedby={describedBy('note', 'note-count')}
                className={inputClass}
              />
              <p id="note-count" className="mt-1 text-sm text-slate-600">
                {values.note.length} / {LOOP_LIMITS.note.max} characters
              </p>
              <FieldError name="note" />
            </div>
            <button type="submit" className={buttonClass} disabled={isSubmitting}>
              {isSubmitting
                ? 'Sending…'
                : previous === undefined
                  ? 'Send the quote'
                  : 'Send the new quote'}
            </button>
            {outcome === undefined ? null : outcome.ok ? (
              <p
                role="status"
                className="rounded-md border border-emerald-300 bg-emerald-50 p-4 font-semibold text-emerald-900"
              >
                {outcome.text}
              </p>
            ) : (
              <Failure message={outcome.text} />
            )}
          </Form>
        );
      }}
    </Formik>
  );
}
