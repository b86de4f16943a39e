import { QUOTE_FIELDS } from '../../../lambdas/shared/quote-contract';
import type { QuoteField } from '../../../lambdas/shared/quote-contract';

/**
 * What the homeowner typed survives an accidental reload: the text fields are kept in
 * sessionStorage (this tab only, gone when it closes) until the quote is sent. Files cannot be
 * kept this way and are chosen again.
 */
const KEY = 'quote-form-draft';

export type DraftValues = Record<QuoteField, string>;

export const emptyDraft = (): DraftValues =>
  Object.fromEntries(QUOTE_FIELDS.map((field) => [field, ''])) as DraftValues;

export function loadDraft(
  storage: Storage | undefined = globalThis.sessionStorage,
): DraftValues | null {
  try {
    const raw = storage?.getItem(KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const draft = emptyDraft();
    for (const field of QUOTE_FIELDS) {
      const value = (parsed as Record<string, unknown>)[field];
      if (typeof value === 'string') draft[field] = value;
    }
    return draft;
  } catch {
    return null;
  }
}

export function saveDraft(
  values: DraftValues,
  storage: Storage | undefined = globalThis.sessionStorage,
) {
  try {
    const empty = QUOTE_FIELDS.every((field) => values[field] === '');
    if (empty) storage?.removeItem(KEY);
    else storage?.setItem(KEY, JSON.stringify(values));
  } catch {
    // Private mode or a full quota: the form still works, only without the safety net.
  }
}

export function clearDraft(storage: Storage | undefined = globalThis.sessionStorage) {
  try {
    storage?.removeItem(KEY);
  } catch {
    // As above.
  }
}
