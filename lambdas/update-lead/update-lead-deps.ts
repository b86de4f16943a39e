import type { LinkMailDeps } from '../shared/handlers/deps';
import type { Payments } from '../shared/payments/payments-from-env';

/** `payments` absent (the unit tests of the loop): off. */
export type UpdateLeadDeps = LinkMailDeps & { payments?: Payments };
