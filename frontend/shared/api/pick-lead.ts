import type { PickView } from './use-signed-view';
import type { LeadWithJob } from '#contract/loop/jobs';
import { LOOP_MESSAGES } from '#contract/loop/quote-loop';
import type { LeadView } from '#contract/loop/quote-loop';

/**
 * The request as the page of `role` opens it: every party's link reads the same /api/lead, so a
 * valid link made for another party's page gets a sentence rather than an empty page.
 */
export function pickLead(role: LeadView['role']): PickView<LeadWithJob> {
  return (body) => {
    const lead = (body as { lead?: LeadWithJob } | undefined)?.lead;
    if (lead === undefined) return undefined;
    return lead.role === role ? lead : LOOP_MESSAGES.otherPage;
  };
}
