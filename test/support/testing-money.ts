// A job's money charged at the Stripe stand-in, without the checkout and money-job wiring (they
// have tests of their own): a card saved on the hosted page, an onboarded hauler account, the hold
// placed, "Job done" with the receipt and the objection window passed, through the money runner.
import type Stripe from 'stripe';
import {
  advanceMoney,
  moneyJobId,
  startJobMoney,
} from '../../lambdas/shared/payments/money-runner';
import type { MoneyDeps, MoneyMoved } from '../../lambdas/shared/payments/money-runner';
import type { PaymentWebhook } from '../../lambdas/shared/payments/money-webhooks';
import { stripePayments } from '../../lambdas/shared/payments/stripe-payments';
import type { PaymentProvider } from '../../lambdas/shared/payments/stripe-payments';
import {
  TEST_KEY,
  type TestStandIn,
  onboardedAccount,
  saveCard,
} from '../../scripts/local/stripe/testing';
import { PAYMENT_TERMS } from '#contract/money/payments';

const HOUR_MS = 3_600_000;

export interface ChargeOptions {
  quote?: number;
  priceCents?: number;
  /** The hauler's Express account; a new onboarded one when not given. */
  destination?: string;
  /** Stop once the hold is placed (nothing charged). */
  holdOnly?: boolean;
}

/** The money of `submissionId`'s quote, held and (unless `holdOnly`) charged. */
export async function chargedMoney(
  stripe: Stripe,
  deps: MoneyDeps,
  submissionId: string,
  options: ChargeOptions = {},
): Promise<MoneyMoved> {
  const standIn = { stripe } as TestStandIn;
  const destination = options.destination ?? (await onboardedAccount(standIn));
  const { customer, paymentMethod } = await saveCard(standIn, '4242424242424242');
  const now = deps.now().getTime();
  const jobId = moneyJobId(submissionId, options.quote ?? 1);
  const held = await startJobMoney(
    deps,
    {
      jobId,
      priceCents: options.priceCents ?? 32_500,
      windowStartsAt: new Date(now + 24 * HOUR_MS).toISOString(),
      destination,
      card: { customerId: customer.id, paymentMethodId: paymentMethod },
    },
    { type: 'hold-due', captureBy: new Date(now + 72 * HOUR_MS).toISOString() },
  );
  if (options.holdOnly === true) return held;
  const doneAt = new Date(now + 30 * HOUR_MS).toISOString();
  await advanceMoney(deps, jobId, { type: 'job-done', at: doneAt, receipt: true });
  const passed = new Date(Date.parse(doneAt) + PAYMENT_TERMS.objectionHours * HOUR_MS);
  const charged = await advanceMoney(deps, jobId, {
    type: 'window-passed',
    at: passed.toISOString(),
  });
  if (charged?.after !== 'charged') throw new Error(`not charged: ${charged?.after}`);
  return charged;
}

/** The stand-in's dispute event as the webhook hands it on, for a test that applies it itself. */
export function disputeEvent(
  id: string,
  type: 'charge.dispute.created' | 'charge.dispute.closed',
  dispute: Record<string, unknown>,
): PaymentWebhook {
  return { id, type, data: { object: dispute } };
}

/** The payment module as the functions build it, pointed at a test stand-in (no webhooks read). */
export function standInPayments(test: TestStandIn): PaymentProvider {
  return stripePayments({
    secretKey: async () => TEST_KEY,
    webhookSecret: async () => 'whsec_unused',
    host: '127.0.0.1',
    port: test.standIn.port,
    protocol: 'http',
  });
}
