/**
 * The homeowner's request page, reached from three signed links: "View your request" (every quote
 * side by side to accept one, status and cancel), "Accept this quote" and "Decline" (confirm the
 * choice). Opening the link changes nothing (mail scanners open links too); only a button does.
 */
import { Suspense, lazy, startTransition, useRef, useState } from 'react';
import {
  Card,
  Failure,
  Loading,
  buttonClass,
  secondaryButtonClass,
} from '../../components/signed-page/page-parts';
import { SignedPage } from '../../components/signed-page/signed-page';
import { QuoteList } from './quote-list';
import { HaulerQuestions } from './hauler-questions';
import { LandingNote } from './quote-landing-note';
import { CheckoutReturn, PaymentTerms } from './checkout-return';
import { CardUpdateReturn, JobMoney } from './card-update';
import { QUOTES_HEADING_ID, RequestStatusLine, YourRequest } from './request-status';
import { QuoteSummary } from '../../components/lead/quote-summary';
import { StatusTimeline } from '../../components/lead/status-timeline';
import { callFunction } from '../../shared/api/call-function';
import { pickLead } from '../../shared/api/pick-lead';
import { useSignedView } from '../../shared/api/use-signed-view';
import { API_PATHS } from '#contract/core/api';
import type { JobView, LeadWithJob } from '#contract/loop/jobs';
import { formatPickupDate } from '#contract/core/calendar-date';
import { LOOP_LIMITS, LOOP_MESSAGES, QUOTE_WINDOWS, formatPrice } from '#contract/loop/quote-loop';
import type { HomeownerLeadView, QuoteView } from '#contract/loop/quote-loop';
import { NO_QUOTES_YET } from '#contract/loop/request-status';

// The job's panel (its forms, Formik and the bodies' zod schemas) is needed only once a quote is
// accepted: a request still comparing quotes loads none of it (docs/decisions/040-schemas-apart-from-texts.md).
const loadJobPanel = () => import('./job/job-panel');
const JobPanel = lazy(() =>
  loadJobPanel().then(
    (module) => ({ default: module.JobPanel }),
    // A phone that lost its connection: the request stays on screen (an acceptance that went
    // through is shown as such), with a sentence instead of the job's part.
    () => ({ default: JobPanelNotLoaded }),
  ),
);

function JobPanelNotLoaded() {
  return (
    <div className="mt-6">
      <Failure message="Your pickup’s details did not load. Please reload this page." />
    </div>
  );
}

/** What each of the page's actions needs: the request, its link, and where its answer goes. */
interface ActionProps {
  lead: HomeownerLeadView & { job?: JobView };
  token: string;
  onLead: (lead: LeadWithJob) => void;
}

type Sending =
  | { phase: 'idle' }
  | { phase: 'sending' }
  | { phase: 'done'; text: string }
  | { phase: 'error'; text: string };

function outcomeText(lead: LeadWithJob): string {
  const quote = lead.quote;
  const pickup =
    quote === undefined
      ? ''
      : `${formatPickupDate(quote.pickupDate)}, ${QUOTE_WINDOWS[quote.pickupWindow].label}`;
  switch (lead.status) {
    case 'accepted': {
      // The accepted price stays what it was; an approved change since is the price now.
      const now = lead.job?.priceDollars;
      const changed =
        now === undefined || now === quote?.priceDollars
          ? ''
          : ` With the price change you approved, the price is now ${formatPrice(now)}.`;
      return `You accepted the quote of ${quote === undefined ? '' : `${formatPrice(quote.priceDollars)} from ${quote.hauler}`}. Your pickup is booked for ${pickup}. We have let ${quote?.from === 'hauler' ? 'the hauler and the team' : 'the team'} know.${changed}`;
    }
    case 'declined':
      return 'You declined the quote. We have let the team know.';
    case 'cancelled':
      return 'Your request is cancelled. We have let the team know.';
    default:
      return '';
  }
}

function useAction(token: string, onLead: (lead: LeadWithJob) => void) {
  const [sending, setSending] = useState<Sending>({ phase: 'idle' });
  const run = async (path: string, extra: Record<string, unknown>) => {
    setSending({ phase: 'sending' });
    const answer = await callFunction<{ lead?: LeadWithJob; checkoutUrl?: string }>(path, {
      token,
      ...extra,
    });
    // Payments on: accepting goes on at Stripe's card page, and comes back to this page.
    const checkoutUrl = answer.body?.checkoutUrl;
    if (answer.ok && checkoutUrl !== undefined) {
      window.location.assign(checkoutUrl);
      return;
    }
    const lead = answer.body?.lead;
    // One transition: a request that now has a job keeps the page as it was ("Sending…") while
    // the job's panel loads, then shows the outcome and the panel together, instead of hiding
    // the page behind the loading text.
    startTransition(() => {
      if (lead !== undefined) onLead(lead);
      if (answer.ok && lead !== undefined) {
        setSending({ phase: 'done', text: outcomeText(lead) });
      } else {
        setSending({ phase: 'error', text: answer.fields?.reason ?? answer.message ?? '' });
      }
    });
  };
  return [sending, run] as const;
}

function Outcome({ sending }: { sending: Sending }) {
  if (sending.phase === 'done') {
    return (
      <p
        role="status"
        className="mt-4 rounded-md border border-emerald-300 bg-emerald-50 p-4 font-semibold text-emerald-900"
      >
        {sending.text}
      </p>
    );
  }
  if (sending.phase === 'error')
    return (
      <div className="mt-4">
        <Failure message={sending.text} />
      </div>
    );
  return null;
}

function Decide({ lead, token, onLead }: ActionProps) {
  const [sending, run] = useAction(token, onLead);
  const [reason, setReason] = useState('');
  const accept = lead.action === 'accept';
  if (!(accept ? lead.can.accept : lead.can.decline)) {
    if (sending.phase !== 'idle') return <Outcome sending={sending} />;
    // Opened again after the choice, or a link to a quote that was since replaced.
    const text = lead.status === 'quoted' ? LOOP_MESSAGES.quoteReplaced : outcomeText(lead);
    return text === '' ? null : <Outcome sending={{ phase: 'done', text }} />;
  }
  const busy = sending.phase === 'sending';
  return (
    <Card title={accept ? 'Accept this quote?' : 'Decline this quote?'}>
      {accept ? (
        <p className="text-slate-800">
          Accepting books the pickup at the price above. You can still cancel before the pickup date
          from the link in your emails.
        </p>
      ) : (
        <div>
          <label htmlFor="decline-reason" className="block font-semibold text-slate-900">
            Reason (optional)
          </label>
          <textarea
            id="decline-reason"
            value={reason}
            maxLength={LOOP_LIMITS.declineReason.max}
            onChange={(event) => setReason(event.target.value)}
            rows={3}
            aria-describedby="decline-reason-count"
            className="mt-2 w-full rounded-md border border-slate-400 p-3"
          />
          <p id="decline-reason-count" className="text-sm text-slate-600">
            {reason.length} / {LOOP_LIMITS.declineReason.max} characters
          </p>
        </div>
      )}
      <button
        type="button"
        className={`${buttonClass} mt-4`}
        disabled={busy}
        onClick={() => {
          if (accept) void loadJobPanel();
          void run(
            API_PATHS.decideQuote,
            accept
              ? { decision: 'accept' }
              : { decision: 'decline', ...(reason.trim() ? { reason } : {}) },
          );
        }}
      >
        {busy ? 'Sending…' : accept ? 'Confirm: accept this quote' : 'Confirm: decline this quote'}
      </button>
      <Outcome sending={sending} />
    </Card>
  );
}

function LandingOutcome({ text }: { text: string }) {
  return text === '' ? null : <Outcome sending={{ phase: 'done', text }} />;
}

/**
 * Every live quote side by side; accepting one asks once more, then closes the others. An accept
 * link lands here too, its own quote first with the question already asked: no email hides the
 * other quotes.
 */
function Compare({ lead, token, onLead }: ActionProps) {
  const [sending, run] = useAction(token, onLead);
  const landing = lead.action === 'accept' ? lead.quote : undefined;
  const [chosen, setChosen] = useState<QuoteView | undefined>(
    lead.can.accept ? landing : undefined,
  );
  const confirmRef = useRef<HTMLButtonElement>(null);
  const busy = sending.phase === 'sending';
  if (lead.quotes.length === 0) {
    if (lead.status !== 'received') return null;
    return (
      <Card title="Your quotes" headingId={QUOTES_HEADING_ID}>
        <p className="text-slate-800">{NO_QUOTES_YET}</p>
      </Card>
    );
  }
  const comparing = lead.acceptable.length > 0;
  // Asked in the chosen quote's own card, right under the button that asked.
  const question =
    chosen !== undefined && lead.acceptable.includes(chosen.number) ? (
      <div className="mt-4 rounded-md border border-slate-300 bg-slate-50 p-4">
        <p className="font-semibold text-slate-900">
          Accept {chosen.hauler}’s quote of {formatPrice(chosen.priceDollars)}?
        </p>
        {lead.payments === undefined ? (
          <p className="mt-1 text-slate-800">
            Accepting books the pickup at this price. You can still cancel before the pickup date.
          </p>
        ) : (
          <PaymentTerms quote={chosen} payments={lead.payments} />
        )}
        <div className="mt-3 flex flex-wrap gap-3">
          <button
            ref={confirmRef}
            type="button"
            className={buttonClass}
            disabled={busy}
            onClick={() => {
              // Accepting books a job: its panel loads while the choice is sent.
              void loadJobPanel();
              void run(API_PATHS.decideQuote, { decision: 'accept', quote: chosen.number });
            }}
          >
            {busy ? 'Sending…' : 'Confirm: accept this quote'}
          </button>
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={busy}
            onClick={() => setChosen(undefined)}
          >
            Keep comparing
          </button>
        </div>
      </div>
    ) : undefined;
  return (
    <Card
      title={
        landing !== undefined && lead.can.accept
          ? 'Accept this quote?'
          : comparing
            ? 'Compare your quotes'
            : 'Your quote'
      }
      headingId={QUOTES_HEADING_ID}
    >
      {landing === undefined || sending.phase !== 'idle' ? null : lead.can.accept ? (
        <LandingNote quotes={lead.quotes} acceptable={lead.acceptable} landing={landing} />
      ) : (
        // Opened again after the choice, or a link to a quote that was since replaced.
        <LandingOutcome
          text={lead.status === 'quoted' ? LOOP_MESSAGES.quoteReplaced : outcomeText(lead)}
        />
      )}
      {comparing ? (
        <p className="mb-4 text-slate-800">
          Each price is flat: no hidden fees. Accept the one you want; the others are closed and
          only that hauler gets your contact details.
        </p>
      ) : null}
      <QuoteList
        quotes={lead.quotes}
        acceptable={lead.acceptable}
        busy={busy}
        onAccept={(quote) => {
          setChosen(quote);
          requestAnimationFrame(() => confirmRef.current?.focus());
        }}
        jobPriceDollars={lead.job?.priceDollars}
        opened={landing?.number}
        asked={lead.request.asked}
        confirming={
          question === undefined || chosen === undefined
            ? undefined
            : { number: chosen.number, question }
        }
      />
      <Outcome sending={sending} />
    </Card>
  );
}

function Cancel({ lead, token, onLead }: ActionProps) {
  const [sending, run] = useAction(token, onLead);
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  if (!lead.can.cancel) return <Outcome sending={sending} />;
  const busy = sending.phase === 'sending';
  return (
    <Card title="Cancel this request">
      <p className="text-slate-800">You can cancel at any time before the pickup date.</p>
      {asking ? (
        <div className="mt-4 flex flex-wrap gap-3">
          <button
            ref={confirmRef}
            type="button"
            className={buttonClass}
            disabled={busy}
            onClick={() => void run(API_PATHS.cancelRequest, {})}
          >
            {busy ? 'Cancelling…' : 'Yes, cancel my request'}
          </button>
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={busy}
            onClick={() => setAsking(false)}
          >
            Keep my request
          </button>
        </div>
      ) : (
        <button
          type="button"
          className={`${secondaryButtonClass} mt-4`}
          onClick={() => {
            setAsking(true);
            requestAnimationFrame(() => confirmRef.current?.focus());
          }}
        >
          Cancel this request
        </button>
      )}
      <Outcome sending={sending} />
    </Card>
  );
}

export function RequestPage() {
  const [state, setLead] = useSignedView(API_PATHS.lead, pickLead('homeowner'));
  return (
    <SignedPage title="Your pickup request" state={state}>
      {({ token, view }) =>
        view.role === 'homeowner' ? (
          <>
            {/* Outside the panel's Suspense: back from the card page, its outcome stays put. */}
            {view.payments === 'on' ? (
              <CheckoutReturn token={token} onLead={setLead} describe={outcomeText} />
            ) : null}
            {view.payments === 'on' ? <CardUpdateReturn token={token} onLead={setLead} /> : null}
            {/* A request with a job shows the loading text a moment longer, while its panel
                loads, rather than its parts one after the other. */}
            <Suspense fallback={<Loading />}>
              <RequestDetails lead={view} token={token} onLead={setLead} />
            </Suspense>
          </>
        ) : null
      }
    </SignedPage>
  );
}

function RequestDetails({ lead, token, onLead }: ActionProps) {
  return (
    <>
      <p className="text-lg text-slate-800">
        Reference <strong>{lead.reference}</strong> · {lead.request.city}, {lead.request.state}{' '}
        {lead.request.zipCode} · {lead.request.media}
      </p>
      <JobMoney job={lead.job} token={token} urgent />
      {/* "What now?" first: the page's other links (accept, decline, a price) have one purpose. */}
      {lead.action === 'view' ? (
        <>
          <RequestStatusLine lead={lead} />
          <YourRequest lead={lead} />
        </>
      ) : null}
      {lead.action === 'view' || lead.action === 'accept' ? (
        <Compare lead={lead} token={token} onLead={onLead} />
      ) : lead.quote === undefined ? null : (
        <Card title="Your quote">
          <QuoteSummary quote={lead.quote} priceDollars={lead.job?.priceDollars} />
        </Card>
      )}
      <HaulerQuestions lead={lead} token={token} onLead={onLead} />
      {lead.action === 'decline' ? <Decide lead={lead} token={token} onLead={onLead} /> : null}
      <JobMoney job={lead.job} token={token} urgent={false} />
      {lead.job === undefined ? null : (
        <JobPanel lead={lead} job={lead.job} token={token} onLead={onLead} />
      )}
      {lead.action === 'view' ? <Cancel lead={lead} token={token} onLead={onLead} /> : null}
      <Card title="Status">
        <StatusTimeline lead={lead} />
      </Card>
    </>
  );
}
