import { HOMEOWNER_FIELDS } from '#contract/core/fields';
import type { HomeownerField } from '#contract/core/fields';
import { LOAD_SIZES, PICKUP_DAYS, PICKUP_WINDOWS } from '#contract/booking/job-choices';
import { DRAFT_KEY as KEY } from './draft-key';
import type { JobChoiceValues } from '../form-schema';

/**
 * What the homeowner typed and chose survives an accidental reload: the text fields and the
 * load-size and pickup choices are kept in sessionStorage (this tab only, gone when it closes)
 * until the quote is sent. Files cannot be kept this way and are chosen again.
 */

export type DraftValues = Record<HomeownerField, string> & JobChoiceValues;

/** The choices' defaults: no size said, as soon as possible, any time. */
export const DEFAULT_CHOICES: JobChoiceValues = {
  loadSize: '',
  pickupDay: 'asap',
  pickupDate: '',
  pickupWindow: 'any',
};

export const emptyDraft = (): DraftValues => ({
  ...(Object.fromEntries(HOMEOWNER_FIELDS.map((field) => [field, ''])) as Record<
    HomeownerField,
    string
  >),
  ...DEFAULT_CHOICES,
});

const oneOf = <T extends string>(allowed: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value);

/** The stored choices that are still valid values; anything else keeps its default. */
export function restoredChoices(stored: Record<string, unknown>): Partial<JobChoiceValues> {
  const choices: Partial<JobChoiceValues> = {};
  if (oneOf(LOAD_SIZES, stored.loadSize)) choices.loadSize = stored.loadSize;
  if (oneOf(PICKUP_DAYS, stored.pickupDay)) choices.pickupDay = stored.pickupDay;
  if (typeof stored.pickupDate === 'string') choices.pickupDate = stored.pickupDate;
  if (oneOf(PICKUP_WINDOWS, stored.pickupWindow)) choices.pickupWindow = stored.pickupWindow;
  return choices;
}

export function loadDraft(
  storage: Storage | undefined = globalThis.sessionStorage,
): DraftValues | null {
  try {
    const raw = storage?.getItem(KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const stored = parsed as Record<string, unknown>;
    const draft = emptyDraft();
    for (const field of HOMEOWNER_FIELDS) {
      const value = stored[field];
      if (typeof value === 'string') draft[field] = value;
    }
    return { ...draft, ...restoredChoices(stored) };
  } catch {
    return null;
  }
}

export function saveDraft(
  values: DraftValues,
  storage: Storage | undefined = globalThis.sessionStorage,
) {
  try {
    const draft = emptyDraft();
    for (const key of Object.keys(draft) as Array<keyof DraftValues>) {
      (draft as Record<string, string>)[key] = values[key];
    }
    const untouched = (Object.keys(draft) as Array<keyof DraftValues>).every(
      (key) => draft[key] === emptyDraft()[key],
    );
    if (untouched) storage?.removeItem(KEY);
    else storage?.setItem(KEY, JSON.stringify(draft));
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
