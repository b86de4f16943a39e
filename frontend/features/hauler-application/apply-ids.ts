/** The application's section on /haulers (the hero's "#apply" link lands there). */
export const APPLY_SECTION_ID = 'apply';

/** The Apply button: disabled until the form is live, which the e2e tests wait for. */
export const APPLY_SUBMIT_ID = 'hauler-apply-submit';

/** The section where an approved hauler asks for a fresh link, and its button. */
export const FRESH_LINK_SECTION_ID = 'fresh-link';
export const FRESH_LINK_SUBMIT_ID = 'fresh-link-submit';
