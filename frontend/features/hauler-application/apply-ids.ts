/** The application's section on /haulers (the hero's "#apply" link lands there). */
export const APPLY_SECTION_ID = 'apply';

/** The Apply button: disabled until the form is live, which the e2e tests wait for. */
export const APPLY_SUBMIT_ID = 'hauler-apply-submit';
