/**
 * One small form of the job (the address, a price change, "I can't do this job", a problem): its
 * fields validated by the contract's request schema, the one the function applies, then POSTed
 * with the link's token. Errors sit under their fields (and come back from the server the same
 * way); the outcome is announced.
 */
import { ErrorMessage, Field, Form, Formik } from 'formik';
import type { FormikErrors } from 'formik';
import { useState } from 'react';
import { Failure, Success, buttonClass } from '../signed-page/page-parts';
import { callFunction } from '../../shared/api/call-function';
import { firstMessagePerField } from '#contract/core/fields';
import type { LeadWithJob } from '#contract/loop/jobs';

export interface JobField {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'price' | 'choice';
  hint?: string;
  maxLength?: number;
  autoComplete?: string;
  options?: ReadonlyArray<{ value: string; label: string }>;
}

type Values = Record<string, string>;

interface SafeParser {
  safeParse(value: unknown):
    | { success: true }
    | {
        success: false;
        error: {
          issues: ReadonlyArray<{ code: string; path: PropertyKey[]; message: string }>;
        };
      };
}

/** The form's strings as the body: a price as a number, an empty optional text left out. */
function toBody(fields: readonly JobField[], values: Values): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name] ?? '';
    if (field.kind === 'price') body[field.name] = value.trim() === '' ? undefined : Number(value);
    else if (value.trim() !== '' || field.kind === 'choice') body[field.name] = value;
  }
  return body;
}

const inputClass =
  'mt-1 w-full rounded-md border border-slate-400 p-2.5 aria-[invalid=true]:border-red-700';

export function JobForm({
  id,
  token,
  path,
  schema,
  fields,
  initial = {},
  submitLabel,
  doneText,
  onLead,
  extra = {},
}: {
  /** Prefixes the fields' ids: two forms on one page never share one. */
  id: string;
  token: string;
  path: string;
  schema: SafeParser;
  fields: readonly JobField[];
  initial?: Values;
  submitLabel: string;
  doneText: string;
  onLead: (lead: LeadWithJob) => void;
  /** Fixed body fields (e.g. a decision). */
  extra?: Record<string, unknown>;
}) {
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const initialValues: Values = Object.fromEntries(
    fields.map((field) => [field.name, initial[field.name] ?? '']),
  );
  const fieldId = (name: string) => `${id}-${name}`;
  return (
    <Formik<Values>
      initialValues={initialValues}
      validate={(values) => {
        const result = schema.safeParse({ token, ...extra, ...toBody(fields, values) });
        return result.success
          ? {}
          : (firstMessagePerField(result.error.issues) as FormikErrors<Values>);
      }}
      onSubmit={async (values, helpers) => {
        setOutcome(undefined);
        const answer = await callFunction<{ lead?: LeadWithJob }>(path, {
          token,
          ...extra,
          ...toBody(fields, values),
        });
        if (answer.body?.lead !== undefined) onLead(answer.body.lead);
        if (answer.fields !== undefined) {
          const known = Object.entries(answer.fields).filter(([key]) => key in initialValues);
          helpers.setErrors(Object.fromEntries(known));
        }
        setOutcome(
          answer.ok ? { ok: true, text: doneText } : { ok: false, text: answer.message ?? '' },
        );
      }}
    >
      {({ errors, touched, isSubmitting, values }) => {
        const invalid = (name: string) =>
          (touched[name] === true && errors[name] !== undefined) || undefined;
        const describedBy = (field: JobField) =>
          [
            field.hint === undefined && field.maxLength === undefined
              ? undefined
              : `${fieldId(field.name)}-hint`,
            invalid(field.name) ? `${fieldId(field.name)}-error` : undefined,
          ]
            .filter(Boolean)
            .join(' ') || undefined;
        return (
          <Form noValidate className="space-y-5">
            {fields.map((field) => {
              const error = (
                <ErrorMessage name={field.name}>
                  {(message) => (
                    <p
                      id={`${fieldId(field.name)}-error`}
                      className="mt-1 text-sm font-semibold text-red-800"
                    >
                      {message}
                    </p>
                  )}
                </ErrorMessage>
              );
              const hint =
                field.hint === undefined && field.maxLength === undefined ? null : (
                  <p id={`${fieldId(field.name)}-hint`} className="mt-1 text-sm text-slate-600">
                    {field.hint ?? ''}
                    {field.kind === 'textarea' && field.maxLength !== undefined
                      ? `${field.hint === undefined ? '' : ' '}${(values[field.name] ?? '').length} / ${field.maxLength} characters`
                      : ''}
                  </p>
                );
              if (field.kind === 'choice') {
                return (
                  <fieldset key={field.name} aria-describedby={describedBy(field)}>
                    <legend className="font-semibold text-slate-900">{field.label}</legend>
                    <div className="mt-2 flex flex-wrap gap-x-5 gap-y-1">
                      {(field.options ?? []).map((option) => (
                        <label key={option.value} className="flex min-h-11 items-center gap-2">
                          <Field
                            type="radio"
                            name={field.name}
                            value={option.value}
                            className="h-5 w-5 accent-emerald-700"
                          />
                          {option.label}
                        </label>
                      ))}
                    </div>
                    {hint}
                    {error}
                  </fieldset>
                );
              }
              return (
                <div key={field.name}>
                  <label
                    htmlFor={fieldId(field.name)}
                    className="block font-semibold text-slate-900"
                  >
                    {field.label}
                  </label>
                  <div
                    className={field.kind === 'price' ? 'mt-1 flex items-center gap-2' : undefined}
                  >
                    {field.kind === 'price' ? (
                      <span aria-hidden="true" className="text-lg text-slate-700">
                        $
                      </span>
                    ) : null}
                    <Field
                      id={fieldId(field.name)}
                      name={field.name}
                      {...(field.kind === 'textarea' ? { as: 'textarea', rows: 3 } : {})}
                      {...(field.kind === 'price' ? { inputMode: 'numeric' } : {})}
                      autoComplete={field.autoComplete ?? 'off'}
                      maxLength={field.maxLength}
                      aria-invalid={invalid(field.name)}
                      aria-describedby={describedBy(field)}
                      className={
                        field.kind === 'price' ? `${inputClass} mt-0 max-w-40` : inputClass
                      }
                    />
                  </div>
                  {hint}
                  {error}
                </div>
              );
            })}
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
