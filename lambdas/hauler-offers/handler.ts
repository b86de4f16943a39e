// hauler-offers, run every minute by EventBridge: offer rounds, escalations, offers' end.
import { describeError } from '../shared/runtime/aws';
import { depsFromEnv } from '../shared/handlers/deps';
import { runOffersJob } from './offers-job';
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

/** The local server moves the clock on with `at`, and may name the `only` lead to run. */
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
