/**
 * The quote page for a hauler's offer link: the job without the homeowner's contact, and the quote
 * form with the hauler's business name fixed. Once the homeowner accepts this hauler's quote the
 * page shows their contact, the way to the job's own page and how the job stands (its price now,
 * done); if they accept another, it says the job went elsewhere; if they cancel the booked job, a
 * banner at the top says not to go.
 */
import { Card, buttonClass } from '../../../components/signed-page/page-parts';
import { SignedPage } from '../../../components/signed-page/signed-page';
import { CancelledBanner } from '../cancelled-banner';
import { OfferQuestions } from './offer-questions';
import { formatWhen } from '../../../components/lead/job-parts';
import { JobFacts } from '../../../components/lead/job-facts';
import { QuoteForm } from '../../../components/lead/quote-price-form';
import { QuoteSummary } from '../../../components/lead/quote-summary';
import { offerRows } from './offer-facts';
import { pickLead } from '../../../shared/api/pick-lead';
import { useSignedView } from '../../../shared/api/use-signed-view';
import { paths } from '../../../shared/paths';
import { API_PATHS } from '#contract/core/api';
import { JOB_TEXTS } from '#contract/loop/jobs';
import { OFFER_TEXTS } from '#contract/loop/offers';
import { PAYOUT_TEXTS } from '#contract/money/payments';
import { TOKEN_FRAGMENT_PARAM } from '#contract/core/pages';
import { LOOP_MESSAGES, formatPrice, suggestedPickup } from '#contract/loop/quote-loop';
import { usToday } from '#contract/core/calendar-date';
import type { HaulerLeadView, LeadView, OfferJobPage } from '#contract/loop/quote-loop';

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

const JOB_STATES: Readonly<Record<OfferJobPage['status'], string>> = {
  accepted: 'Booked',
  'on-the-way': 'On the way',
  done: 'Done',
  cancelled: 'Cancelled',
};

/** The booked job at a glance, and the way to its page, where its buttons are. */
function YourJob({ job }: { job: OfferJobPage }) {
  return (
    <Card title="Your job">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="text-slate-600">Status</dt>
        <dd className="font-semibold text-slate-900">
          {JOB_STATES[job.status]}
          {job.doneAt === undefined ? null : ` on ${formatWhen(job.doneAt)}`}
        </dd>
        <dt className="text-slate-600">Price</dt>
        <dd className="text-slate-900">{formatPrice(job.priceDollars)} flat</dd>
      </dl>
      {job.token === undefined ? null : (
        <a
          className={`${buttonClass} mt-4`}
          href={`${paths.haulerJob}#${TOKEN_FRAGMENT_PARAM}=${job.token}`}
        >
          {JOB_TEXTS.openJobPage}
        </a>
      )}
    </Card>
  );
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
  const job = lead.jobPage;
  const cancelledAt = job?.status === 'cancelled' ? job.cancelledAt : undefined;
  return (
    <>
      {cancelledAt === undefined ? null : <CancelledBanner at={cancelledAt} />}
      <p className="text-lg text-slate-800">
        Job <strong>{lead.reference}</strong> near {lead.request.zipCode} · for{' '}
        <strong>{lead.businessName}</strong>
      </p>
      {cancelledAt !== undefined ? null : won ? (
        <Notice
          text={
            job?.status === 'done'
              ? `This job is done${job.doneAt === undefined ? '' : ` (${formatWhen(job.doneAt)})`}. Thank you.`
              : LOOP_MESSAGES.yourQuoteAccepted
          }
        />
      ) : lead.outcome === 'open' ? null : (
        <Notice text={closedText(lead)} />
      )}
      {won && job !== undefined ? <YourJob job={job} /> : null}
      <Card title={won ? 'The job and the homeowner' : 'The job'}>
        <JobFacts request={lead.request} contact={lead.contact} before={offerRows(lead.offer)} />
        {won || cancelledAt !== undefined ? null : (
          <p className="mt-4 text-sm text-slate-700">
            The homeowner’s name, phone and email reach you only if they accept your quote.
          </p>
        )}
      </Card>
      <OfferQuestions lead={lead} token={token} onLead={onLead} />
      {lead.quote === undefined ? null : (
        <Card title={won ? 'Your accepted quote' : 'Your quote'}>
          <QuoteSummary quote={lead.quote} priceDollars={job?.priceDollars} />
        </Card>
      )}
      {lead.payoutsNeeded === undefined ? null : (
        <Card title={PAYOUT_TEXTS.heading}>
          <p className="text-slate-800" role="status">
            {PAYOUT_TEXTS.quoteRefused}
          </p>
          <a
            className={`${buttonClass} mt-4`}
            href={`${paths.haulerAccount}#${TOKEN_FRAGMENT_PARAM}=${lead.payoutsNeeded.token}`}
          >
            {PAYOUT_TEXTS.openHaulerPage}
          </a>
        </Card>
      )}
      {lead.can.quote ? (
        <Card title={lead.quote === undefined ? 'Send a quote' : 'Revise your quote'}>
          <p className="mb-4 text-slate-800">
            One flat price for the whole job. You can revise it until the homeowner decides.
            {lead.payments === undefined
              ? null
              : ` ${lead.payments === 'on' ? PAYOUT_TEXTS.platformPays : PAYOUT_TEXTS.homeownerPays}`}
          </p>
          <QuoteForm
            token={token}
            previous={lead.quote}
            fixedHauler={lead.businessName}
            {...(lead.offer === undefined
              ? {}
              : { suggested: suggestedPickup(lead.offer.asked, usToday(new Date())) })}
            onLead={onLead}
          />
        </Card>
      ) : null}
    </>
  );
}

export function HaulerQuotePage() {
  const [state, setLead] = useSignedView(API_PATHS.lead, pickLead('hauler'));
  return (
    <SignedPage title="A job near you" state={state} loadingText="Loading the job…">
      {({ token, view }) =>
        view.role === 'hauler' ? <HaulerJob lead={view} token={token} onLead={setLead} /> : null
      }
    </SignedPage>
  );
}
