import { Form, Formik, useField } from 'formik';
import { useRef, useState } from 'react';
import { FRESH_LINK_SUBMIT_ID } from './apply-ids';
import { callFunction } from '../../shared/api/call-function';
import { KeepEnteredBeforeHydration } from '../../shared/hydration/entered-before-hydration';
import { useHydrated } from '../../shared/hydration/use-hydrated';
import { firstMessagePerField } from '#contract/core/fields';
import { HAULER_API_PATHS, HAULER_TEXTS } from '#contract/haulers/hauler-api';
import { freshLinkRequestSchema } from '#contract/haulers/hauler-api-schemas';
import { LIMITS } from '#contract/core/limits';

interface FreshLinkValues {
  email: string;
}

function validate(values: FreshLinkValues): Partial<FreshLinkValues> {
  const result = freshLinkRequestSchema.safeParse(values);
  return result.success
    ? {}
    : (firstMessagePerField(result.error.issues) as Partial<FreshLinkValues>);
}

function EmailInput({ disabled }: { disabled: boolean }) {
  const [field, meta] = useField<string>('email');
  const error = meta.touched ? meta.error : undefined;
  return (
    <div className="grow">
      <label htmlFor="fresh-link-email" className="font-semibold text-slate-900">
        Email
      </label>
      <input
        {...field}
        id="fresh-link-email"
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={LIMITS.email.max}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'fresh-link-email-error' : undefined}
        className={`mt-1 block w-full rounded-lg border px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-emerald-700 ${
          error ? 'border-red-700' : 'border-slate-500'
        }`}
      />
      {error === undefined ? null : (
        <p id="fresh-link-email-error" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The fresh-link section's heading (the section is labelled by it) and form. */
export function FreshLink() {
  return (
    <>
      <h2 id="fresh-link-heading" className="text-2xl font-bold tracking-tight">
        {HAULER_TEXTS.freshLinkHeading}
      </h2>
      <FreshLinkForm />
    </>
  );
}

/**
 * An approved hauler who lost their link asks for a new one. The answer is the same whether the
 * address is known or not, so the form tells nobody who hauls with us.
 */
function FreshLinkForm() {
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  return (
    <Formik<FreshLinkValues>
      initialValues={{ email: '' }}
      validate={validate}
      onSubmit={async (values, helpers) => {
        setOutcome(undefined);
        const answer = await callFunction(HAULER_API_PATHS.freshLink, values);
        if (answer.fields?.email !== undefined) helpers.setErrors({ email: answer.fields.email });
        setOutcome(
          answer.ok
            ? { ok: true, text: HAULER_TEXTS.freshLinkSent }
            : { ok: false, text: answer.message ?? '' },
        );
      }}
    >
      {({ isSubmitting }) => (
        <Form
          ref={formRef}
          noValidate
          aria-labelledby="fresh-link-heading"
          className="mt-4 space-y-4"
        >
          <KeepEnteredBeforeHydration formRef={formRef} />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <EmailInput disabled={isSubmitting} />
            <button
              id={FRESH_LINK_SUBMIT_ID}
              type="submit"
              disabled={isSubmitting || !hydrated}
              className="inline-flex min-h-11 items-center justify-center rounded-md border-2 border-slate-700 bg-white px-5 py-2 font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:cursor-wait"
            >
              {HAULER_TEXTS.freshLinkButton}
            </button>
          </div>
          {outcome === undefined ? null : (
            <p
              role={outcome.ok ? 'status' : 'alert'}
              className={`rounded-md border p-4 font-semibold ${
                outcome.ok
                  ? 'border-emerald-300 bg-emerald-50 text-emerald-900'
                  : 'border-red-300 bg-red-50 text-red-900'
              }`}
            >
              {outcome.text}
            </p>
          )}
        </Form>
      )}
    </Formik>
  );
}
