/**
 * Entry point for hauler-offers, run every minute by an EventBridge rule (and on a timer by the
 * local server): offer rounds, escalations and the end of offers for the leads that are due. No
 * Function URL: nothing reaches it but the schedule.
 */
import { describeError, sesClientFromEnv } from '../shared/runtime/aws';
import { linkSecretsFromEnv } from '../shared/links/link-secret';
import { leadTableFromEnv } from '../shared/runtime/table-handle';
import { runOffersJob } from './offers-job';
import type { OffersJobDeps, OffersJobReport } from './offers-job';
import { readEnv } from '#contract/core/env';

const env = readEnv('hauler-offers', process.env);
const deps: OffersJobDeps = {
  table: leadTableFromEnv(env),
  ses: sesClientFromEnv(env),
  secrets: linkSecretsFromEnv(env),
  publicBaseUrl: env.publicBaseUrl,
  sender: env.senderAddress,
  operationsAddress: env.operationsAddress,
  settings: {
    batchSize: env.offerBatchSize,
    roundMinutes: env.offerRoundMinutes,
    offerHours: env.offerHours,
    escalationMinutes: env.offerEscalationMinutes,
    haulerDailyOffers: env.haulerDailyOffers,
  },
  ...(env.confirmationConfigurationSet === undefined
    ? {}
    : { haulerConfigurationSet: env.confirmationConfigurationSet }),
  ...(env.operationsConfigurationSet === undefined
    ? {}
    : { operationsConfigurationSet: env.operationsConfigurationSet }),
  // Embedded Metric Format must be the whole log line: straight to stdout, past the JSON logger.
  emitMetric: (line: string) => void process.stdout.write(`${line}\n`),
  now: () => new Date(),
};

/**
 * One run at `at` (now by default); the local server passes a time to move the clock on, and may
 * name the one lead to run.
 */
export async function runOffers(at?: Date, only?: string): Promise<OffersJobReport> {
  return runOffersJob({
    ...deps,
    ...(at === undefined ? {} : { now: () => at }),
    ...(only === undefined ? {} : { only }),
  });
}

/** Throws when a lead failed, so the run counts as an error (alarm); that lead stays due. */
export async function handler(): Promise<OffersJobReport> {
  try {
    const report = await runOffers();
    if (report.due > 0) console.info('hauler offers: run', report);
    if (report.failed > 0) throw new Error(`${report.failed} of ${report.due} due leads failed`);
    return report;
  } catch (error) {
    console.error('hauler offers failed', { error: describeError(error) });
    throw error;
  }
}
