/** The form's submit button: the page watches it to know when the form is about to be needed. */
export const QUOTE_SUBMIT_ID = 'quote-submit';

/**
 * The element around the form (and its toast) that the home page's quote-form island hydrates on
 * its own (docs/decisions/041-home-page-islands.md).
 */
export const QUOTE_FORM_ROOT_ID = 'quote-form-root';
