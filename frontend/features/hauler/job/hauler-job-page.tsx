/**
 * The accepted hauler's job page, behind the job link in "Booked": the homeowner's contact and
 * address, the photos, the locked price, date and window, and the job's buttons: "On my way",
 * "Job done" with the disposal receipt, "Request a price change" and "I can't do this job".
 * Opening it changes nothing; every change is a button that POSTs. "On my way" and "Job done" on
 * another day than the booked one ask first. Once the homeowner cancels the booked job, a banner at
 * the top says not to go, and the address, the contact and the buttons are gone.
 */
import { Card } from '../../../components/signed-page/page-parts';
import { SignedPage } from '../../../components/signed-page/signed-page';
import { JobFacts } from '../../../components/lead/job-facts';
import { StatusTimeline } from '../../../components/lead/status-timeline';
import { pickLead } from '../../../shared/api/pick-lead';
import { useSignedView } from '../../../shared/api/use-signed-view';
import { API_PATHS } from '#contract/core/api';
import { CancelledBanner } from '../cancelled-banner';
import { Disclosure, Done, PriceChanges, formatWhen } from '../../../components/lead/job-parts';
import { JobDoneForm } from './job-done-form';
import { JobForm } from '../../../components/lead/job-form';
import { useOffDayCheck } from './off-day-dialog';
import type { OffDayCheck } from './off-day-dialog';
import { DriverBar, JOB_DONE_HEADING_ID } from './driver-bar';
import { fullAddress } from './next-step';
import { directionsUrl } from '#contract/core/contact-links';
import { formatPickupDate } from '#contract/core/calendar-date';
import { JOB_API_PATHS, JOB_LIMITS, JOB_TEXTS, STRIKE_RULES } from '#contract/loop/jobs';
import { cantDoRequestSchema, priceChangeRequestSchema } from '#contract/loop/job-schemas';
import type { JobView, LeadWithJob } from '#contract/loop/jobs';
import { LOOP_LIMITS, LOOP_MESSAGES, QUOTE_WINDOWS, formatPrice } from '#contract/loop/quote-loop';
import type { HaulerLeadView } from '#contract/loop/quote-loop';
import { HAULER_MONEY_TEXTS } from '#contract/money/payments';

type HaulerJobLead = HaulerLeadView & { job?: JobView };

function Address({ job, lead }: { job: JobView; lead: HaulerJobLead }) {
  const { request } = lead;
  if (job.address === undefined) {
    return (
      <p className="text-slate-800">
        The homeowner has not given the street address yet. You will get an email when they do;
        until then, call them to arrange the pickup.
      </p>
    );
  }
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold text-slate-700">Street</dt>
      <dd className="text-slate-900">
        <a
          className="font-semibold text-emerald-800 underline"
          href={directionsUrl(fullAddress(job.address.street, request))}
          target="_blank"
          rel="noopener noreferrer"
        >
          {fullAddress(job.address.street, request)}
        </a>
        <span className="sr-only"> (directions, opens a map)</span>
      </dd>
      {job.address.accessNotes === undefined ? null : (
        <>
          <dt className="font-semibold text-slate-700">Access notes</dt>
          <dd className="whitespace-pre-line text-slate-900">{job.address.accessNotes}</dd>
        </>
      )}
    </dl>
  );
}

function Actions({
  job,
  token,
  onLead,
  offDay,
}: {
  job: JobView;
  token: string;
  onLead: (lead: LeadWithJob) => void;
  /** "Job done" on another day than the booked one asks first. */
  offDay: OffDayCheck;
}) {
  const pending = job.priceChanges.find((change) => change.state === 'pending');
  return (
    <>
      {/* "On my way" is the driver's bar's: it stays on screen (driver-bar.tsx). */}
      {job.onTheWayAt === undefined || job.doneAt !== undefined ? null : (
        <Done>You told the homeowner you were on the way at {formatWhen(job.onTheWayAt)}.</Done>
      )}
      {job.can.done ? (
        <Card title={JOB_TEXTS.jobDone} headingId={JOB_DONE_HEADING_ID}>
          <JobDoneForm
            token={token}
            onDone={onLead}
            confirm={() => offDay.confirm(JOB_TEXTS.jobDone)}
          />
        </Card>
      ) : null}
      {job.can.priceChange || pending !== undefined ? (
        <Card title={JOB_TEXTS.requestPriceChange}>
          <p className="mb-4 text-slate-800">
            The accepted price is locked. If there is more junk than described, ask the homeowner
            for a new price here; it changes only if they approve.
          </p>
          {pending === undefined ? (
            <JobForm
              id="price-change"
              token={token}
              path={JOB_API_PATHS.priceChange}
              schema={priceChangeRequestSchema}
              fields={[
                {
                  name: 'priceDollars',
                  label: 'New flat price (whole dollars)',
                  kind: 'price',
                  hint: `${formatPrice(LOOP_LIMITS.priceDollars.min)} to ${formatPrice(LOOP_LIMITS.priceDollars.max)}`,
                },
                {
                  name: 'reason',
                  label: 'Why the price changes',
                  kind: 'textarea',
                  maxLength: JOB_LIMITS.priceChangeReason.max,
                },
              ]}
              submitLabel="Send the new price to the homeowner"
              doneText="Sent. The homeowner approves or declines it by email."
              onLead={onLead}
            />
          ) : (
            <p role="status" className="font-semibold text-slate-900">
              Waiting for the homeowner to answer your new price of{' '}
              {formatPrice(pending.priceDollars)}.
            </p>
          )}
          <PriceChanges changes={job.priceChanges} />
        </Card>
      ) : null}
      {job.can.cantDo ? (
        <Card title={JOB_TEXTS.cantDo}>
          <p className="mb-4 text-slate-800">
            The job goes back to other local haulers and the homeowner is told. Giving a job up less
            than {STRIKE_RULES.lateCancelHours} hours before the pickup is a strike, which pauses
            your account.
          </p>
          <Disclosure label={JOB_TEXTS.cantDo}>
            <JobForm
              id="cant-do"
              token={token}
              path={JOB_API_PATHS.cantDo}
              schema={cantDoRequestSchema}
              fields={[
                {
                  name: 'reason',
                  label: 'Reason',
                  kind: 'textarea',
                  maxLength: JOB_LIMITS.cantDoReason.max,
                },
              ]}
              submitLabel={`Confirm: ${JOB_TEXTS.cantDo}`}
              doneText="The job is back with other haulers. Thank you for telling us."
              onLead={onLead}
            />
          </Disclosure>
        </Card>
      ) : null}
    </>
  );
}

function HaulerJob({
  lead,
  token,
  onLead,
}: {
  lead: HaulerJobLead;
  token: string;
  onLead: (lead: LeadWithJob) => void;
}) {
  const { job, quote } = lead;
  // The booked day: "On my way" and "Job done" on another day ask first.
  const offDay = useOffDayCheck(quote?.pickupDate);
  if (job === undefined) {
    return (
      <Done>
        {lead.status === 'cancelled' ? LOOP_MESSAGES.quoteCancelled : JOB_TEXTS.noLongerYours}
      </Done>
    );
  }
  // Cancelled after booking: the banner first, the booking kept for the record, nothing to do.
  const cancelled = job.cancelledAt !== undefined;
  return (
    <>
      {job.cancelledAt === undefined ? null : <CancelledBanner at={job.cancelledAt} />}
      <p className="text-lg text-slate-800">
        Job <strong>{lead.reference}</strong> · for <strong>{lead.businessName}</strong>
      </p>
      {job.doneAt === undefined ? null : (
        <Done>
          Job done on {formatWhen(job.doneAt)}
          {job.receipt === undefined ? '' : `, with the receipt from ${job.receipt.facility}`}.
        </Done>
      )}
      <Card title={cancelled ? 'What was booked' : 'Price and pickup'}>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold text-slate-700">Price</dt>
          <dd className="text-slate-900">
            {formatPrice(job.priceDollars)} flat{cancelled ? '' : ', locked'}
          </dd>
          {quote === undefined ? null : (
            <>
              <dt className="font-semibold text-slate-700">Pickup</dt>
              <dd className="text-slate-900">
                {formatPickupDate(quote.pickupDate)}, {QUOTE_WINDOWS[quote.pickupWindow].label}
              </dd>
            </>
          )}
        </dl>
        {/* The homeowner's card is theirs to fix: the hauler hears only that it is (decision 060). */}
        {job.money === 'hold-failed' && !cancelled ? (
          <p
            role="status"
            className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-950"
          >
            {HAULER_MONEY_TEXTS['hold-failed']}
          </p>
        ) : null}
      </Card>
      {cancelled ? null : (
        <Card title="Pickup address">
          <Address job={job} lead={lead} />
        </Card>
      )}
      <Card title={cancelled ? 'The job' : 'The homeowner and the job'}>
        <JobFacts request={lead.request} contact={lead.contact} />
      </Card>
      {offDay.dialog}
      {cancelled ? null : <Actions job={job} token={token} onLead={onLead} offDay={offDay} />}
      <Card title="Status">
        <StatusTimeline lead={lead} />
      </Card>
      {cancelled || job.doneAt !== undefined ? null : (
        <DriverBar
          job={job}
          token={token}
          phone={lead.contact?.phone}
          directions={
            job.address === undefined
              ? undefined
              : directionsUrl(fullAddress(job.address.street, lead.request))
          }
          onLead={onLead}
          confirm={() => offDay.confirm(JOB_TEXTS.onMyWay)}
        />
      )}
    </>
  );
}

export function HaulerJobPage() {
  const [state, setLead] = useSignedView(API_PATHS.lead, pickLead('hauler'));
  return (
    <SignedPage title="Your job" state={state} loadingText="Loading the job…">
      {({ token, view }) =>
        view.role === 'hauler' ? <HaulerJob lead={view} token={token} onLead={setLead} /> : null
      }
    </SignedPage>
  );
}
