// Pure: it decides, the store writes, conditioned on the lead's version, so two racing requests
// cannot both win. The machine: docs/decisions/021-quote-loop.md and 033-offers.md.
//
//   received ──quote──► quoted ──accept N──► accepted   (N accepted, every other live quote closed)
//       │               │ ▲ │
//       │   quote/revise└─┘ └─decline N──► quoted while another quote is live, else declined
//       └──────────┬────────┴──────────────┐
//          cancel (received, quoted, accepted before the pickup date) ──► cancelled
//   (after acceptance the job's own machine takes over: lambdas/shared/jobs/job-status.ts)
import { JOB_BOOKED_STATUSES, pickupInstant } from '#contract/loop/jobs';
import { LOOP_LIMITS, LOOP_MESSAGES } from '#contract/loop/quote-loop';
import type { LeadStatus, QuoteState, QuoteWindow } from '#contract/loop/quote-loop';

export type LeadEvent = 'quote' | 'accept' | 'decline' | 'cancel';

/** What the machine needs of one stored quote. */
export interface QuoteFact {
  number: number;
  state: QuoteState;
  from: 'operations' | 'hauler';
  haulerId?: string;
  pickupDate: string;
  /** Without it (older facts), a quote is acceptable all of its pickup day. */
  pickupWindow?: QuoteWindow;
}

export interface LeadFacts {
  status: LeadStatus;
  /** Oldest first: the current quote of each sender and the ones answered or closed. */
  quotes: readonly QuoteFact[];
  /** Quote numbers issued so far: every quote sent or revised emailed the homeowner. */
  quoteCount: number;
  /** Haulers with a quote here who take no jobs now (paused, removed, uninsured): not bookable. */
  unavailableHaulers?: ReadonlySet<string>;
}

/** Who sends a quote: operations share one slot; each hauler has its own. */
export type QuoteSender = { from: 'operations' } | { from: 'hauler'; haulerId: string };

export interface EventContext {
  /** `usToday`: the pickup date begins in the last US time zone. */
  today: string;
  /** accept and decline: the quote answered. */
  quoteNumber?: number;
  /** quote: who sends it. */
  sender?: QuoteSender;
  /** accept: a quote stops being acceptable when its pickup window starts. */
  now?: Date;
}

export type Decision =
  /** Written conditioned on the version read; `target` is the quote acted on or replaced. */
  | { kind: 'change'; from: LeadStatus; to: LeadStatus; target?: number }
  /** Already done (a second click, a retry): nothing to write; finish any unsent email. */
  | { kind: 'already'; status: LeadStatus }
  /** Not allowed: answer 409 with this message; nothing changes. */
  | { kind: 'refuse'; message: string };

function refuse(message: string): Decision {
  return { kind: 'refuse', message };
}

/** The sender's current quote (live or answered), if any. */
export function quoteOf(facts: LeadFacts, sender: QuoteSender): QuoteFact | undefined {
  const own = facts.quotes.filter((quote) =>
    sender.from === 'operations'
      ? quote.from === 'operations'
      : quote.from === 'hauler' && quote.haulerId === sender.haulerId,
  );
  return own[own.length - 1];
}

export function acceptedQuote(facts: LeadFacts): QuoteFact | undefined {
  return facts.quotes.find((quote) => quote.state === 'accepted');
}

function decideQuote(facts: LeadFacts, sender: QuoteSender): Decision {
  const { status } = facts;
  const own = quoteOf(facts, sender);
  const hauler = sender.from === 'hauler';
  if (status === 'cancelled') return refuse(LOOP_MESSAGES.quoteCancelled);
  // Booked, however far the job has gone: a quote now would take it back to "quoted".
  if ((JOB_BOOKED_STATUSES as readonly LeadStatus[]).includes(status)) {
    if (!hauler) return refuse(LOOP_MESSAGES.quoteAccepted);
    return refuse(
      own?.state === 'accepted' ? LOOP_MESSAGES.yourQuoteAccepted : LOOP_MESSAGES.wentElsewhere,
    );
  }
  if (status === 'declined') {
    return refuse(hauler ? LOOP_MESSAGES.requestClosed : LOOP_MESSAGES.quoteDeclined);
  }
  if (own?.state === 'declined') return refuse(LOOP_MESSAGES.yourQuoteDeclined);
  // A hauler who gave the job up ("I can't do this job") is out of it: a new quote from the old
  // offer link would take it back and end the rounds for everyone else.
  if (hauler && own?.state === 'withdrawn') return refuse(LOOP_MESSAGES.youGaveItUp);
  if (facts.quoteCount >= LOOP_LIMITS.quoteEmailsPerRequest) {
    return refuse(LOOP_MESSAGES.quoteEmailsExhausted);
  }
  const revising = own?.state === 'live';
  const live = facts.quotes.filter((quote) => quote.state === 'live').length;
  if (!revising && live >= LOOP_LIMITS.quotesPerRequest) return refuse(LOOP_MESSAGES.tooManyQuotes);
  return {
    kind: 'change',
    from: status,
    to: 'quoted',
    ...(revising && own !== undefined ? { target: own.number } : {}),
  };
}

/** Why a live quote cannot be accepted now, if it cannot. */
export function unacceptable(
  quote: QuoteFact,
  facts: Pick<LeadFacts, 'unavailableHaulers'>,
  now: Date | undefined,
): 'window-started' | 'hauler-unavailable' | undefined {
  if (now !== undefined && windowStarted(quote, now)) return 'window-started';
  if (quote.haulerId !== undefined && facts.unavailableHaulers?.has(quote.haulerId) === true) {
    return 'hauler-unavailable';
  }
  return undefined;
}

/** The quote's window has begun (its day, when the window is not known). */
export function windowStarted(quote: Pick<QuoteFact, 'pickupDate' | 'pickupWindow'>, now: Date) {
  const start = pickupInstant(quote.pickupDate, quote.pickupWindow ?? 'morning', 'start');
  return now.getTime() >= start.getTime();
}

function decideAnswer(
  event: 'accept' | 'decline',
  facts: LeadFacts,
  quoteNumber: number | undefined,
  now: Date | undefined,
): Decision {
  const { status } = facts;
  if (status === 'cancelled') return refuse(LOOP_MESSAGES.requestCancelled);
  if (status === 'received') return refuse(LOOP_MESSAGES.notQuotedYet);
  const quote = facts.quotes.find((candidate) => candidate.number === quoteNumber);
  // A revised or replaced quote keeps no record under its old number.
  if (quote === undefined) return refuse(LOOP_MESSAGES.quoteReplaced);
  const done: QuoteState = event === 'accept' ? 'accepted' : 'declined';
  if (quote.state === done) return { kind: 'already', status };
  if (quote.state === 'accepted') return refuse(LOOP_MESSAGES.alreadyAccepted);
  if (quote.state === 'declined') return refuse(LOOP_MESSAGES.alreadyDeclined);
  if (status === 'accepted') return refuse(LOOP_MESSAGES.acceptedAnother);
  if (quote.state !== 'live') return refuse(LOOP_MESSAGES.cancelClosed);
  if (event === 'accept') {
    const why = unacceptable(quote, facts, now);
    if (why === 'window-started') return refuse(LOOP_MESSAGES.quoteWindowStarted);
    if (why === 'hauler-unavailable') return refuse(LOOP_MESSAGES.haulerUnavailable);
    return { kind: 'change', from: status, to: 'accepted', target: quote.number };
  }
  const othersLive = facts.quotes.some(
    (candidate) => candidate.state === 'live' && candidate.number !== quote.number,
  );
  return {
    kind: 'change',
    from: status,
    to: othersLive ? 'quoted' : 'declined',
    target: quote.number,
  };
}

export function decide(event: LeadEvent, facts: LeadFacts, context: EventContext): Decision {
  const { status } = facts;
  switch (event) {
    case 'quote':
      return decideQuote(facts, context.sender ?? { from: 'operations' });

    case 'accept':
    case 'decline':
      return decideAnswer(event, facts, context.quoteNumber, context.now);

    case 'cancel':
      if (status === 'cancelled') return { kind: 'already', status };
      if (status === 'declined') return refuse(LOOP_MESSAGES.cancelClosed);
      // The hauler is driving or has been: a cancellation now needs a person.
      if (status === 'on-the-way' || status === 'done') return refuse(LOOP_MESSAGES.cancelUnderWay);
      if (status === 'accepted' && !beforePickup(acceptedQuote(facts)?.pickupDate, context.today)) {
        return refuse(LOOP_MESSAGES.cancelTooLate);
      }
      return { kind: 'change', from: status, to: 'cancelled' };
  }
}

/** Without a pickup date, always true. */
export function beforePickup(pickupDate: string | undefined, today: string): boolean {
  return pickupDate === undefined || today < pickupDate;
}

/** The quotes after a change decided above (the new quote, for `quote`, already numbered). */
export function quotesAfter<Q extends QuoteFact>(
  event: LeadEvent,
  quotes: readonly Q[],
  decision: Extract<Decision, { kind: 'change' }>,
  added?: Q,
): Q[] {
  switch (event) {
    case 'quote':
      if (added === undefined) throw new Error('A quote change needs the new quote');
      return [...quotes.filter((quote) => quote.number !== decision.target), added];
    case 'accept':
      return quotes.map((quote) =>
        quote.number === decision.target
          ? { ...quote, state: 'accepted' }
          : quote.state === 'live'
            ? { ...quote, state: 'closed' }
            : quote,
      );
    case 'decline':
      return quotes.map((quote) =>
        quote.number === decision.target ? { ...quote, state: 'declined' } : quote,
      );
    case 'cancel':
      return quotes.map((quote) =>
        quote.state === 'live' ? { ...quote, state: 'closed' } : quote,
      );
  }
}

/** What the pages offer as buttons. */
export function allowed(
  event: LeadEvent,
  facts: LeadFacts,
  today: string,
  context: Omit<EventContext, 'today'> = {},
): boolean {
  return decide(event, facts, { today, ...context }).kind === 'change';
}
