// The money machine's pure tests: job j1's money started, stepped through events, and Stripe's
// signed events as the webhook route hands them on.
import type { StoredPayment } from '../../lambdas/shared/models/payment-model';
import { startMoney, step } from '../../lambdas/shared/payments/money-machine';
import type { PaymentCommand, MoneyEvent } from '../../lambdas/shared/payments/money-machine';
import type { PaymentWebhook } from '../../lambdas/shared/payments/money-webhooks';

/** Job j1's money started: the card pm_1 of cus_1, the payout to acct_1. */
export const startedMoney = (priceCents: number, windowStartsAt: string): StoredPayment =>
  startMoney({
    jobId: 'j1',
    priceCents,
    windowStartsAt,
    destination: 'acct_1',
    card: { customerId: 'cus_1', paymentMethodId: 'pm_1' },
  });

/** The machine stepped through `events`: the state after them and every command they asked for. */
export function stepped(state: StoredPayment, ...events: MoneyEvent[]) {
  const commands: PaymentCommand[] = [];
  for (const event of events) {
    const out = step(state, event);
    state = out.state;
    commands.push(...out.commands);
  }
  return { state, commands };
}

let evt = 0;
/** A Stripe event of `type` about `object`, each with its own id. */
export const webhook = (type: string, object: Record<string, unknown>): MoneyEvent => ({
  type: 'webhook',
  event: { id: `evt_${++evt}`, type, data: { object } } satisfies PaymentWebhook,
});
