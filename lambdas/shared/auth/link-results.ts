// The edge's one answer to a refused link: the same 403 whatever the reason (decision 020).
import { apiError, jsonResult } from '../runtime/http';
import type { JsonResult } from '../runtime/http';
import type { LinkRefusal } from './link-outcome';
import { LOOP_MESSAGES } from '#contract/loop/quote-loop';

export function invalidLinkResult(): JsonResult {
  return jsonResult(403, apiError('invalid_link', LOOP_MESSAGES.linkInvalid));
}

export function refusedLinkResult(_refusal: LinkRefusal): JsonResult {
  return invalidLinkResult();
}
