/**
 * The hauler's application (Formik, validated by the contract's schema, the one the function
 * applies). The certificate goes by presigned PUT into quarantine, then the application is sent.
 */
import { Form, Formik, useField, useFormikContext } from 'formik';
import type { FormikErrors } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { APPLY_SUBMIT_ID } from './apply-ids';
import { emptyApplication, validateApplication } from './application-values';
import { KeepEnteredBeforeHydration } from '../../shared/hydration/entered-before-hydration';
import type { ApplicationValues } from './application-values';
import { submitApplication } from './submit-application';
import type { Attempt } from './submit-application';
import { callFunction } from '../../shared/api/call-function';
import { putFile } from '../../shared/api/put-file';
import { useHydrated } from '../../shared/hydration/use-hydrated';
import { HONEYPOT_FIELD } from '#contract/booking/booking';
import { HAULER_TEXTS } from '#contract/haulers/hauler-api';
import {
  CERTIFICATE_CONTENT_TYPES,
  HAULER_FIELD_HINTS,
  HAULER_FIELD_LABELS,
  HAULER_LIMITS,
  SERVICE_RADII_MILES,
  TRUCKS,
  TRUCK_LABELS,
} from '#contract/haulers/haulers';
import { LIMITS } from '#contract/core/limits';

type TextName = 'businessName' | 'name' | 'email' | 'phone' | 'baseZipCode' | 'licenceNumber';

const TEXT_INPUTS: Record<
  TextName,
  { type?: string; autoComplete: string; inputMode?: 'tel' | 'email' | 'numeric'; max: number }
> = {
  businessName: { autoComplete: 'organization', max: HAULER_LIMITS.businessName.max },
  name: { autoComplete: 'name', max: LIMITS.name.max },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email', max: LIMITS.email.max },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel', max: LIMITS.phone.max },
  baseZipCode: { autoComplete: 'postal-code', inputMode: 'numeric', max: LIMITS.zipCode.max },
  licenceNumber: { autoComplete: 'off', max: HAULER_LIMITS.licenceNumber.max },
};

/** Screen order, which is also the order focus visits the errors after a refused submit. */
const FIELD_ORDER = [
  'businessName',
  'name',
  'email',
  'phone',
  'baseZipCode',
  'licenceNumber',
  'serviceRadiusMiles',
  'truck',
  'insuranceCertificate',
  'agreement',
] as const;

export const applicationFieldId = (name: string) => `hauler-${name}`;

const inputClass = (invalid: boolean) =>
  `mt-1 block w-full rounded-lg border px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-emerald-700 disabled:bg-slate-100 ${
    invalid ? 'border-red-700' : 'border-slate-500'
  }`;

function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  return message === undefined ? null : (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

function Required() {
  return (
    <span className="text-red-700" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

function TextInput({ name, disabled }: { name: TextName; disabled: boolean }) {
  const [field, meta] = useField<string>(name);
  const error = meta.touched ? meta.error : undefined;
  const id = applicationFieldId(name);
  const input = TEXT_INPUTS[name];
  const optional = name === 'licenceNumber';
  const hintId = optional ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="font-semibold text-slate-900">
        {HAULER_FIELD_LABELS[name]}
        {optional ? <span className="font-normal text-slate-700"> (optional)</span> : <Required />}
      </label>
      {hintId === undefined ? null : (
        <p id={hintId} className="text-sm text-slate-700">
          {HAULER_FIELD_HINTS.licenceNumber}
        </p>
      )}
      <input
        {...field}
        id={id}
        type={input.type ?? 'text'}
        autoComplete={input.autoComplete}
        inputMode={input.inputMode}
        maxLength={input.max}
        disabled={disabled}
        aria-required={optional ? undefined : true}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [hintId, error ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined
        }
        className={inputClass(error !== undefined)}
      />
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}

function Choices({
  name,
  options,
  disabled,
}: {
  name: 'serviceRadiusMiles' | 'truck';
  options: readonly { value: string; label: string }[];
  disabled: boolean;
}) {
  const [, meta] = useField<string>(name);
  const error = meta.touched ? meta.error : undefined;
  const id = applicationFieldId(name);
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      // A radio group, so that it may say it is required and invalid (a plain group may not).
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      aria-required
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      className="focus:outline-none"
    >
      <legend id={`${id}-legend`} className="font-semibold text-slate-900">
        {HAULER_FIELD_LABELS[name]}
        <Required />
      </legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option) => (
          <ChoiceOption key={option.value} name={name} {...option} disabled={disabled} />
        ))}
      </div>
      <ErrorText id={`${id}-error`} message={error} />
    </fieldset>
  );
}

function ChoiceOption({
  name,
  value,
  label,
  disabled,
}: {
  name: string;
  value: string;
  label: string;
  disabled: boolean;
}) {
  const [field] = useField<string>({ name, type: 'radio', value });
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-400 px-3 py-2 has-checked:border-emerald-700 has-checked:bg-emerald-50">
      <input {...field} type="radio" disabled={disabled} className="size-5 accent-emerald-700" />
      {label}
    </label>
  );
}

const ACCEPT = Object.entries(CERTIFICATE_CONTENT_TYPES)
  .flatMap(([type, extension]) => [
    type,
    `.${extension}`,
    ...(extension === 'jpg' ? ['.jpeg'] : []),
  ])
  .join(',');

function CertificateInput({ disabled }: { disabled: boolean }) {
  const { setFieldValue, setFieldTouched } = useFormikContext<ApplicationValues>();
  const [, meta] = useField<File | null>('insuranceCertificate');
  const error = meta.touched ? meta.error : undefined;
  const id = applicationFieldId('insuranceCertificate');
  return (
    <div>
      <label htmlFor={id} className="font-semibold text-slate-900">
        {HAULER_FIELD_LABELS.insuranceCertificate}
        <Required />
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-700">
        {HAULER_FIELD_HINTS.insuranceCertificate}
      </p>
      <input
        id={id}
        name="insuranceCertificate"
        type="file"
        accept={ACCEPT}
        disabled={disabled}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : undefined]
          .filter(Boolean)
          .join(' ')}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0] ?? null;
          void setFieldValue('insuranceCertificate', file, true);
          void setFieldTouched('insuranceCertificate', true, false);
        }}
        className="mt-2 block w-full text-slate-900 file:mr-4 file:min-h-11 file:rounded-md file:border-2 file:border-slate-700 file:bg-white file:px-4 file:font-semibold file:text-slate-900 hover:file:bg-slate-100"
      />
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}

function Agreement({ disabled }: { disabled: boolean }) {
  const [{ value: _value, ...field }, meta] = useField<boolean>({
    name: 'agreement',
    type: 'checkbox',
  });
  const error = meta.touched ? meta.error : undefined;
  const id = applicationFieldId('agreement');
  return (
    <div>
      <label htmlFor={id} className="flex gap-3 text-slate-900">
        <input
          {...field}
          id={id}
          type="checkbox"
          disabled={disabled}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 accent-emerald-700"
        />
        <span>
          {HAULER_FIELD_LABELS.agreement}
          <Required />
        </span>
      </label>
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}

/** Bots fill every field; people never see or reach this one. */
function Honeypot() {
  const [field] = useField<string>(HONEYPOT_FIELD);
  const id = applicationFieldId(HONEYPOT_FIELD);
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Website</label>
      <input {...field} id={id} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/** After a refused submit, focus goes to the first field with an error, in screen order. */
function FocusFirstError() {
  const { submitCount, isSubmitting, errors } = useFormikContext<ApplicationValues>();
  const seen = useRef(0);
  useEffect(() => {
    if (isSubmitting || submitCount === seen.current) return;
    seen.current = submitCount;
    const first = FIELD_ORDER.find((name) => errors[name] !== undefined);
    if (first === undefined) return;
    const element = document.getElementById(applicationFieldId(first));
    const target =
      element instanceof HTMLFieldSetElement
        ? (element.querySelector<HTMLInputElement>('input:checked, input') ?? element)
        : element;
    target?.focus();
  }, [submitCount, isSubmitting, errors]);
  return null;
}

function Applied() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div
      role="status"
      className="mt-8 rounded-xl border border-emerald-300 bg-emerald-50 p-6 text-center"
    >
      <h3
        ref={heading}
        tabIndex={-1}
        className="text-2xl font-bold text-emerald-900 focus:outline-none"
      >
        {HAULER_TEXTS.applied}
      </h3>
      <p className="mt-2 text-lg text-emerald-950">{HAULER_TEXTS.appliedDetail}</p>
    </div>
  );
}

export function ApplicationForm() {
  const hydrated = useHydrated();
  const attempt = useRef<Attempt | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<string>();
  const [sent, setSent] = useState(false);
  if (sent) return <Applied />;
  return (
    <Formik<ApplicationValues>
      initialValues={emptyApplication()}
      validate={(values) => validateApplication(values) as FormikErrors<ApplicationValues>}
      onSubmit={async (values, helpers) => {
        setFailure(undefined);
        const result = await submitApplication(values, attempt.current, {
          call: callFunction,
          put: (url, headers, body) => putFile(url, headers, body),
        });
        attempt.current = result.attempt;
        const { outcome } = result;
        if (outcome.kind === 'sent') setSent(true);
        else if (outcome.kind === 'fields') {
          helpers.setErrors(outcome.fields as FormikErrors<ApplicationValues>);
        } else setFailure(outcome.message);
      }}
    >
      {({ isSubmitting }) => (
        <Form ref={formRef} noValidate aria-labelledby="apply-heading" className="mt-8 space-y-6">
          <KeepEnteredBeforeHydration formRef={formRef} />
          <FocusFirstError />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextInput name="businessName" disabled={isSubmitting} />
            <TextInput name="name" disabled={isSubmitting} />
            <TextInput name="email" disabled={isSubmitting} />
            <TextInput name="phone" disabled={isSubmitting} />
            <TextInput name="baseZipCode" disabled={isSubmitting} />
            <TextInput name="licenceNumber" disabled={isSubmitting} />
          </div>
          <Choices
            name="serviceRadiusMiles"
            disabled={isSubmitting}
            options={SERVICE_RADII_MILES.map((miles) => ({
              value: String(miles),
              label: `${miles} miles`,
            }))}
          />
          <Choices
            name="truck"
            disabled={isSubmitting}
            options={TRUCKS.map((truck) => ({ value: truck, label: TRUCK_LABELS[truck] }))}
          />
          <CertificateInput disabled={isSubmitting} />
          <Agreement disabled={isSubmitting} />
          <Honeypot />
          {failure === undefined ? null : (
            <p
              role="alert"
              className="rounded-md border border-red-300 bg-red-50 p-4 font-semibold text-red-900"
            >
              {failure}
            </p>
          )}
          <button
            id={APPLY_SUBMIT_ID}
            type="submit"
            disabled={isSubmitting || !hydrated}
            className="w-full rounded-lg bg-emerald-700 px-6 py-4 text-lg font-semibold text-white shadow hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:cursor-wait disabled:bg-emerald-900"
          >
            {isSubmitting ? 'Sending…' : HAULER_TEXTS.applyButton}
          </button>
        </Form>
      )}
    </Formik>
  );
}
