/**
 * The quote-loop pages' calls to /api/*: JSON POSTs with the x-amz-content-sha256 header CloudFront
 * origin access control needs, answered as one plain result the pages can render.
 */
import { errorMessageFrom } from '../../../lambdas/shared/quote-contract';
import { LOOP_MESSAGES } from '../../../lambdas/shared/quote-loop-contract';
import type { LeadView } from '../../../lambdas/shared/quote-loop-contract';

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

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function postLoop(path: string, payload: unknown): Promise<LoopAnswer> {
  const body = JSON.stringify(payload);
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-amz-content-sha256': await sha256Hex(body),
      },
      body,
      // The token is in the body; nothing about this call needs to be cached or sent elsewhere.
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
