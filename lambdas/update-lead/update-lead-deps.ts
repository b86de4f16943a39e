import type { AcceptanceDeps } from '../shared/acceptance/acceptance-deps';

/** `payments` absent (the unit tests of the loop): off. */
export type UpdateLeadDeps = AcceptanceDeps;
