/**
 * The quote-loop pages' calls to /api/*: JSON POSTs with the x-amz-content-sha256 header CloudFront
 * origin access control needs, answered as one plain result the pages can render.
 */
import type { LeadWithJob } from '#contract/loop/jobs';
import { callFunction } from '../../shared/api/call-function';

export interface LoopAnswer {
  ok: boolean;
  status: number;
  /** The request as it now stands (also sent with most refusals). */
  lead?: LeadWithJob;
  /** What went wrong, in words for the person at the screen. */
  message?: string;
  /** Per-field messages of a 400, keyed by field name ('priceDollars', 'reason', …). */
  fields?: Record<string, string>;
}

export async function postLoop(path: string, payload: unknown): Promise<LoopAnswer> {
  const answer = await callFunction<{ lead?: LeadWithJob }>(path, payload);
  const lead = answer.body?.lead;
  return {
    ok: answer.ok,
    status: answer.status,
    ...(lead === undefined ? {} : { lead }),
    ...(answer.message === undefined ? {} : { message: answer.message }),
    ...(answer.fields === undefined ? {} : { fields: answer.fields }),
  };
}
