import type { LinkMailDeps } from '../shared/handlers/deps';
import type { Payments } from '../shared/payments/payments-from-env';

export type UpdateLeadDeps = LinkMailDeps & {
  /** The stage's payments (decision 048): a booked job's cancellation moves its money when on. */
  payments?: Payments;
};
