import { Form, Formik, useField } from 'formik';
import type { FormikErrors } from 'formik';
import { useState } from 'react';
import type { ReactNode } from 'react';
import {
  Failure,
  buttonClass,
  secondaryButtonClass,
} from '../../components/signed-page/page-parts';
import { callFunction } from '../../shared/api/call-function';

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
 * per-field refusals land under the fields, a refusal's sentence under the button.
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
  onDone,
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
  /** Said after a success, by the page (`onDone`): the change may remove this form. */
  done: string;
  onDone: (text: string) => void;
  onView: (view: T) => void;
  pick: (body: unknown) => T | undefined;
  children?: ReactNode;
}) {
  const [failure, setFailure] = useState<string>();
  return (
    <Formik<FieldValues>
      initialValues={initialValues}
      validate={validate}
      onSubmit={async (values, helpers) => {
        setFailure(undefined);
        const answer = await callFunction(path, { token, ...body(values) });
        const view = pick(answer.body);
        if (answer.fields !== undefined) helpers.setErrors(answer.fields);
        if (answer.ok) onDone(done);
        else setFailure(answer.message ?? '');
        if (view !== undefined) onView(view);
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
          {failure === undefined ? null : <Failure message={failure} />}
        </Form>
      )}
    </Formik>
  );
}

/**
 * What the last change did, said at the top of the page: the change may have removed the form
 * that made it (an approval ends the decision), so the form cannot say it itself.
 */
export function Announcement({ text }: { text: string | undefined }) {
  return (
    <div role="status" aria-live="polite">
      {text === undefined ? null : (
        <p className="mt-4 rounded-md border border-emerald-300 bg-emerald-50 p-4 font-semibold text-emerald-900">
          {text}
        </p>
      )}
    </div>
  );
}
