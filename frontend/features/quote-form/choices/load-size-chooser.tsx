import { useFormikContext } from 'formik';
import type { FormValues } from '../form-values';
import { TruckLoadIcon } from './truck-load-icon';
import { LOAD_SIZES, LOAD_SIZE_LABELS } from '#contract/booking/job-choices';
import type { LoadSize } from '#contract/booking/job-choices';
import { ESTIMATE_NOTE, estimateFor, formatRange, pricedStateFor } from '#contract/booking/pricing';

/** How full the truck bed is drawn for each size. */
const FILL_LEVEL: Record<LoadSize, number> = {
  'few-items': 1 / 8,
  quarter: 1 / 4,
  half: 1 / 2,
  'three-quarter': 3 / 4,
  full: 1,
};

/**
 * "How much junk?": five sizes, each with its estimated range for the State field's state (the
 * national ranges until a state with prices of its own is known). Native radios, so arrow keys
 * move between them as in any radio group.
 */
export function LoadSizeChooser({ disabled }: { disabled: boolean }) {
  const { values, setFieldValue } = useFormikContext<FormValues>();
  const state = pricedStateFor(values.state);
  return (
    <fieldset aria-describedby="quote-load-size-scope quote-load-size-note">
      <legend className="font-semibold text-slate-900">
        How much junk? <span className="font-normal text-slate-700">(optional)</span>
      </legend>
      <p id="quote-load-size-scope" className="mt-1 text-sm text-slate-700" aria-live="polite">
        {state ? `Estimates for ${state}` : 'Typical prices nationwide'}
      </p>
      <div className="mt-3 grid gap-2 sm:grid-cols-5">
        {LOAD_SIZES.map((size) => {
          const { label, hint } = LOAD_SIZE_LABELS[size];
          const id = `quote-load-size-${size}`;
          return (
            <label
              key={size}
              htmlFor={id}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 hover:border-emerald-700 has-checked:border-emerald-700 has-checked:bg-emerald-50 has-checked:ring-1 has-checked:ring-emerald-700 has-disabled:cursor-not-allowed sm:flex-col sm:items-center sm:gap-1 sm:px-2 sm:py-3 sm:text-center"
            >
              <input
                id={id}
                type="radio"
                name="loadSize"
                value={size}
                checked={values.loadSize === size}
                disabled={disabled}
                onChange={() => void setFieldValue('loadSize', size)}
                className="size-4 shrink-0 accent-emerald-700"
              />
              <TruckLoadIcon level={FILL_LEVEL[size]} />
              <span className="flex min-w-0 flex-1 flex-col sm:flex-none">
                <span className="font-medium text-slate-900">{label}</span>
                {hint ? <span className="text-sm text-slate-700">{hint}</span> : null}
              </span>
              <span
                className="ml-auto text-sm font-semibold whitespace-nowrap text-emerald-900 sm:mt-auto sm:ml-0"
                data-testid="load-size-estimate"
              >
                {formatRange(estimateFor(size, values.state))}
              </span>
            </label>
          );
        })}
      </div>
      <p id="quote-load-size-note" className="mt-2 text-sm text-slate-700">
        {ESTIMATE_NOTE}
      </p>
    </fieldset>
  );
}
