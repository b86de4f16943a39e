// What accepting a quote needs: the mailer and the links, and the stage's payments (absent: off).
import type { LinkMailDeps } from '../handlers/deps';
import type { Payments } from '../payments/payments-from-env';

export type AcceptanceDeps = LinkMailDeps & { payments?: Payments };
