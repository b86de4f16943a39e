// Pure: it decides, the store writes, conditioned on the status and version decided on, so two
// racing requests cannot both win. The machine: docs/decisions/021-quote-loop.md.
import { LOOP_LIMITS, LOOP_MESSAGES } from '#contract/quote-loop';
import type { LeadStatus } from '#contract/quote-loop';

export type LeadEvent = 'quote' | 'accept' | 'decline' | 'cancel';

export const TRANSITIONS: Readonly<
  Record<LeadEvent, { from: readonly LeadStatus[]; to: LeadStatus }>
> = {
  quote: { from: ['received', 'quoted'], to: 'quoted' },
  accept: { from: ['quoted'], to: 'accepted' },
  decline: { from: ['quoted'], to: 'declined' },
  cancel: { from: ['received', 'quoted', 'accepted'], to: 'cancelled' },
};

export interface LeadFacts {
  status: LeadStatus;
  quoteNumber?: number;
  pickupDate?: string;
}

export interface EventContext {
  /** accept and decline: the quote the homeowner's link answers. */
  quoteNumber?: number;
  /** `usToday`: the pickup date begins in the last US time zone. */
  today: string;
}

export type Decision =
  /** Written conditioned on `from`. */
  | { kind: 'change'; from: LeadStatus; to: LeadStatus }
  /** Already done (a second click, a retry): nothing to write; finish any unsent email. */
  | { kind: 'already'; status: LeadStatus }
  /** Not allowed: answer 409 with this message; nothing changes. */
  | { kind: 'refuse'; message: string };

function refuse(message: string): Decision {
  return { kind: 'refuse', message };
}

export function decide(event: LeadEvent, facts: LeadFacts, context: EventContext): Decision {
  const { status } = facts;
  const change = (): Decision => ({ kind: 'change', from: status, to: TRANSITIONS[event].to });
  switch (event) {
    case 'quote':
      if (status === 'quoted' && (facts.quoteNumber ?? 0) >= LOOP_LIMITS.quotesPerRequest) {
        return refuse(LOOP_MESSAGES.tooManyQuotes);
      }
      if (status === 'received' || status === 'quoted') return change();
      if (status === 'cancelled') return refuse(LOOP_MESSAGES.quoteCancelled);
      if (status === 'accepted') return refuse(LOOP_MESSAGES.quoteAccepted);
      return refuse(LOOP_MESSAGES.quoteDeclined);

    case 'accept':
    case 'decline': {
      if (status === 'received') return refuse(LOOP_MESSAGES.notQuotedYet);
      if (status === 'cancelled') return refuse(LOOP_MESSAGES.requestCancelled);
      if (context.quoteNumber !== facts.quoteNumber) return refuse(LOOP_MESSAGES.quoteReplaced);
      if (status === 'quoted') return change();
      const done: LeadStatus = event === 'accept' ? 'accepted' : 'declined';
      if (status === done) return { kind: 'already', status };
      return refuse(
        status === 'accepted' ? LOOP_MESSAGES.alreadyAccepted : LOOP_MESSAGES.alreadyDeclined,
      );
    }

    case 'cancel':
      if (status === 'cancelled') return { kind: 'already', status };
      if (status === 'declined') return refuse(LOOP_MESSAGES.cancelClosed);
      if (status === 'accepted' && !beforePickup(facts.pickupDate, context.today)) {
        return refuse(LOOP_MESSAGES.cancelTooLate);
      }
      return change();
  }
}

/** Without a pickup date, always true. */
export function beforePickup(pickupDate: string | undefined, today: string): boolean {
  return pickupDate === undefined || today < pickupDate;
}

/** What the pages offer as buttons. */
export function allowed(event: LeadEvent, facts: LeadFacts, today: string): boolean {
  return decide(event, facts, { today, quoteNumber: facts.quoteNumber }).kind === 'change';
}
