import { useFormikContext } from 'formik';
import { type FormErrors, type FormValues } from '../form-values';
import { addDays, localIsoDate } from '#contract/core/calendar-date';
import {
  PICKUP_DAYS,
  PICKUP_DAY_LABELS,
  PICKUP_LIMITS,
  PICKUP_WINDOWS,
  PICKUP_WINDOW_LABELS,
} from '#contract/booking/job-choices';

export const PICKUP_DATE_ID = 'quote-pickup-date';

const chipClass =
  'inline-flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-4 py-2 text-slate-900 hover:border-emerald-700 has-checked:border-emerald-700 has-checked:bg-emerald-50 has-checked:ring-1 has-checked:ring-emerald-700 has-disabled:cursor-not-allowed';

function RadioChips<T extends string>({
  name,
  legend,
  options,
  labels,
  value,
  disabled,
  onChange,
}: {
  name: string;
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  disabled: boolean;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option) => {
          const id = `quote-${name}-${option}`;
          return (
            <label key={option} htmlFor={id} className={chipClass}>
              <input
                id={id}
                type="radio"
                name={name}
                value={option}
                checked={value === option}
                disabled={disabled}
                onChange={() => onChange(option)}
                className="size-4 accent-emerald-700"
              />
              {labels[option]}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * "When?": a day (as soon as possible by default, today, tomorrow, or a date from the visitor's
 * today to 30 days ahead) and a time window (any time by default). Dates are the visitor's own.
 */
export function PickupChooser({ disabled }: { disabled: boolean }) {
  const { values, errors, touched, setFieldValue, setFieldTouched } =
    useFormikContext<FormValues>();
  const today = localIsoDate(new Date());
  const dateError = touched.pickupDate ? (errors as FormErrors).pickupDate : undefined;
  return (
    <fieldset className="space-y-4">
      <legend className="font-semibold text-slate-900">
        When? <span className="font-normal text-slate-700">(optional)</span>
      </legend>
      <RadioChips
        name="pickupDay"
        legend="Day"
        options={PICKUP_DAYS}
        labels={PICKUP_DAY_LABELS}
        value={values.pickupDay}
        disabled={disabled}
        onChange={(day) => void setFieldValue('pickupDay', day)}
      />
      {values.pickupDay === 'date' ? (
        <div>
          <label htmlFor={PICKUP_DATE_ID} className="text-sm font-medium text-slate-800">
            Pickup date
          </label>
          <input
            id={PICKUP_DATE_ID}
            type="date"
            name="pickupDate"
            min={today}
            max={addDays(today, PICKUP_LIMITS.daysAhead)}
            value={values.pickupDate}
            disabled={disabled}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? `${PICKUP_DATE_ID}-error` : undefined}
            onChange={(event) => void setFieldValue('pickupDate', event.currentTarget.value)}
            onBlur={() => void setFieldTouched('pickupDate', true)}
            className={`mt-1 block w-full rounded-lg border px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-emerald-700 sm:w-60 ${
              dateError ? 'border-red-700' : 'border-slate-500'
            }`}
          />
          {dateError ? (
            <p id={`${PICKUP_DATE_ID}-error`} className="mt-1 text-sm font-medium text-red-700">
              {dateError}
            </p>
          ) : null}
        </div>
      ) : null}
      <RadioChips
        name="pickupWindow"
        legend="Time"
        options={PICKUP_WINDOWS}
        labels={PICKUP_WINDOW_LABELS}
        value={values.pickupWindow}
        disabled={disabled}
        onChange={(window) => void setFieldValue('pickupWindow', window)}
      />
    </fieldset>
  );
}
