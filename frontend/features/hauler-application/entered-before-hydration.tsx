import { useFormikContext } from 'formik';
import { type RefObject, useEffect } from 'react';
import type { ApplicationValues } from './application-values';

/**
 * What the visitor entered into the pre-rendered application before its code arrived (the form
 * hydrates only when the visitor comes to it): the controls keep it through hydration, but the
 * form's values do not have it, and the next render would clear it from the controls.
 */
export function enteredBeforeHydration(form: HTMLFormElement): Partial<ApplicationValues> {
  const entered: Record<string, string | boolean | File> = {};
  for (const element of form.elements) {
    if (!(element instanceof HTMLInputElement) || element.name === '') continue;
    if (element.type === 'radio') {
      if (element.checked) entered[element.name] = element.value;
    } else if (element.type === 'checkbox') {
      if (element.checked) entered[element.name] = true;
    } else if (element.type === 'file') {
      const file = element.files?.[0];
      if (file) entered[element.name] = file;
    } else if (element.value !== '') {
      entered[element.name] = element.value;
    }
  }
  return entered as Partial<ApplicationValues>;
}

/** Takes what was entered before hydration into the form's values, once, as it hydrates. */
export function KeepEnteredBeforeHydration({
  formRef,
}: {
  formRef: RefObject<HTMLFormElement | null>;
}) {
  const { setFieldValue } = useFormikContext<ApplicationValues>();
  useEffect(() => {
    if (!formRef.current) return;
    const entered = enteredBeforeHydration(formRef.current);
    // Field by field, without validating: nothing is marked wrong before the visitor submits.
    for (const [name, value] of Object.entries(entered)) void setFieldValue(name, value, false);
  }, [formRef, setFieldValue]);
  return null;
}
