/**
 * Where the form's draft is kept (sessionStorage), apart from draft-storage.ts so that the home
 * page can tell whether there is one without loading the form's code.
 */
export const DRAFT_KEY = 'quote-form-draft';

/** Whether this tab holds a draft (false where storage cannot be read). */
export function hasDraft(storage: Storage | undefined = globalThis.sessionStorage): boolean {
  try {
    return !!storage?.getItem(DRAFT_KEY);
  } catch {
    return false;
  }
}
