/**
 * The booked job as operations see it on their quote page: who does it, for how much, where, how
 * far it has gone, and its proof. Read only: operations act through their emails and `leads`.
 */
import type { ReactNode } from 'react';
import { Card } from '../../../components/signed-page/page-parts';
import { telHref } from '#contract/core/contact-links';
import { GivenRating, PriceChanges, formatWhen } from '../../../components/lead/job-parts';
import { JobProof } from './job-proof';
import type { JobView } from '#contract/loop/jobs';
import { formatPrice } from '#contract/loop/quote-loop';

const NOT_YET = 'Not yet';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-slate-700">{term}</dt>
      <dd className="text-slate-900">{children}</dd>
    </>
  );
}

export function OperationsJob({ job, token }: { job: JobView; token: string }) {
  const { hauler, address, receipt, rating } = job;
  return (
    <Card title="The job">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
        <Fact term="Hauler">
          {hauler === undefined ? (
            'Operations'
          ) : (
            <>
              {hauler.businessName}
              {hauler.phone === undefined ? null : (
                <>
                  {' · '}
                  <a
                    className="font-semibold text-emerald-800 underline"
                    href={telHref(hauler.phone)}
                  >
                    {hauler.phone}
                  </a>
                </>
              )}
            </>
          )}
        </Fact>
        <Fact term="Price">{formatPrice(job.priceDollars)} flat</Fact>
        <Fact term="Pickup address">
          {address === undefined ? (
            'Not given yet'
          ) : (
            <>
              {address.street}
              {address.accessNotes === undefined ? null : (
                <span className="block whitespace-pre-line text-slate-800">
                  {address.accessNotes}
                </span>
              )}
            </>
          )}
        </Fact>
        <Fact term="On the way">
          {job.onTheWayAt === undefined ? NOT_YET : formatWhen(job.onTheWayAt)}
        </Fact>
        <Fact term="Done">{job.doneAt === undefined ? NOT_YET : formatWhen(job.doneAt)}</Fact>
        {receipt === undefined ? null : (
          <Fact term="Receipt">
            {receipt.facility}
            {job.afterPhotos === 0
              ? null
              : `, with ${job.afterPhotos} after-photo${job.afterPhotos === 1 ? '' : 's'}`}
          </Fact>
        )}
        {rating === undefined ? null : (
          <Fact term="Rating">
            <GivenRating rating={rating} />
          </Fact>
        )}
      </dl>
      <PriceChanges changes={job.priceChanges} />
      {receipt === undefined ? null : <JobProof token={token} />}
    </Card>
  );
}
