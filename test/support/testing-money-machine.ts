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

const HOUR = 3_600_000;
const WINDOW = Date.parse('2026-12-10T18:00:00.000Z');
/** `hours` after the start of job j1's window (2026-12-10 18:00 UTC), before it when negative. */
export const at = (hours: number) => new Date(WINDOW + hours * HOUR);
/** The same instant as ISO 8601 text. */
export const iso = (hours: number) => at(hours).toISOString();

/** Job j1's $240 money for that window, started and stepped through `events`. */
export const money = (...events: MoneyEvent[]): StoredPayment =>
  stepped(startedMoney(24_000, iso(0)), ...events).state;
