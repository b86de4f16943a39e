import { useFormikContext } from 'formik';
import { type RefObject, useEffect } from 'react';

/** A form's values by control name, as entered: text, the chosen radio, a ticked box, a file. */
export type EnteredValues = Record<string, string | boolean | File>;

/**
 * What the visitor entered into a pre-rendered form before its code arrived (a form may hydrate
 * only when the visitor comes to it, frontend/shared/hydration/when-needed.ts): the controls keep it
 * through hydration, but Formik's values do not have it, and the next render would clear it from
 * the controls. For forms whose pre-rendered controls are all empty, unticked and unchosen.
 */
export function enteredBeforeHydration(form: HTMLFormElement): EnteredValues {
  const entered: EnteredValues = {};
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
  return entered;
}

/** Takes what was entered before hydration into the form's values, once, as it hydrates. */
export function KeepEnteredBeforeHydration({
  formRef,
}: {
  formRef: RefObject<HTMLFormElement | null>;
}) {
  const { setFieldValue } = useFormikContext();
  useEffect(() => {
    if (!formRef.current) return;
    const entered = enteredBeforeHydration(formRef.current);
    // Field by field, without validating: nothing is marked wrong before the visitor submits.
    for (const [name, value] of Object.entries(entered)) void setFieldValue(name, value, false);
  }, [formRef, setFieldValue]);
  return null;
}
