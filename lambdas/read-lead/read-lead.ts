// Read only: opening a link (or a mail scanner prefetching it) never changes anything.
import { apiError, jsonResult } from '../shared/runtime/http';
import type { JsonResult } from '../shared/runtime/http';
import { refusedLinkResult } from '../shared/auth/link-results';
import { viewForLink } from '../shared/auth/link-view';
import type { LinkViewDeps } from '../shared/auth/link-view';
import { firstMessagePerField } from '#contract/core/fields';
import { leadViewRequestSchema } from '#contract/loop/quote-loop-schemas';

export type ReadLeadDeps = LinkViewDeps;

export async function readLead(
  body: Record<string, unknown>,
  deps: ReadLeadDeps,
): Promise<JsonResult> {
  const seen = await viewForLink(body, deps);
  if (!seen.ok) return refusedLinkResult(seen);
  const parsed = leadViewRequestSchema.safeParse(body);
  if (!parsed.success) {
    const { issues } = parsed.error;
    return jsonResult(
      400,
      apiError(
        'invalid_request',
        issues[0]?.message ?? 'Invalid request',
        firstMessagePerField(issues),
      ),
    );
  }
  return jsonResult(200, { lead: seen.lead });
}
