/**
 * The quote form's section on the home page (`/#quote-form`). Apart from paths.ts so that the
 * home page's form island (frontend/entry.quote-form.ts) can find the form without loading the
 * top bar's chunk, where paths.ts lives.
 */
export const QUOTE_FORM_ID = 'quote-form';
