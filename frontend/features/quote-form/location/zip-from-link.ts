import { hasDraft } from '../draft/draft-key';

/**
 * The ZIP code a city link put in the address (`/?zip=85001`), or null: read from the address
 * itself, so the form needs no router (it hydrates as an island on the home page, decision 041).
 */
export function zipFromLink(): string | null {
  return new URLSearchParams(window.location.search).get('zip');
}

/**
 * Whether the pre-rendered form's code is wanted at once rather than when the visitor comes to
 * it: to show a saved draft or a city link's ZIP. The one rule for the app's lazy form
 * (quote-form-section.tsx) and the home page's island (entry.quote-form.ts).
 */
export function quoteFormWantedAtOnce(): boolean {
  return hasDraft() || zipFromLink() !== null;
}
