/**
 * Entry point for hauler-documents, run daily by an EventBridge rule (and on a timer by the local
 * server): certificate reminders and the expiry pause. No Function URL: nothing reaches it but the
 * schedule.
 */
import { sesClientFromEnv } from '../shared/runtime/aws';
import { describeError } from '../shared/runtime/aws';
import { linkSecretsFromEnv } from '../shared/links/link-secret';
import { leadTableFromEnv } from '../shared/runtime/table-handle';
import { runDocumentsJob } from './documents-job';
import type { DocumentsJobDeps, DocumentsJobReport } from './documents-job';
import { readEnv } from '#contract/core/env';

const env = readEnv('hauler-documents', process.env);
const deps: DocumentsJobDeps = {
  table: leadTableFromEnv(env),
  ses: sesClientFromEnv(env),
  secrets: linkSecretsFromEnv(env),
  publicBaseUrl: env.publicBaseUrl,
  sender: env.senderAddress,
  operationsAddress: env.operationsAddress,
  ...(env.confirmationConfigurationSet === undefined
    ? {}
    : { haulerConfigurationSet: env.confirmationConfigurationSet }),
  ...(env.operationsConfigurationSet === undefined
    ? {}
    : { operationsConfigurationSet: env.operationsConfigurationSet }),
  now: () => new Date(),
};

/** Throws on failure, so the run counts as an error (alarm) and the next run starts over. */
export async function handler(): Promise<DocumentsJobReport> {
  try {
    const report = await runDocumentsJob(deps);
    console.info('hauler documents: run', report);
    return report;
  } catch (error) {
    console.error('hauler documents failed', { error: describeError(error) });
    throw error;
  }
}
