import { useField } from 'formik';
import type { HomeownerField } from '#contract/core/fields';
import { LIMITS } from '#contract/core/limits';

const FIELD_LABELS: Record<HomeownerField, string> = {
  name: 'Name',
  phone: 'Phone',
  email: 'Email',
  city: 'City',
  state: 'State',
  zipCode: 'Zip Code',
  description: 'Description',
};

/**
 * The order on screen (and of focus after a failed submit): the ZIP comes before City and State
 * because it fills them in.
 */
export const FIELD_ORDER: readonly HomeownerField[] = [
  'name',
  'phone',
  'email',
  'zipCode',
  'city',
  'state',
  'description',
];

const FIELD_INPUT: Record<
  HomeownerField,
  { type?: string; autoComplete: string; inputMode?: 'tel' | 'email' | 'numeric' | 'text' }
> = {
  name: { autoComplete: 'name' },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  city: { autoComplete: 'address-level2' },
  state: { autoComplete: 'address-level1' },
  zipCode: { autoComplete: 'postal-code', inputMode: 'numeric' },
  description: { autoComplete: 'off' },
};

export const fieldId = (field: string) => `quote-${field}`;

export function TextField({ name, disabled }: { name: HomeownerField; disabled: boolean }) {
  const [field, meta] = useField<string>(name);
  const error = meta.touched ? meta.error : undefined;
  const id = fieldId(name);
  const input = FIELD_INPUT[name];
  const common = {
    ...field,
    id,
    disabled,
    'aria-required': true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    maxLength: (LIMITS[name] as { max: number }).max,
    className: `mt-1 block w-full rounded-lg border px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-emerald-700 disabled:bg-slate-100 ${
      error ? 'border-red-700' : 'border-slate-500'
    }`,
  };
  return (
    <div className={name === 'description' ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="font-semibold text-slate-900">
        {FIELD_LABELS[name]}{' '}
        <span className="text-red-700" aria-hidden="true">
          *
        </span>
      </label>
      {name === 'description' ? (
        <textarea
          {...common}
          rows={4}
          placeholder="What needs to go? e.g. a couch, two mattresses and some boxes in the garage"
        />
      ) : (
        <input
          {...common}
          type={input.type ?? 'text'}
          autoComplete={input.autoComplete}
          inputMode={input.inputMode}
        />
      )}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The seven text fields, in screen order. */
export function QuoteFields({ disabled }: { disabled: boolean }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {FIELD_ORDER.map((field) => (
        <TextField key={field} name={field} disabled={disabled} />
      ))}
    </div>
  );
}

/** Honeypot: people never see or reach it; bots that fill every field do. */
export function Honeypot() {
  const [field] = useField<string>('website');
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor="quote-website">Website</label>
      <input {...field} id="quote-website" type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
