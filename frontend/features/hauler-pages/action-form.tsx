import { Form, Formik, useField } from 'formik';
import type { FormikErrors } from 'formik';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Failure, buttonClass, secondaryButtonClass } from '../../components/sections/linked-page';
import { callFunction } from '../../shared/call-function';

export type FieldValues = Record<string, string>;

export interface InputSpec {
  name: string;
  label: string;
  kind: 'date' | 'text' | 'textarea' | 'tel' | 'select';
  /** For a select: value and label of each option. */
  options?: ReadonlyArray<{ value: string; label: string }>;
  min?: string;
  max?: string;
  maxLength?: number;
  autoComplete?: string;
}

const inputClass = (invalid: boolean) =>
  `mt-1 block w-full rounded-md border p-2.5 text-slate-900 focus:outline-2 focus:outline-offset-1 focus:outline-emerald-700 ${
    invalid ? 'border-red-700' : 'border-slate-500'
  }`;

function Input({ spec, idPrefix }: { spec: InputSpec; idPrefix: string }) {
  const [field, meta] = useField<string>(spec.name);
  const error = meta.touched ? meta.error : undefined;
  const id = `${idPrefix}-${spec.name}`;
  const common = {
    ...field,
    id,
    maxLength: spec.maxLength,
    autoComplete: spec.autoComplete ?? 'off',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
  return (
    <div>
      <label htmlFor={id} className="block font-semibold text-slate-900">
        {spec.label}
      </label>
      {spec.kind === 'textarea' ? (
        <textarea {...common} rows={4} className={inputClass(error !== undefined)} />
      ) : spec.kind === 'select' ? (
        <select {...common} className={`${inputClass(error !== undefined)} max-w-56`}>
          {spec.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={spec.kind}
          min={spec.min}
          max={spec.max}
          className={`${inputClass(error !== undefined)} ${spec.kind === 'date' ? 'max-w-56' : ''}`}
        />
      )}
      {error === undefined ? null : (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * One change on a page behind a signed link: the fields, validated by the contract's rules, and a
 * button that POSTs the token with them. The function's answer replaces the page's view; its
 * per-field refusals land under the fields.
 */
export function ActionForm<T>({
  idPrefix,
  path,
  token,
  inputs,
  initialValues,
  validate,
  body,
  button,
  busy,
  tone = 'primary',
  done,
  onView,
  pick,
  children,
}: {
  idPrefix: string;
  path: string;
  token: string;
  inputs: readonly InputSpec[];
  initialValues: FieldValues;
  validate?: (values: FieldValues) => FormikErrors<FieldValues>;
  body: (values: FieldValues) => Record<string, unknown>;
  button: string;
  busy: string;
  tone?: 'primary' | 'secondary';
  /** Announced after a success. */
  done: string;
  onView: (view: T) => void;
  pick: (body: unknown) => T | undefined;
  children?: ReactNode;
}) {
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  return (
    <Formik<FieldValues>
      initialValues={initialValues}
      validate={validate}
      onSubmit={async (values, helpers) => {
        setOutcome(undefined);
        const answer = await callFunction(path, { token, ...body(values) });
        const view = pick(answer.body);
        if (view !== undefined) onView(view);
        if (answer.fields !== undefined) helpers.setErrors(answer.fields);
        setOutcome(
          answer.ok ? { ok: true, text: done } : { ok: false, text: answer.message ?? '' },
        );
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate className="space-y-4">
          {children}
          {inputs.map((spec) => (
            <Input key={spec.name} spec={spec} idPrefix={idPrefix} />
          ))}
          <button
            type="submit"
            className={tone === 'primary' ? buttonClass : secondaryButtonClass}
            disabled={isSubmitting}
          >
            {isSubmitting ? busy : button}
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
      )}
    </Formik>
  );
}
