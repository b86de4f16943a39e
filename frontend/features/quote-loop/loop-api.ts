/**
 * The quote-loop pages' calls to /api/*: JSON POSTs with the x-amz-content-sha256 header CloudFront
 * origin access control needs, answered as one plain result the pages can render.
 */
import { errorMessageFrom } from '#contract/api';
import { LOOP_MESSAGES } from '#contract/quote-loop';
import type { LeadView } from '#contract/quote-loop';
import { postToFunction } from '../../shared/post-to-function';

export interface LoopAnswer {
  ok: boolean;
  status: number;
  /** The request as it now stands (also sent with most refusals). */
  lead?: LeadView;
  /** What went wrong, in words for the person at the screen. */
  message?: string;
  /** Per-field messages of a 400, keyed by field name ('priceDollars', 'reason', …). */
  fields?: Record<string, string>;
}

export async function postLoop(path: string, payload: unknown): Promise<LoopAnswer> {
  let response: Response;
  try {
    // The token is in the body; nothing about this call needs to be cached or sent elsewhere.
    response = await postToFunction(path, payload, {
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
  } catch {
    return { ok: false, status: 0, message: LOOP_MESSAGES.unexpected };
  }
  const json = (await response.json().catch(() => undefined)) as
    { lead?: LeadView; error?: { fields?: Record<string, string> } } | undefined;
  const fields = json?.error?.fields;
  return {
    ok: response.ok,
    status: response.status,
    ...(json?.lead === undefined ? {} : { lead: json.lead }),
    ...(response.ok ? {} : { message: errorMessageFrom(json) ?? LOOP_MESSAGES.unexpected }),
    ...(fields === undefined ? {} : { fields }),
  };
}
