/**
 * The operations page behind "Send a quote": the request as the operations email shows it, the
 * booked job once a quote is accepted, every quote it has (from operations and haulers), and the
 * quote form for operations' own quote.
 */
import { Card } from '../../components/signed-page/page-parts';
import { SignedPage } from '../../components/signed-page/signed-page';
import { OperationsJob } from './job/operations-job';
import { JobFacts } from '../../components/lead/job-facts';
import { QuoteForm } from '../../components/lead/quote-price-form';
import { QuoteList } from './quote-list';
import { StatusTimeline } from '../../components/lead/status-timeline';
import { pickLead } from '../../shared/api/pick-lead';
import { useSignedView } from '../../shared/api/use-signed-view';
import { API_PATHS } from '#contract/core/api';
import { STATUS_LABELS } from '#contract/loop/quote-loop';

export function OperationsQuotePage() {
  const [state, setLead] = useSignedView(API_PATHS.lead, pickLead('operations'));
  return (
    <SignedPage title="Send a quote" state={state}>
      {({ token, view: lead }) =>
        lead.role === 'operations' ? (
          <>
            <p className="text-lg text-slate-800">
              Request <strong>{lead.reference}</strong> · {STATUS_LABELS[lead.status]}
            </p>
            <Card title="The request">
              <JobFacts request={lead.request} contact={lead.request} />
            </Card>
            {lead.job === undefined ? null : <OperationsJob job={lead.job} token={token} />}
            {lead.quotes.length === 0 ? null : (
              <Card title="Quotes">
                <QuoteList quotes={lead.quotes} />
              </Card>
            )}
            {lead.can.quote ? (
              <Card title={lead.quote === undefined ? 'Your quote' : 'Replace your quote'}>
                <QuoteForm token={token} previous={lead.quote} onLead={setLead} />
              </Card>
            ) : (
              <Card title="Quote">
                <p className="text-slate-800">
                  This request is “{STATUS_LABELS[lead.status]}”: it can no longer be quoted.
                </p>
              </Card>
            )}
            <Card title="Status">
              <StatusTimeline lead={lead} />
            </Card>
          </>
        ) : null
      }
    </SignedPage>
  );
}
