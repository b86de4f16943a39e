/**
 * The quote page for a hauler's offer link: the job without the homeowner's contact, and the quote
 * form with the hauler's business name fixed. Once the homeowner accepts this hauler's quote the
 * page shows their contact; if they accept another, it says the job went elsewhere.
 */
import { Card, Failure, Loading, LoopShell } from '../../components/sections/linked-page';
import { JobFacts } from './job-facts';
import { QuoteForm } from './quote-price-form';
import { QuoteSummary } from './quote-summary';
import { useLead } from './use-lead';
import { OFFER_TEXTS } from '#contract/offers';
import { LOOP_MESSAGES } from '#contract/quote-loop';
import type { HaulerLeadView, LeadView } from '#contract/quote-loop';

function Notice({ text }: { text: string }) {
  return (
    <p
      role="status"
      className="mt-6 rounded-md border border-slate-300 bg-slate-50 p-4 font-semibold text-slate-900"
    >
      {text}
    </p>
  );
}

function closedText(lead: HaulerLeadView): string {
  if (lead.outcome === 'lost') return LOOP_MESSAGES.wentElsewhere;
  if (lead.status === 'cancelled') return LOOP_MESSAGES.quoteCancelled;
  if (lead.status === 'received' || lead.status === 'quoted') return OFFER_TEXTS.offerEnded;
  if (lead.quote?.state === 'declined') return LOOP_MESSAGES.yourQuoteDeclined;
  return LOOP_MESSAGES.requestClosed;
}

function HaulerJob({
  lead,
  token,
  onLead,
}: {
  lead: HaulerLeadView;
  token: string;
  onLead: (lead: LeadView) => void;
}) {
  const won = lead.outcome === 'won';
  return (
    <>
      <p className="text-lg text-slate-800">
        Job <strong>{lead.reference}</strong> near {lead.request.zipCode} · for{' '}
        <strong>{lead.businessName}</strong>
      </p>
      {won ? (
        <Notice text={LOOP_MESSAGES.yourQuoteAccepted} />
      ) : lead.outcome === 'open' ? null : (
        <Notice text={closedText(lead)} />
      )}
      <Card title={won ? 'The job and the homeowner' : 'The job'}>
        <JobFacts request={lead.request} contact={lead.contact} />
        {won ? null : (
          <p className="mt-4 text-sm text-slate-700">
            The homeowner’s name, phone and email reach you only if they accept your quote.
          </p>
        )}
      </Card>
      {lead.quote === undefined ? null : (
        <Card title={won ? 'Your accepted quote' : 'Your quote'}>
          <QuoteSummary quote={lead.quote} />
        </Card>
      )}
      {lead.can.quote ? (
        <Card title={lead.quote === undefined ? 'Send a quote' : 'Revise your quote'}>
          <p className="mb-4 text-slate-800">
            One flat price for the whole job, no fees to us. You can revise it until the homeowner
            decides.
          </p>
          <QuoteForm
            token={token}
            previous={lead.quote}
            fixedHauler={lead.businessName}
            onLead={onLead}
          />
        </Card>
      ) : null}
    </>
  );
}

export function HaulerQuotePage() {
  const [state, setLead] = useLead('hauler');
  return (
    <LoopShell title="A job near you">
      {state.phase === 'loading' ? <Loading text="Loading the job…" /> : null}
      {state.phase === 'failed' ? <Failure message={state.message} /> : null}
      {state.phase === 'ready' && state.lead.role === 'hauler' ? (
        <HaulerJob lead={state.lead} token={state.token} onLead={setLead} />
      ) : null}
    </LoopShell>
  );
}
