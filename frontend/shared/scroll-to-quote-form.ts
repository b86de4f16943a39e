import { QUOTE_FORM_ID } from './quote-form-id';

/**
 * Scrolls to the quote form, smoothly unless the visitor prefers reduced motion, and focuses it.
 * False where the page has no form. Used by the app's `QuoteLink` and, on the pre-rendered home
 * page, by the quote form's island for the same links (frontend/entry.quote-form.ts).
 */
export function scrollToQuoteForm(): boolean {
  const form = document.getElementById(QUOTE_FORM_ID);
  if (!form) return false;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  form.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  // Keyboard and screen-reader users land in the form, not back at the button.
  form.focus({ preventScroll: true });
  return true;
}
