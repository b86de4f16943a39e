/**
 * One text box of questions before hiring (a hauler's question, the homeowner's answer): checked
 * by the contract's schema, the one the function applies, then POSTed with the link's token. The
 * error sits under the box (the server's too); on success the box empties and the outcome is
 * announced. The request's new state comes back in the answer, so the list updates with no reload.
 */
import { ErrorMessage, Field, Form, Formik } from 'formik';
import type { FormikErrors } from 'formik';
import { useState } from 'react';
import { Failure, Success, buttonClass } from '../signed-page/page-parts';
import { callFunction } from '../../shared/api/call-function';
import { firstMessagePerField } from '#contract/core/fields';
import type { IssueLike } from '#contract/core/fields';
import type { LeadWithJob } from '#contract/loop/jobs';

interface SafeParser {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly IssueLike[] } };
}

export function QuestionForm({
  id,
  token,
  path,
  schema,
  name,
  label,
  hint,
  maxLength,
  submitLabel,
  doneText,
  onLead,
  onDone,
  extra = {},
}: {
  /** Prefixes the ids: several forms on one page never share one. */
  id: string;
  token: string;
  path: string;
  schema: SafeParser;
  /** The body's field the text goes in. */
  name: string;
  label: string;
  hint?: string;
  maxLength: number;
  submitLabel: string;
  doneText: string;
  onLead: (lead: LeadWithJob) => void;
  /** Told first whether it went through: the new state may take the form away. */
  onDone?: (ok: boolean) => void;
  /** Fixed body fields (the question an answer is for). */
  extra?: Record<string, unknown>;
}) {
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const fieldId = `${id}-${name}`;
  const body = (values: Record<string, string>) => ({
    token,
    ...extra,
    [name]: values[name] ?? '',
  });
  return (
    <Formik<Record<string, string>>
      initialValues={{ [name]: '' }}
      validate={(values) => {
        const result = schema.safeParse(body(values));
        if (result.success) return {};
        const messages = firstMessagePerField(result.error.issues);
        return (messages[name] === undefined ? {} : { [name]: messages[name] }) as FormikErrors<
          Record<string, string>
        >;
      }}
      onSubmit={async (values, helpers) => {
        setOutcome(undefined);
        const answer = await callFunction<{ lead?: LeadWithJob }>(path, body(values));
        if (answer.ok) helpers.resetForm();
        else if (answer.fields?.[name] !== undefined) {
          helpers.setFieldError(name, answer.fields[name]);
        }
        setOutcome(
          answer.ok ? { ok: true, text: doneText } : { ok: false, text: answer.message ?? '' },
        );
        onDone?.(answer.ok);
        if (answer.body?.lead !== undefined) onLead(answer.body.lead);
      }}
    >
      {({ errors, touched, isSubmitting, values }) => {
        const invalid = (touched[name] === true && errors[name] !== undefined) || undefined;
        const describedBy = [`${fieldId}-hint`, invalid ? `${fieldId}-error` : undefined]
          .filter(Boolean)
          .join(' ');
        return (
          <Form noValidate className="space-y-3">
            <div>
              <label htmlFor={fieldId} className="block font-semibold text-slate-900">
                {label}
              </label>
              <Field
                id={fieldId}
                name={name}
                as="textarea"
                rows={3}
                maxLength={maxLength}
                autoComplete="off"
                aria-invalid={invalid}
                aria-describedby={describedBy}
                className="mt-1 w-full rounded-md border border-slate-400 p-2.5 aria-[invalid=true]:border-red-700"
              />
              <p id={`${fieldId}-hint`} className="mt-1 text-sm text-slate-600">
                {hint === undefined ? null : <span className="block">{hint}</span>}
                <span className="block">
                  {(values[name] ?? '').length} / {maxLength} characters
                </span>
              </p>
              <ErrorMessage name={name}>
                {(message) => (
                  <p id={`${fieldId}-error`} className="mt-1 text-sm font-semibold text-red-800">
                    {message}
                  </p>
                )}
              </ErrorMessage>
            </div>
            <button type="submit" className={buttonClass} disabled={isSubmitting}>
              {isSubmitting ? 'Sending…' : submitLabel}
            </button>
            {outcome === undefined ? null : outcome.ok ? (
              <Success>{outcome.text}</Success>
            ) : (
              <Failure message={outcome.text} />
            )}
          </Form>
        );
      }}
    </Formik>
  );
}
