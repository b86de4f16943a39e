/**
 * The homeowner's side of a booked job, on the request page: the hauler and the locked price, the
 * pickup address (asked for once a quote is accepted), a price change to approve or decline, the
 * job done with its receipt and the rating, and "Report a problem".
 */
import { Card } from '../../../components/signed-page/page-parts';
import { telHref } from '#contract/core/contact-links';
import {
  ActionButton,
  Disclosure,
  Done,
  GivenRating,
  PriceChanges,
  formatWhen,
} from '../../../components/lead/job-parts';
import { JobForm } from '../../../components/lead/job-form';
import { RatingForm } from './rating-form';
import { JobProof } from './job-proof';
import { sectionHeadingId, useLandOnSection } from './land-on-section';
import { PRICE_CHANGE_HEADING_ID } from '../request-status';
import { JOB_API_PATHS, JOB_LIMITS, JOB_TEXTS, PROBLEM_KINDS } from '#contract/loop/jobs';
import { addressRequestSchema, problemRequestSchema } from '#contract/loop/job-schemas';
import type { JobView, LeadWithJob } from '#contract/loop/jobs';
import { PAGE_SECTIONS } from '#contract/core/pages';
import { formatPrice } from '#contract/loop/quote-loop';
import type { HomeownerLeadView } from '#contract/loop/quote-loop';

interface PanelProps {
  lead: HomeownerLeadView;
  job: JobView;
  token: string;
  onLead: (lead: LeadWithJob) => void;
}

function YourHauler({ job }: { job: JobView }) {
  const { hauler } = job;
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
      {hauler === undefined ? null : (
        <>
          <dt className="font-semibold text-slate-700">Hauler</dt>
          <dd className="text-slate-900">{hauler.businessName}</dd>
          {hauler.phone === undefined ? null : (
            <>
              <dt className="font-semibold text-slate-700">Phone</dt>
              <dd>
                <a
                  className="font-semibold text-emerald-800 underline"
                  href={telHref(hauler.phone)}
                >
                  {hauler.phone}
                </a>
              </dd>
            </>
          )}
        </>
      )}
      <dt className="font-semibold text-slate-700">Price</dt>
      <dd className="text-slate-900">
        {formatPrice(job.priceDollars)} flat. It changes only if you approve a new price.
      </dd>
    </dl>
  );
}

function AddressCard({ job, token, onLead }: Omit<PanelProps, 'lead'>) {
  if (!job.can.address && job.address === undefined) return null;
  return (
    <Card title="Pickup address" headingId={sectionHeadingId(PAGE_SECTIONS.address)}>
      {job.address === undefined ? (
        <p className="mb-4 text-slate-800">
          Where should the hauler come? Only your hauler and our team see the address.
        </p>
      ) : (
        <p className="mb-4 text-slate-800">
          <strong>{job.address.street}</strong>
          {job.address.accessNotes === undefined ? null : (
            <span className="block whitespace-pre-line">{job.address.accessNotes}</span>
          )}
        </p>
      )}
      {job.can.address ? (
        <JobForm
          id="address"
          token={token}
          path={JOB_API_PATHS.address}
          schema={addressRequestSchema}
          initial={{
            street: job.address?.street ?? '',
            accessNotes: job.address?.accessNotes ?? '',
          }}
          fields={[
            {
              name: 'street',
              label: 'Street address',
              kind: 'text',
              autoComplete: 'street-address',
              maxLength: JOB_LIMITS.street.max,
              hint: 'House number and street, with the apartment or unit if any',
            },
            {
              name: 'accessNotes',
              label: 'Access notes (optional)',
              kind: 'textarea',
              maxLength: JOB_LIMITS.accessNotes.max,
              hint: 'Gate code, where the items are, parking.',
            },
          ]}
          submitLabel={job.address === undefined ? 'Save the address' : 'Update the address'}
          doneText="Saved. Your hauler has it."
          onLead={onLead}
        />
      ) : null}
    </Card>
  );
}

/** The answer to the latest price change, as it stands (it outlives the buttons that gave it). */
function LastAnswer({ job }: { job: JobView }) {
  const last = job.priceChanges.at(-1);
  if (last === undefined || last.state === 'pending') return null;
  return (
    <Done>
      {last.state === 'approved'
        ? `Approved: the price is now ${formatPrice(last.priceDollars)}.`
        : `Declined: the price stays ${formatPrice(last.fromDollars)}.`}
    </Done>
  );
}

function PriceChangeCard({ job, token, onLead }: Omit<PanelProps, 'lead'>) {
  const pending = job.priceChanges.find((change) => change.state === 'pending');
  if (job.priceChanges.length === 0) return null;
  return (
    <Card title="Price change" headingId={PRICE_CHANGE_HEADING_ID}>
      {pending !== undefined && job.can.decidePrice ? (
        <>
          <p className="text-slate-800">
            Your hauler asks to change the price from{' '}
            <strong>{formatPrice(pending.fromDollars)}</strong> to{' '}
            <strong>{formatPrice(pending.priceDollars)}</strong>.
          </p>
          <p className="mt-2 whitespace-pre-line text-slate-800">Reason: {pending.reason}</p>
          <p className="mt-2 text-slate-800">
            If you decline, the price stays {formatPrice(pending.fromDollars)} and we tell the
            hauler and our team.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <ActionButton
              token={token}
              path={JOB_API_PATHS.priceDecision}
              body={{ decision: 'approve', change: pending.number }}
              label={`${JOB_TEXTS.approve} ${formatPrice(pending.priceDollars)}`}
              doneText={`Approved: the price is now ${formatPrice(pending.priceDollars)}.`}
              onLead={onLead}
            />
            <ActionButton
              token={token}
              path={JOB_API_PATHS.priceDecision}
              body={{ decision: 'decline', change: pending.number }}
              label={JOB_TEXTS.decline}
              doneText={`Declined: the price stays ${formatPrice(pending.fromDollars)}.`}
              onLead={onLead}
              secondary
            />
          </div>
        </>
      ) : (
        <LastAnswer job={job} />
      )}
      <PriceChanges changes={job.priceChanges} />
    </Card>
  );
}

/** Once the job is done: the form (once, within 14 days), then the rating given. */
function RatingCard({ job, token, onLead }: Omit<PanelProps, 'lead'>) {
  if (job.rating !== undefined) {
    return (
      <Card title="Your rating" headingId={sectionHeadingId(PAGE_SECTIONS.rate)}>
        <p className="text-slate-900">
          <GivenRating rating={job.rating} />
        </p>
      </Card>
    );
  }
  if (!job.can.rate) return null;
  return (
    <Card title={JOB_TEXTS.rate} headingId={sectionHeadingId(PAGE_SECTIONS.rate)}>
      <RatingForm token={token} onRated={onLead} />
    </Card>
  );
}

function ProblemCard({ job, token, onLead }: Omit<PanelProps, 'lead'>) {
  if (!job.can.report) return null;
  return (
    <Card title={JOB_TEXTS.reportProblem}>
      <p className="mb-4 text-slate-800">
        A no-show, a late hauler, a price that changed, damage: a person on our team reads it and
        calls you.
      </p>
      <Disclosure label={JOB_TEXTS.reportProblem}>
        <JobForm
          id="problem"
          token={token}
          path={JOB_API_PATHS.problem}
          schema={problemRequestSchema}
          fields={[
            {
              name: 'kind',
              label: 'What went wrong?',
              kind: 'choice',
              options: Object.entries(PROBLEM_KINDS).map(([value, label]) => ({ value, label })),
            },
            {
              name: 'description',
              label: 'What happened',
              kind: 'textarea',
              maxLength: JOB_LIMITS.problemDescription.max,
            },
          ]}
          submitLabel="Send to our team"
          doneText="Sent. Our team will contact you."
          onLead={onLead}
        />
      </Disclosure>
    </Card>
  );
}

export function JobPanel({ lead, job, token, onLead }: PanelProps) {
  const priceOnly = lead.action === 'price';
  useLandOnSection();
  return (
    <>
      {priceOnly ? null : (
        <Card title="Your pickup">
          <YourHauler job={job} />
          {job.onTheWayAt === undefined || job.doneAt !== undefined ? null : (
            <Done>Your hauler is on the way (since {formatWhen(job.onTheWayAt)}).</Done>
          )}
          {job.doneAt === undefined ? null : (
            <Done>
              Your pickup is done ({formatWhen(job.doneAt)})
              {job.receipt === undefined ? '' : `: the junk went to ${job.receipt.facility}`}.
            </Done>
          )}
        </Card>
      )}
      {priceOnly || job.receipt === undefined ? null : (
        // A part of its own: the done email's "View the receipt" lands here.
        <Card title="Disposal receipt" headingId={sectionHeadingId(PAGE_SECTIONS.receipt)}>
          <p className="text-slate-800">
            Your hauler’s disposal receipt shows where your junk went; their after-photos, if they
            took any, show the cleared spot.
          </p>
          <JobProof token={token} />
        </Card>
      )}
      {priceOnly ? null : <RatingCard job={job} token={token} onLead={onLead} />}
      <PriceChangeCard job={job} token={token} onLead={onLead} />
      {priceOnly ? null : (
        <>
          <AddressCard job={job} token={token} onLead={onLead} />
          <ProblemCard job={job} token={token} onLead={onLead} />
        </>
      )}
    </>
  );
}
