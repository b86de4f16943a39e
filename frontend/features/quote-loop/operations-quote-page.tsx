/**
 * The operations page behind "Send a quote": the request as the operations email shows it, and
 * the quote form (flat price, pickup date and window, hauler, note). Validation is the loop
 * contract's schema, the same the function applies.
 */
import { ErrorMessage, Field, Form, Formik } from 'formik';
import type { FormikErrors } from 'formik';
import { useState } from 'react';
import { postLoop } from './loop-api';
import {
  Card,
  Failure,
  Loading,
  LoopShell,
  buttonClass,
} from '../../components/sections/linked-page';
import { QuoteSummary } from './quote-summary';
import { StatusTimeline } from './status-timeline';
import { useLead } from './use-lead';
import { API_PATHS } from '#contract/api';
import { addDays, daysBetween, usToday } from '#contract/calendar-date';
import { firstMessagePerField } from '#contract/fields';
import {
  LOOP_LIMITS,
  QUOTE_WINDOWS,
  STATUS_LABELS,
  priceQuoteSchema,
  quotePickupDateError,
} from '#contract/quote-loop';
import type { LeadView, OperationsLeadView, QuoteWindow } from '#contract/quote-loop';

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

function QuoteForm({
  token,
  lead,
  onLead,
}: {
  token: string;
  lead: OperationsLeadView;
  onLead: (lead: LeadView) => void;
}) {
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>();
  const today = usToday(new Date());
  const previous = lead.quote;
  const initial: QuoteFormValues = {
    priceDollars: previous === undefined ? '' : String(previous.priceDollars),
    pickupDate:
      previous !== undefined && daysBetween(today, previous.pickupDate) >= 0
        ? previous.pickupDate
        : '',
    pickupWindow: previous?.pickupWindow ?? '',
    hauler: previous?.hauler ?? '',
    note: previous?.note ?? '',
  };
  return (
    <Formik<QuoteFormValues>
      initialValues={initial}
      validate={validate}
      onSubmit={async (values, helpers) => {
        setOutcome(undefined);
        const answer = await postLoop(API_PATHS.sendQuote, { token, quote: toQuote(values) });
        if (answer.lead !== undefined) onLead(answer.lead);
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
                text: `Quote sent to the homeowner. The request is now “${STATUS_LABELS.quoted}”.`,
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
                ${LOOP_LIMITS.priceDollars.min} to $
                {LOOP_LIMITS.priceDollars.max.toLocaleString('en-US')}
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
                Hauler’s name
              </label>
              <Field
                id="hauler"
                name="hauler"
                autoComplete="off"
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

function RequestFacts({ lead }: { lead: OperationsLeadView }) {
  const { request } = lead;
  const rows: Array<[string, string]> = [
    ['Name', request.name],
    ['Phone', request.phone],
    ['Email', request.email],
    ['Location', `${request.city}, ${request.state} ${request.zipCode}`],
    ...request.details.map(({ label, value }): [string, string] => [label, value]),
  ];
  return (
    <>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-slate-600 sm:font-normal">{label}</dt>
            <dd className="mb-2 break-words sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-5 font-semibold text-slate-900">Description</h3>
      <p className="mt-1 whitespace-pre-line break-words text-slate-800">{request.description}</p>
      {request.videoUrl === undefined ? (
        <ul className="mt-4 flex flex-wrap gap-3" aria-label="Photos">
          {request.photoUrls.map((url, i) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noopener noreferrer">
                <img
                  src={url}
                  alt={`Junk to pick up, ${i + 1} of ${request.photoUrls.length}`}
                  width={144}
                  height={108}
                  loading="lazy"
                  className="h-27 w-36 rounded border border-slate-200 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4">
          <a
            className="font-semibold text-emerald-800 underline"
            href={request.videoUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            Watch the video
          </a>
        </p>
      )}
    </>
  );
}

export function OperationsQuotePage() {
  const [state, setLead] = useLead('operations');
  return (
    <LoopShell title="Send a quote">
      {state.phase === 'loading' ? <Loading /> : null}
      {state.phase === 'failed' ? <Failure message={state.message} /> : null}
      {state.phase === 'ready' && state.lead.role === 'operations' ? (
        <>
          <p className="text-lg text-slate-800">
            Request <strong>{state.lead.reference}</strong> · {STATUS_LABELS[state.lead.status]}
          </p>
          <Card title="The request">
            <RequestFacts lead={state.lead} />
          </Card>
          {state.lead.quote === undefined ? null : (
            <Card title={`Current quote (#${state.lead.quote.number})`}>
              <QuoteSummary quote={state.lead.quote} />
            </Card>
          )}
          {state.lead.can.quote ? (
            <Card title={state.lead.quote === undefined ? 'Your quote' : 'Replace the quote'}>
              <QuoteForm token={state.token} lead={state.lead} onLead={setLead} />
            </Card>
          ) : (
            <Card title="Quote">
              <p className="text-slate-800">
                This request is “{STATUS_LABELS[state.lead.status]}”: it can no longer be quoted.
              </p>
            </Card>
          )}
          <Card title="Status">
            <StatusTimeline lead={state.lead} />
          </Card>
        </>
      ) : null}
    </LoopShell>
  );
}
