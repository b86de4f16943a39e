// hauler-documents, run daily by EventBridge: certificate reminders and the expiry pause.
import { describeError } from '../shared/runtime/aws';
import { depsFromEnv } from '../shared/handlers/deps';
import { runDocumentsJob } from './documents-job';
import type { DocumentsJobDeps, DocumentsJobReport } from './documents-job';
import { readEnv } from '#contract/core/env';

const deps: DocumentsJobDeps = depsFromEnv(readEnv('hauler-documents', process.env));

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
