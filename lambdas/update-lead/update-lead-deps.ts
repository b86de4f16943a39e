import type { LinkMailDeps } from '../shared/handlers/deps';

import type { Payments } from '../shared/payments/payments-from-env';

export type UpdateLeadDeps = LinkMailDeps & {
  /** The stage's stated setting: on, a hauler quotes only with payouts enabled (decision 055). */
  payments: Pick<Payments, 'setting'>;
};
