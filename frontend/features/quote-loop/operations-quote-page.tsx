/**
 * The operations page behind "Send a quote": the request as the operations email shows it, the
 * booked job once a quote is accepted, every quote it has (from operations and haulers), and the
 * quote form for operations' own quote.
 */
import { Card, Failure, Loading, LoopShell } from '../../components/sections/linked-page';
import { OperationsJob } from '../jobs/operations-job';
import { JobFacts } from './job-facts';
import { QuoteForm } from './quote-price-form';
import { QuoteList } from './quote-list';
import { StatusTimeline } from './status-timeline';
import { useLead } from './use-lead';
import { STATUS_LABELS } from '#contract/loop/quote-loop';

export function OperationsQuotePage() {
  const [state, setLead] = useLead('operations');
  return (
    <LoopShell title="Send a quote">
      {state.phase === 'loading' ? <Loading /> : null}
      {state.phase === 'failed' ? <Failure message={state.message} /> : null}
      {state.phase === 'ready' && state.lead.role === 'operations' ? (
        <>
          <p className="text-lg text-slate-800">
            Request <strong>{state.lead.reference}</strong> · {STATUS_LABELS[state.lead.status]}
          </p>
          <Card title="The request">
            <JobFacts request={state.lead.request} contact={state.lead.request} />
          </Card>
          {state.lead.job === undefined ? null : (
            <OperationsJob job={state.lead.job} token={state.token} />
          )}
          {state.lead.quotes.length === 0 ? null : (
            <Card title="Quotes">
              <QuoteList quotes={state.lead.quotes} />
            </Card>
          )}
          {state.lead.can.quote ? (
            <Card title={state.lead.quote === undefined ? 'Your quote' : 'Replace your quote'}>
              <QuoteForm token={state.token} previous={state.lead.quote} onLead={setLead} />
            </Card>
          ) : (
            <Card title="Quote">
              <p className="text-slate-800">
                This request is “{STATUS_LABELS[state.lead.status]}”: it can no longer be quoted.
              </p>
            </Card>
          )}
          <Card title="Status">
            <StatusTimeline lead={state.lead} />
          </Card>
        </>
      ) : null}
    </LoopShell>
  );
}
