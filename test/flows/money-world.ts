// The flow world's money (decision 058): A's booked job charged at a Stripe stand-in of its own,
// then refunded or disputed as operations and Stripe's webhook do it, the owed emails sent by
// the minute job's sender.
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { getLead } from '../../lambdas/shared/leads/lead-store';
import { leadLedger } from '../../lambdas/shared/mail/mailer';
import { drainOutbox } from '../../lambdas/shared/mail/outbox-sender';
import { dynamoOutbox } from '../../lambdas/shared/mail/outbox';
import { moneyJobId } from '../../lambdas/shared/payments/money-runner';
import type { MoneyDeps } from '../../lambdas/shared/payments/money-runner';
import { keepDisputeNotice } from '../../lambdas/stripe-webhook/dispute-notice';
import { receiveStripeWebhook } from '../../lambdas/stripe-webhook/stripe-webhook';
import { refundJob } from '../../scripts/leads/money/refund';
import { type TestStandIn, events, startTestStandIn } from '../../scripts/local/stripe/testing';
import { chargedMoney } from '../support/testing-money';
import { runMoneyJob } from '../../lambdas/hauler-offers/money/money-job';
import { scheduleMoney } from '../../lambdas/shared/payments/money-due';
import { NOW, OPERATIONS, type flowWorld } from './flow-world';
import { standInPayments } from '../support/testing-money';

export function moneyWorld(w: ReturnType<typeof flowWorld>) {
  let test: TestStandIn;
  let disputeId: string | undefined;
  const deps = (): MoneyDeps => ({
    table: w.table,
    now: () => w.clock,
    provider: standInPayments(test),
  });
  const mailDeps = () => ({
    ses: new SESv2Client({ region: 'us-east-1' }),
    sender: 'quotes@example.com',
    now: () => w.clock,
    outbox: dynamoOutbox(w.table),
  });
  /** Stripe's latest event of `type` about the dispute, applied as the webhook applies it. */
  const deliver = async (type: string) => {
    const found = (await events(test, type)).findLast((e) => e.data.object.id === disputeId)!;
    const event = { id: found.id, type: found.type, data: found.data };
    await receiveStripeWebhook(
      {
        table: w.table,
        now: () => w.clock,
        verify: async () => event,
        intentJob: (intentId) => deps().provider.intentJob(intentId),
        tellOperations: (applied, jobId) =>
          keepDisputeNotice(
            {
              table: w.table,
              outbox: dynamoOutbox(w.table),
              operationsAddress: OPERATIONS,
              now: () => w.clock,
            },
            applied,
            jobId,
          ),
      },
      Buffer.from(JSON.stringify(event)),
      'checked-apart',
    );
    // The minute job's sender.
    await drainOutbox(
      {
        ...mailDeps(),
        openLedger: async (ref) => {
          const lead = await getLead(w.table, ref.id);
          return lead === undefined ? undefined : leadLedger(w.table, lead);
        },
        sleep: async () => undefined,
      },
      { ratePerSecond: 100, budgetMs: 10_000 },
    );
  };
  return {
    start: async () => {
      test = await startTestStandIn();
    },
    stop: () => test.close(),
    /** A's quote accepted and its money charged. */
    charged: async () => {
      await w.bookedWithA();
      await chargedMoney(test.stripe, { ...deps(), now: () => NOW }, w.id, { quote: 1 });
    },
    refund: async (amountCents: number) => {
      const done = await refundJob(
        { ...deps(), ...mailDeps(), operationsAddress: OPERATIONS },
        w.id,
        { amountCents, reason: 'One item stayed behind' },
      );
      if (done.owed) throw new Error('the refund was not answered');
    },
    openDispute: async () => {
      const intent = (await test.stripe.paymentIntents.list({ limit: 1 })).data.find(
        (each) => each.metadata.job === moneyJobId(w.id, 1),
      )!;
      const dispute = await test.admin<{ id: string }>('POST', '/_standin/disputes', {
        payment_intent: intent.id,
      });
      disputeId = dispute.id;
      await deliver('charge.dispute.created');
    },
    /** The money job's minute for A's job, its charge's emails already sent (decision 061). */
    runMoney: async () => {
      const report = await runMoneyJob({
        ...w.deps(),
        ...deps(),
        operationsAddress: OPERATIONS,
        only: moneyJobId(w.id, 1),
      });
      if (report.failed > 0) throw new Error(JSON.stringify(report.jobs));
    },
    /** Charged, and the charge's emails sent, so that only what follows is told. */
    chargedAndTold: async () => {
      await w.bookedWithA();
      await chargedMoney(test.stripe, { ...deps(), now: () => NOW }, w.id, { quote: 1 });
      await scheduleMoney(w.table, moneyJobId(w.id, 1), w.clock);
      await runMoneyJob({ ...w.deps(), ...deps(), only: moneyJobId(w.id, 1) });
    },
    closeDispute: async (status: 'won' | 'lost') => {
      await test.admin('POST', `/_standin/disputes/${disputeId}/close`, { status });
      await deliver('charge.dispute.closed');
    },
  };
}
