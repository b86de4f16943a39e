/**
 * Section 8: the money job (decision 057) with 1,000 holds due at once: each job's money (a saved
 * card, 4 days before its window) and its due item written straight to dynalite (in memory, in a
 * process of its own), the Stripe stand-in in memory in this process, and the money job run as
 * the minute runs it (its budget, its page of due jobs) until nothing is due. Measured: the runs
 * it takes, the time per job (from the run's own clock) and per Stripe call (the hold, timed
 * around the payment module's call).
 */
import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MONEY_JOB_BUDGET_MS, runMoneyJob } from '../../lambdas/hauler-offers/money/money-job';
import { moneyDueKey } from '../../lambdas/shared/payments/money-due';
import { startMoney } from '../../lambdas/shared/payments/money-machine';
import { moneyJobId } from '../../lambdas/shared/payments/money-runner';
import { paymentKey } from '../../lambdas/shared/payments/payment-store';
import { stripePayments } from '../../lambdas/shared/payments/stripe-payments';
import type { PaymentProvider } from '../../lambdas/shared/payments/stripe-payments';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';
import { LOCAL_CREDENTIALS, LOCAL_LEADS_TABLE } from '../local/aws-stand-ins';
import { TEST_KEY, onboardedAccount, saveCard, startTestStandIn } from '../local/stripe/testing';
import { percentile } from './stats';
import { LEAD_TABLE_INDEXES, MONEY_DUE_SHARD } from '#contract/core/table-keys';
import { PAYMENT_TERMS } from '#contract/money/payments';

export const MONEY_BENCH = { jobs: 1_000, priceCents: 32_500 } as const;

export interface Latency {
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export interface MoneyResult {
  jobs: number;
  held: number;
  runs: number;
  /** Jobs each run reached before its page or its budget ended. */
  jobsPerRun: number[];
  totalSeconds: number;
  /** Whole job (reads, the hold, writes, the next due time), by the run's wall clock / jobs. */
  perJobMs: number;
  holdMs: Latency;
  budgetMs: number;
}

const round = (ms: number) => Math.round(ms * 100) / 100;
const latency = (values: number[]): Latency => ({
  p50: round(percentile(values, 50)),
  p90: round(percentile(values, 90)),
  p99: round(percentile(values, 99)),
  max: round(Math.max(...values)),
});

async function writeAll(table: LeadTable, items: Record<string, unknown>[]) {
  for (let i = 0; i < items.length; i += 25) {
    let pending = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    while (pending.length > 0) {
      const result = await table.client.send(
        new BatchWriteCommand({ RequestItems: { [table.tableName]: pending } }),
      );
      pending = (result.UnprocessedItems?.[table.tableName] ?? []) as typeof pending;
    }
  }
}

/** The payment module with each hold timed. */
function timed(provider: PaymentProvider, holds: number[]): PaymentProvider {
  return {
    ...provider,
    placeHold: async (command) => {
      const start = performance.now();
      const outcome = await provider.placeHold(command);
      holds.push(performance.now() - start);
      return outcome;
    },
  };
}

export async function measureMoney(dynamoEndpoint: string): Promise<MoneyResult> {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: dynamoEndpoint,
      region: 'us-east-1',
      credentials: LOCAL_CREDENTIALS,
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  const table = { client, tableName: LOCAL_LEADS_TABLE };
  const standIn = await startTestStandIn();
  try {
    const now = new Date();
    const account = await onboardedAccount(standIn);
    // One saved card for every job: the stand-in's work per hold does not depend on the customer.
    const card = await saveCard(standIn, '4242424242424242');
    const windowStartsAt = new Date(
      now.getTime() + PAYMENT_TERMS.holdLeadHours * 3_600_000,
    ).toISOString();
    const { partitionKey, sortKey } = LEAD_TABLE_INDEXES.byDue;
    const items: Record<string, unknown>[] = [];
    for (let i = 0; i < MONEY_BENCH.jobs; i += 1) {
      const jobId = moneyJobId(`bench-lead-${String(i).padStart(4, '0')}`, 1);
      const payment = startMoney({
        jobId,
        priceCents: MONEY_BENCH.priceCents,
        windowStartsAt,
        destination: account,
        card: { customerId: card.customer.id, paymentMethodId: card.paymentMethod },
      });
      items.push({ ...paymentKey(jobId), ...payment, version: 1 });
      items.push({
        ...moneyDueKey(jobId),
        jobId,
        [partitionKey]: MONEY_DUE_SHARD,
        [sortKey]: now.toISOString(),
      });
    }
    await writeAll(table, items);

    const holds: number[] = [];
    const provider = timed(
      stripePayments({
        secretKey: async () => TEST_KEY,
        webhookSecret: async () => 'whsec_unused',
        host: '127.0.0.1',
        port: standIn.standIn.port,
        protocol: 'http',
      }),
      holds,
    );
    const deps = {
      table,
      provider,
      // No lead items: the jobs' emails are not part of this measure (the outbox has its own).
      ses: new SESv2Client({ region: 'us-east-1', credentials: LOCAL_CREDENTIALS }),
      sender: 'quotes@example.com',
      secrets: async () => ({ current: Buffer.alloc(32), accepted: [Buffer.alloc(32)] }),
      publicBaseUrl: 'http://localhost',
      operationsAddress: 'ops@example.com',
      now: () => now,
    };
    const jobsPerRun: number[] = [];
    let held = 0;
    const started = performance.now();
    for (let run = 0; run < 20; run += 1) {
      const report = await runMoneyJob(deps);
      if (report.due === 0) break;
      if (report.failed > 0) {
        throw new Error(`${report.failed} jobs failed: ${report.jobs.find((j) => j.error)?.error}`);
      }
      jobsPerRun.push(report.jobs.length);
      held += report.jobs.filter((job) => job.after === 'held').length;
    }
    const totalMs = performance.now() - started;
    return {
      jobs: MONEY_BENCH.jobs,
      held,
      runs: jobsPerRun.length,
      jobsPerRun,
      totalSeconds: round(totalMs / 1000),
      perJobMs: round(totalMs / MONEY_BENCH.jobs),
      holdMs: latency(holds),
      budgetMs: MONEY_JOB_BUDGET_MS,
    };
  } finally {
    await standIn.close();
  }
}
