/**
 * The local stack's money switches (decision 057), under /__local/ only, never deployed:
 * `POST /__local/start-money` starts an accepted job's money with a test card saved through the
 * stand-in's hosted page and a payout account onboarded there, as acceptance through the card page
 * will (the hold at once when the pickup is within 4 days); `POST /__local/run-money` runs the money
 * job for one job (at a given time), as the minute runs it.
 */
import Stripe from 'stripe';
import { depsFromEnv } from '../../lambdas/shared/handlers/deps';
import { acceptedStoredQuote } from '../../lambdas/shared/jobs/lead-job';
import { getLead } from '../../lambdas/shared/leads/lead-store';
import { earliestCapture, holdDueAt, scheduleMoney } from '../../lambdas/shared/payments/money-due';
import { startMoney } from '../../lambdas/shared/payments/money-machine';
import type { MoneyMoved } from '../../lambdas/shared/payments/money-runner';
import {
  advanceMoney,
  moneyJobId,
  startJobMoney,
} from '../../lambdas/shared/payments/money-runner';
import { getPayment, putPayment } from '../../lambdas/shared/payments/payment-store';
import { stripeProviderFromEnv } from '../../lambdas/shared/payments/payments-from-env';
import { type TestStandIn, onboardedAccount, saveCard } from './stripe/testing';
import { readEnv } from '#contract/core/env';
import { pickupInstant } from '#contract/loop/jobs';

export interface StartMoneyBody {
  submissionId: string;
  /** One of Stripe's test card numbers; 4242424242424242 when not given. */
  card?: string;
  /**
   * The money's window instead of the quote's: the server's clock cannot move, and the quote loop
   * refuses a cancellation on the pickup day, so a late cancellation is tested with a window set
   * nearer than the quote's.
   */
  windowStartsAt?: string;
}

/** The request's accepted job's money, started; a string says what is wrong with the body. */
export async function startMoneyForTest(
  body: Buffer | null,
  stripeOrigin: string,
  stripeKey: string,
): Promise<MoneyMoved | string> {
  const parsed = JSON.parse(body?.toString() || '{}') as Partial<StartMoneyBody>;
  if (typeof parsed.submissionId !== 'string') return 'submissionId: the request’s id';
  const env = readEnv('hauler-offers', process.env);
  const { table } = depsFromEnv(env);
  const lead = await getLead(table, parsed.submissionId);
  const quote = lead === undefined ? undefined : acceptedStoredQuote(lead);
  if (lead === undefined || quote === undefined) return 'no accepted quote on that request';
  const jobId = moneyJobId(lead.submissionId, quote.number);
  const existing = await getPayment(table, jobId);
  if (existing !== undefined) {
    // Accepted through the card page, the money started then: only the window is moved here.
    if (typeof parsed.windowStartsAt === 'string') {
      const windowStartsAt = new Date(parsed.windowStartsAt).toISOString();
      await putPayment(table, { ...existing.payment, windowStartsAt }, existing.version);
    }
    const deps = { table, provider: stripeProviderFromEnv(env), now: () => new Date() };
    const moved = await advanceMoney(deps, jobId);
    if (moved === undefined) return 'the money vanished';
    await scheduleMoney(table, jobId, new Date());
    return moved;
  }
  const origin = new URL(stripeOrigin);
  const stripe = new Stripe(stripeKey, {
    host: origin.hostname,
    port: Number(origin.port),
    protocol: 'http',
    telemetry: false,
  });
  // The testing helpers only use the SDK pointed at the stand-in.
  const standIn = { stripe } as TestStandIn;
  const saved = await saveCard(standIn, parsed.card ?? '4242424242424242');
  const destination = await onboardedAccount(standIn);
  const now = new Date();
  const start = {
    jobId,
    priceCents: Math.round(quote.priceDollars * 100),
    windowStartsAt:
      typeof parsed.windowStartsAt === 'string'
        ? new Date(parsed.windowStartsAt).toISOString()
        : pickupInstant(quote.pickupDate, quote.pickupWindow, 'start').toISOString(),
    destination,
    card: { customerId: saved.customer.id, paymentMethodId: saved.paymentMethod },
  };
  const near = now >= holdDueAt(startMoney(start));
  const deps = { table, provider: stripeProviderFromEnv(env), now: () => now };
  const moved = await startJobMoney(
    deps,
    start,
    near
      ? { type: 'hold-due', captureBy: earliestCapture(startMoney(start), now).toISOString() }
      : undefined,
  );
  await scheduleMoney(table, start.jobId, now);
  return moved;
}
