// The quote accepted with a saved card (issue 39 flow 2, decision 056): the request page back
// from the card page and the minute job's sweep (a tab closed after the card was saved) both run
// this. The same conditional write, emails and race rules as an acceptance without payments.
import { deliverAcceptance } from './acceptance';
import { quoteNumbered, savedCardOf, startMoneyOfAcceptance } from './checkout';
import type { CheckoutDeps } from './checkout';
import { jobTimer } from '../jobs/job-timer';
import { applyChange } from '../leads/lead-change';
import { storedQuotes } from '../leads/lead-quotes';
import { decide, quotesAfter } from '../leads/lead-status';
import { leadFacts } from '../leads/lead-view';
import type { Lead } from '../models/lead-model';
import { unavailableHaulers } from '../offers/quote-availability';
import { usToday } from '#contract/core/calendar-date';

export type CardAcceptance =
  | { kind: 'accepted' | 'already'; lead: Lead; sent: boolean }
  | { kind: 'refused'; lead: Lead; message: string }
  /** Stripe has no card saved for this session (yet): nothing changed. */
  | { kind: 'not-saved' }
  /** A session this request never opened. */
  | { kind: 'unknown' };

export async function acceptWithSavedCard(
  initial: Lead,
  sessionId: string,
  deps: CheckoutDeps,
): Promise<CardAcceptance> {
  // Confirmed before (a reload, a second tab, the sweep): the acceptance as it is.
  if (initial.checkoutAccepted === sessionId) return { kind: 'already', lead: initial, sent: true };
  const check = await savedCardOf(initial, sessionId, deps.provider);
  if (check.kind !== 'saved') return { kind: check.kind };
  const quoteNumber = check.quote;
  const now = deps.now();
  // Read before the write, as without payments (decision 045).
  const unavailable = await unavailableHaulers(deps.table, initial, now);
  const applied = await applyChange(
    deps.table,
    initial,
    now,
    (lead) => {
      const decision = decide('accept', leadFacts(lead, unavailable), {
        today: usToday(now),
        now,
        quoteNumber,
      });
      return decision.kind === 'change' ? { ...decision, history: true } : decision;
    },
    {
      patch: (lead, change) => ({
        quotes: quotesAfter('accept', storedQuotes(lead), change),
        ...jobTimer(lead, quoteNumber),
        decision: { kind: 'accepted', at: now.toISOString(), quote: quoteNumber },
        checkoutAccepted: sessionId,
      }),
    },
  );
  if (applied.kind === 'refused') return applied;
  const accepted = quoteNumbered(applied.lead, quoteNumber);
  if (accepted === undefined) throw new Error('An accepted lead has no such quote');
  const sent = await deliverAcceptance(applied.lead, accepted, deps);
  if (accepted.state === 'accepted') {
    await startMoneyOfAcceptance(applied.lead, accepted, check.card, deps);
  }
  console.info('quote loop: accepted with a card', {
    submissionId: applied.lead.submissionId,
    quote: quoteNumber,
    outcome: applied.kind,
    sent,
  });
  return { kind: applied.kind === 'changed' ? 'accepted' : 'already', lead: applied.lead, sent };
}
