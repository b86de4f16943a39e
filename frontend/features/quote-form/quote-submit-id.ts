/** The form's submit button: the page watches it to know when the form is about to be needed. */
export const QUOTE_SUBMIT_ID = 'quote-submit';
