// The tab closed after the card was saved (issue 39 flow 2, decision 056): each minute, the
// Checkout Sessions opened a few minutes ago that no page came back with are asked of Stripe, and
// a saved card accepts its quote exactly as the page would have. A session is forgotten once it
// is settled (accepted, refused, unknown) or older than Stripe keeps it open.
import { acceptWithSavedCard } from '../shared/acceptance/accept-with-card';
import { forgetPending, pendingCheckouts } from '../shared/acceptance/checkout';
import type { CheckoutDeps } from '../shared/acceptance/checkout';
import { getLead } from '../shared/leads/lead-store';
import { CHECKOUT_LIMITS } from '#contract/money/payments';

const MINUTE_MS = 60_000;
/** Sessions looked at per run: the rest wait for the next minute. */
const SWEEP_BATCH = 25;

export interface CheckoutSweep {
  looked: number;
  accepted: number;
  forgotten: number;
}

/** `only`: the local server's run for one request leaves the others' sessions alone. */
export async function sweepCheckouts(deps: CheckoutDeps, only?: string): Promise<CheckoutSweep> {
  const now = deps.now();
  const before = new Date(now.getTime() - CHECKOUT_LIMITS.sweepAfterMinutes * MINUTE_MS);
  const forgetBefore = now.getTime() - CHECKOUT_LIMITS.forgetAfterHours * 60 * MINUTE_MS;
  const report: CheckoutSweep = { looked: 0, accepted: 0, forgotten: 0 };
  for (const pending of await pendingCheckouts(deps.table, before, SWEEP_BATCH)) {
    if (only !== undefined && pending.submissionId !== only) continue;
    report.looked += 1;
    const lead = await getLead(deps.table, pending.submissionId);
    const outcome =
      lead === undefined ? undefined : await acceptWithSavedCard(lead, pending.sessionId, deps);
    if (outcome?.kind === 'accepted') report.accepted += 1;
    // An email that failed is the outbox's to send again (decision 054): the session is settled.
    const open = outcome?.kind === 'not-saved' && Date.parse(pending.at) > forgetBefore;
    if (!open) {
      await forgetPending(deps.table, pending);
      report.forgotten += 1;
    }
  }
  return report;
}
