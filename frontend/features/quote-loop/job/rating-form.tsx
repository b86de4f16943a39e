/**
 * "Rate your hauler" on the homeowner's request page once the job is done: 1 to 5 stars as a
 * radio group (arrow keys move between them, as native radios do) and an optional comment. The
 * contract's schema checks it here and again in the function; the function's per-field errors
 * land under their fields.
 */
import { ErrorMessage, Field, Form, Formik, useFormikContext } from 'formik';
import type { FormikErrors } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { Failure, Success, buttonClass } from '../../../components/signed-page/page-parts';
import { callFunction } from '../../../shared/api/call-function';
import { firstMessagePerField } from '#contract/core/fields';
import { JOB_API_PATHS, JOB_LIMITS, JOB_MESSAGES, JOB_TEXTS } from '#contract/loop/jobs';
import { ratingRequestSchema } from '#contract/loop/job-schemas';
import type { LeadWithJob } from '#contract/loop/jobs';

interface RatingValues {
  stars: string;
  comment: string;
}
type RatingErrors = FormikErrors<RatingValues>;

const STARS = [1, 2, 3, 4, 5] as const;
const starLabel = (stars: number) => `${stars} star${stars === 1 ? '' : 's'}`;

function toBody(token: string, values: RatingValues) {
  return {
    token,
    stars: values.stars === '' ? undefined : Number(values.stars),
    ...(values.comment.trim() === '' ? {} : { comment: values.comment }),
  };
}

function validate(token: string, values: RatingValues): RatingErrors {
  const result = ratingRequestSchema.safeParse(toBody(token, values));
  if (result.success) return {};
  const { stars, comment } = firstMessagePerField(result.error.issues);
  return {
    ...(stars === undefined ? {} : { stars }),
    ...(comment === undefined ? {} : { comment }),
  };
}

function FieldError({ name }: { name: keyof RatingValues }) {
  return (
    <ErrorMessage name={name}>
      {(message) => (
        <p id={`rating-${name}-error`} className="mt-1 text-sm font-semibold text-red-800">
          {message}
        </p>
      )}
    </ErrorMessage>
  );
}

/** After a refused submit, focus goes to the first field with an error: the chosen star or the first. */
function FocusFirstError() {
  const { submitCount, isSubmitting, errors } = useFormikContext<RatingValues>();
  const seen = useRef(0);
  useEffect(() => {
    if (isSubmitting || submitCount === seen.current) return;
    seen.current = submitCount;
    const target =
      errors.stars !== undefined
        ? document.querySelector<HTMLInputElement>(
            'input[name="stars"]:checked, input[name="stars"]',
          )
        : errors.comment !== undefined
          ? document.getElementById('rating-comment')
          : null;
    target?.focus();
  }, [submitCount, isSubmitting, errors]);
  return null;
}

/** The one sentence after a try: thanks, or what went wrong; focus moves to it. */
function Outcome({ outcome }: { outcome: { ok: boolean; text: string } }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [outcome]);
  return (
    <div ref={ref} tabIndex={-1} className="focus:outline-none">
      {outcome.ok ? <Success>{outcome.text}</Success> : <Failure message={outcome.text} />}
    </div>
  );
}

export function RatingForm({
  token,
  onRated,
}: {
  token: string;
  onRated: (lead: LeadWithJob) => void;
}) {
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>();
  const initial: RatingValues = { stars: '', comment: '' };
  return (
    <Formik<RatingValues>
      initialValues={initial}
      validate={(values) => validate(token, values)}
      onSubmit={async (values, helpers) => {
        setOutcome(undefined);
        const answer = await callFunction<{ lead?: LeadWithJob }>(
          JOB_API_PATHS.rating,
          toBody(token, values),
        );
        const lead = answer.body?.lead;
        // Rated already (a second press, a retry after a lost answer): the rating stands.
        if (lead !== undefined && (answer.ok || lead.job?.rating !== undefined)) {
          setOutcome({ ok: true, text: 'Thank you: your rating is saved.' });
          onRated(lead);
          return;
        }
        const fields: RatingErrors = {};
        for (const [key, message] of Object.entries(answer.fields ?? {})) {
          if (key in initial) fields[key as keyof RatingValues] = message;
        }
        helpers.setErrors(fields);
        // Field messages stand under their fields; anything else is said once, below.
        if (Object.keys(fields).length === 0) setOutcome({ ok: false, text: answer.message ?? '' });
      }}
    >
      {({ errors, touched, isSubmitting, values }) => {
        const invalid = (name: keyof RatingValues) =>
          (touched[name] === true && errors[name] !== undefined) || undefined;
        const describedBy = (name: keyof RatingValues, hint?: string) =>
          [hint, invalid(name) ? `rating-${name}-error` : undefined].filter(Boolean).join(' ') ||
          undefined;
        const chosen = Number(values.stars || 0);
        return (
          <Form noValidate className="space-y-5">
            <FocusFirstError />
            <fieldset aria-describedby={describedBy('stars')} aria-invalid={invalid('stars')}>
              <legend className="font-semibold text-slate-900">How was your pickup?</legend>
              <div className="mt-2 flex flex-wrap gap-1">
                {STARS.map((stars) => (
                  <label
                    key={stars}
                    className="relative flex min-h-11 min-w-11 cursor-pointer items-center justify-center"
                  >
                    <Field
                      type="radio"
                      name="stars"
                      value={String(stars)}
                      className="peer sr-only"
                    />
                    <span
                      aria-hidden="true"
                      className={`rounded-md px-1 text-4xl leading-none peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-emerald-700 motion-safe:transition-colors ${stars <= chosen ? 'text-amber-600' : 'text-slate-400'}`}
                    >
                      ★
                    </span>
                    <span className="sr-only">{starLabel(stars)}</span>
                  </label>
                ))}
              </div>
              {/* The hint gives way to the error, which says the same: the sentence shows once. */}
              {invalid('stars') ? null : (
                <p className="mt-1 text-sm text-slate-700" aria-hidden="true">
                  {chosen === 0 ? JOB_MESSAGES.starsInvalid : starLabel(chosen)}
                </p>
              )}
              <FieldError name="stars" />
            </fieldset>
            <div>
              <label htmlFor="rating-comment" className="block font-semibold text-slate-900">
                Comment (optional)
              </label>
              <Field
                as="textarea"
                id="rating-comment"
                name="comment"
                rows={3}
                maxLength={JOB_LIMITS.ratingComment.max}
                aria-invalid={invalid('comment')}
                aria-describedby={describedBy('comment', 'rating-comment-count')}
                className="mt-1 w-full rounded-md border border-slate-400 p-2.5 aria-[invalid=true]:border-red-700"
              />
              <p id="rating-comment-count" className="mt-1 text-sm text-slate-600">
                {values.comment.length} / {JOB_LIMITS.ratingComment.max} characters
              </p>
              <FieldError name="comment" />
            </div>
            <button type="submit" className={buttonClass} disabled={isSubmitting}>
              {isSubmitting ? 'Sending…' : JOB_TEXTS.rate}
            </button>
            {outcome === undefined || outcome.text === '' ? null : <Outcome outcome={outcome} />}
          </Form>
        );
      }}
    </Formik>
  );
}
