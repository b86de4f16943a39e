/**
 * The hauler's one home (issue 40, item 7): open offers, quotes sent and what became of them,
 * booked jobs and done jobs, each linking to its page with a link signed when the page was read.
 * Nothing here depends on an email having arrived.
 */
import type { ReactNode } from 'react';
import { Card } from '../../../components/signed-page/page-parts';
import { formatWhen } from '../../../components/lead/job-parts';
import { paths } from '../../../shared/paths';
import { TOKEN_FRAGMENT_PARAM } from '#contract/core/pages';
import { HAULER_WORK_TEXTS } from '#contract/haulers/hauler-work';
import type { HaulerWorkView } from '#contract/haulers/hauler-work';
import { formatPickup, formatPrice } from '#contract/loop/quote-loop';
import { JobMoney } from './job-money';

const T = HAULER_WORK_TEXTS;

const hrefOf = (item: { page: 'offer' | 'job'; token: string }) =>
  `${item.page === 'offer' ? paths.haulerQuote : paths.haulerJob}#${TOKEN_FRAGMENT_PARAM}=${item.token}`;

function Entry({
  item,
  label,
  children,
}: {
  item: { reference: string; place: string; page: 'offer' | 'job'; token: string };
  label: string;
  children: ReactNode;
}) {
  return (
    <li className="border-t border-slate-200 py-3 first:border-t-0 first:pt-0">
      <p className="text-slate-900">
        <strong>{item.reference}</strong> · {item.place}
      </p>
      <div className="mt-1 text-slate-800">{children}</div>
      <a
        className="mt-1 inline-flex min-h-11 items-center font-semibold text-emerald-800 underline"
        href={hrefOf(item)}
        aria-label={`${label}: ${item.reference}`}
      >
        {label}
      </a>
    </li>
  );
}

function List({ empty, children }: { empty: string; children: ReactNode[] }) {
  return children.length === 0 ? <p className="text-slate-700">{empty}</p> : <ul>{children}</ul>;
}

export function WorkLists({ work }: { work: HaulerWorkView }) {
  return (
    <>
      <Card title={T.booked}>
        <List empty={T.noBooked}>
          {work.booked.map((job) => (
            <Entry key={job.token} item={job} label={T.openJob}>
              {formatPickup(job.pickupDate, job.pickupWindow)} · {formatPrice(job.priceDollars)}{' '}
              flat
              {job.status === 'on-the-way' ? ' · On the way' : ''}
              <JobMoney money={job.money} />
            </Entry>
          ))}
        </List>
      </Card>
      {work.offersHidden ? (
        <p className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950">
          {T.pausedHidden}
        </p>
      ) : (
        <>
          <Card title={T.offers}>
            <List empty={T.noOffers}>
              {work.offers.map((offer) => (
                <Entry key={offer.token} item={offer} label={T.openOffer}>
                  {offer.miles} miles from your base · {offer.load ?? 'Load size not given'} · asked
                  for {offer.asked}
                  {offer.endsAt === undefined ? null : (
                    <span className="block text-sm text-slate-700">
                      Quote by {formatWhen(offer.endsAt)}
                    </span>
                  )}
                </Entry>
              ))}
            </List>
          </Card>
          <Card title={T.quotes}>
            <List empty={T.noQuotes}>
              {work.quotes.map((quote) => (
                <Entry key={quote.token} item={quote} label={T.openQuote}>
                  {formatPrice(quote.priceDollars)} ·{' '}
                  {formatPickup(quote.pickupDate, quote.pickupWindow)}
                  <span className="block font-semibold text-slate-900">
                    {T.outcomes[quote.outcome]}
                  </span>
                </Entry>
              ))}
            </List>
          </Card>
        </>
      )}
      <Card title={T.done}>
        <List empty={T.noDone}>
          {work.done.map((job) => (
            <Entry key={job.token} item={job} label={T.openJob}>
              {job.doneAt === undefined ? 'Done' : `Done ${formatWhen(job.doneAt)}`} ·{' '}
              {formatPrice(job.priceDollars)} flat
              {job.stars === undefined ? ' · Not rated yet' : ` · Rated ${job.stars} of 5`}
              <JobMoney money={job.money} />
            </Entry>
          ))}
        </List>
      </Card>
    </>
  );
}
