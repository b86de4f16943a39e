import { useFormikContext } from 'formik';
import { useEffect, useRef, useState } from 'react';
import {
  DEFAULT_CHOICES,
  type DraftValues,
  loadDraft,
  restoredChoices,
  saveDraft,
} from './draft-storage';
import type { FormErrors, FormValues } from '../form-values';
import { MEDIA_SECTION_ID } from '../media/media-pickers';
import { PICKUP_DATE_ID } from '../choices/pickup-chooser';
import { FIELD_ORDER, fieldId } from '../quote-fields';
import { zipFromLink } from '../location/zip-from-link';
import type { ZipLookup } from '../location/zip-lookup';
import { lookupDigits } from '../location/zip-lookup';
import { HOMEOWNER_FIELDS } from '#contract/core/fields';
import { CHOICE_MESSAGES } from '#contract/booking/job-choices';

const RADIO_GROUPS = ['loadSize', 'pickupDay', 'pickupWindow'] as const;

/**
 * The radio choices in the pre-rendered form, read when this module is evaluated: that is before
 * React hydrates the form, and hydration re-checks the default of each controlled group ('As soon
 * as possible', 'Any time'), which would silently undo a visitor's earlier choice.
 */
const radiosBeforeHydration: Record<string, string> = (() => {
  if (typeof document === 'undefined') return {};
  const form = document.getElementById(fieldId('name'))?.closest('form');
  const chosen: Record<string, string> = {};
  for (const name of RADIO_GROUPS) {
    const item = form?.elements.namedItem(name);
    // The defaults are what the HTML came with, not a choice: they must not override a draft.
    if (
      item instanceof RadioNodeList &&
      item.value !== '' &&
      item.value !== DEFAULT_CHOICES[name]
    ) {
      chosen[name] = item.value;
    }
  }
  return chosen;
})();

/** What the visitor typed or chose in the pre-rendered form before this code arrived. */
function enteredBeforeHydration(): Partial<DraftValues> {
  const typed: Partial<DraftValues> = {};
  for (const field of HOMEOWNER_FIELDS) {
    const element = document.getElementById(fieldId(field));
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
      if (element.value !== '') typed[field] = element.value;
    }
  }
  return { ...restoredChoices(radiosBeforeHydration), ...typed };
}

/**
 * After hydration, fills the form from what the visitor already entered into the pre-rendered
 * form, else from a saved draft, and takes the `?zip=` of a city link (the HTML is the same for
 * every visitor, so none of this can be in it). Then keeps the draft up to date.
 */
export function DraftSync() {
  const { values, setFieldValue } = useFormikContext<FormValues>();
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const linked = zipFromLink();
    const zip = linked && /^\d{5}$/.test(linked) ? linked : null;
    const values: Partial<DraftValues> = {
      ...loadDraft(),
      ...(zip ? { zipCode: zip } : {}),
      ...enteredBeforeHydration(),
    };
    // Field by field: Formik applies each to its latest state, so files adopted by the pickers
    // in the same tick are kept (a whole-values update would be computed from a stale copy).
    for (const [key, value] of Object.entries(values)) void setFieldValue(key, value, false);
  }, [setFieldValue]);
  useEffect(() => {
    if (!restored.current) return;
    saveDraft(values);
  }, [values]);
  return null;
}

/** After a submit with errors, focus the first place that needs attention, in screen order. */
export function FocusFirstError() {
  const { submitCount, isSubmitting, errors } = useFormikContext<FormValues>();
  const lastCount = useRef(submitCount);
  useEffect(() => {
    if (submitCount === lastCount.current || isSubmitting) return;
    lastCount.current = submitCount;
    const formErrors = errors as FormErrors;
    const first = FIELD_ORDER.find((field) => formErrors[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
    else if (formErrors.pickupDate) document.getElementById(PICKUP_DATE_ID)?.focus();
    else if (formErrors.media) document.getElementById(MEDIA_SECTION_ID)?.focus();
  }, [submitCount, isSubmitting, errors]);
  return null;
}

/**
 * Five digits in the ZIP field look the ZIP up and fill City and State when they are empty (or
 * still hold what an earlier ZIP filled in); an unknown ZIP gets the spec's message.
 */
export function ZipAutofill({ lookup }: { lookup: (zip: string) => Promise<ZipLookup> }) {
  const { values, setFieldValue, setFieldTouched, validateForm } = useFormikContext<FormValues>();
  const digits = lookupDigits(values.zipCode);
  // The lookup answers later: it must compare with the fields as they are then.
  const latest = useRef(values);
  useEffect(() => {
    latest.current = values;
  }, [values]);
  const filled = useRef<{ city: string; state: string }>({ city: '', state: '' });
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (digits === undefined) return;
    let current = true;
    void lookup(digits).then((result) => {
      if (!current || result.kind === 'unavailable') return;
      const changes: Partial<FormValues> = {};
      if (result.kind === 'unknown') {
        changes.unknownZip = digits;
        void setFieldTouched('zipCode', true, false);
      } else {
        if (latest.current.unknownZip !== '') changes.unknownZip = '';
        const { city, state } = latest.current;
        if (city.trim() === '' || city === filled.current.city) changes.city = result.city;
        if (state.trim() === '' || state === filled.current.state) changes.state = result.state;
        filled.current = { city: changes.city ?? '', state: changes.state ?? '' };
        const announced = [changes.city, changes.state].filter(Boolean).join(', ');
        if (announced) setAnnouncement(CHOICE_MESSAGES.zipFilled(announced));
      }
      // Without validating each change against a copy of the values from the last render, then
      // once with all of them: a message never describes a field as it was before the fill.
      for (const [key, value] of Object.entries(changes)) void setFieldValue(key, value, false);
      void validateForm({ ...latest.current, ...changes });
    });
    return () => {
      current = false;
    };
  }, [digits, lookup, setFieldValue, setFieldTouched, validateForm]);

  return (
    <p role="status" className="sr-only">
      {announcement}
    </p>
  );
}
