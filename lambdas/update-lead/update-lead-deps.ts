import type { AcceptanceDeps } from '../shared/acceptance/acceptance-deps';

/**
 * The stage's payments (decision 048) come with the acceptance's deps: accepting saves a card, a
 * hauler quotes only with payouts enabled (decision 055), a booked job's cancellation moves its
 * money. `payments` absent (the loop's unit tests): off.
 */
export type UpdateLeadDeps = AcceptanceDeps;
