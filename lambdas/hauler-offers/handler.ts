// hauler-offers, run every minute by EventBridge: offer rounds, escalations, offers' end.
import { describeError } from '../shared/runtime/aws';
import { depsFromEnv } from '../shared/handlers/deps';
import { haulerLedger } from '../shared/haulers/hauler-mail';
import { getLead } from '../shared/leads/lead-store';
import { leadLedger } from '../shared/mail/mailer';
import { dynamoOutbox } from '../shared/mail/outbox';
import type { LedgerRef } from '../shared/mail/outbox';
import { accountSendRate, drainOutbox } from '../shared/mail/outbox-sender';
import type { OutboxRun } from '../shared/mail/outbox-sender';
import { paymentsFromEnv } from '../shared/payments/payments-from-env';
import { runMoneyJob } from './money/money-job';
import type { MoneyJobReport } from './money/money-job';
import { runOffersJob } from './offers-job';
import { sweepCheckouts } from './checkout-sweep';
import type { OffersJobDeps, OffersJobReport } from './offers-job';
import { readEnv } from '#contract/core/env';

const env = readEnv('hauler-offers', process.env);
const deps: OffersJobDeps = {
  ...depsFromEnv(env),
  settings: {
    batchSize: env.offerBatchSize,
    roundMinutes: env.offerRoundMinutes,
    offerHours: env.offerHours,
    escalationMinutes: env.offerEscalationMinutes,
    haulerDailyOffers: env.haulerDailyOffers,
  },
};

const payments = paymentsFromEnv(env);

/** The local server moves the clock on with `at`, and may name the `only` lead to run. */
export async function runOffers(at?: Date, only?: string): Promise<OffersJobReport> {
  const report = await runOffersJob({
    ...deps,
    ...(at === undefined ? {} : { now: () => at }),
    ...(only === undefined ? {} : { only }),
  });
  // Cards saved with no page to come back: accepted here (decision 056).
  if (payments.setting === 'on') {
    const swept = await sweepCheckouts(
      {
        ...deps,
        payments,
        provider: payments.provider,
        ...(at === undefined ? {} : { now: () => at }),
      },
      only,
    );
    if (swept.looked > 0) console.info('checkout sweep: run', swept);
  }
  return report;
}

/**
 * The money job (decision 057), after the offer round and before the outbox's sender, so that
 * its emails leave in the same minute; undefined with payments off. The local server passes `at`
 * and may name the `only` job to run.
 */
export async function runMoney(at?: Date, only?: string): Promise<MoneyJobReport | undefined> {
  if (payments.setting === 'off') return undefined;
  return runMoneyJob({
    ...deps,
    provider: payments.provider,
    ...(at === undefined ? {} : { now: () => at }),
    ...(only === undefined ? {} : { only }),
  });
}

/** What the outbox's sender may spend of the minute, after the offer round. */
const OUTBOX_BUDGET_MS = 30_000;

/** The outbox's sender (decision 054): due emails at SES's own sending rate. */
export async function sendOwedEmails(
  options: { at?: Date; budgetMs?: number } = {},
): Promise<OutboxRun> {
  const outbox = dynamoOutbox(deps.table);
  const { at } = options;
  return drainOutbox(
    {
      ...deps,
      ...(at === undefined ? {} : { now: () => at }),
      outbox,
      async openLedger(ref: LedgerRef) {
        if (ref.kind === 'hauler') return haulerLedger(deps.table, ref.id);
        const lead = await getLead(deps.table, ref.id);
        return lead === undefined ? undefined : leadLedger(deps.table, lead);
      },
    },
    {
      ratePerSecond: await accountSendRate(deps.ses),
      budgetMs: options.budgetMs ?? OUTBOX_BUDGET_MS,
    },
  );
}

/** Throws when a lead failed, so the run counts as an error (alarm); that lead stays due. */
export async function handler(): Promise<OffersJobReport> {
  try {
    const report = await runOffers();
    if (report.due > 0) console.info('hauler offers: run', report);
    // A money run that fails is logged; the jobs it did not reach stay due for the next minute.
    const money = await runMoney().catch((error: unknown) => {
      console.error('money job: run failed', { error: describeError(error) });
      return undefined;
    });
    if (money !== undefined && money.due > 0) console.info('money job: run', money);
    // The owed emails go out even when a lead failed; a failure here is logged per item.
    const owed = await sendOwedEmails().catch((error: unknown) => {
      console.error('outbox: run failed', { error: describeError(error) });
      return undefined;
    });
    if (owed !== undefined && owed.due > 0) console.info('outbox: run', owed);
    if (report.failed > 0) throw new Error(`${report.failed} of ${report.due} due leads failed`);
    if (money !== undefined && money.failed > 0) {
      throw new Error(`${money.failed} of ${money.due} due jobs' money failed`);
    }
    return report;
  } catch (error) {
    console.error('hauler offers failed', { error: describeError(error) });
    throw error;
  }
}
