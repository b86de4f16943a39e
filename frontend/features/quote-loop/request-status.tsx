/**
 * The top of the homeowner's request page: where the request stands, the one next step (a part of
 * the page below, or a call to the booked hauler), the price once booked, and the request itself.
 */
import type { MouseEvent } from 'react';
import { Card, buttonClass } from '../../components/signed-page/page-parts';
import { JobFacts } from '../../components/lead/job-facts';
import { telHref } from '#contract/core/contact-links';
import { sectionHeadingId } from './job/land-on-section';
import type { JobView } from '#contract/loop/jobs';
import { PAGE_SECTIONS } from '#contract/core/pages';
import { formatPrice } from '#contract/loop/quote-loop';
import type { HomeownerLeadView } from '#contract/loop/quote-loop';
import { REQUEST_STATUS_TEXTS, requestStatus } from '#contract/loop/request-status';
import type { NextAction, RequestStatus } from '#contract/loop/request-status';

/** The heading each next step lands on; quotes and the price change are parts of this page only. */
export const QUOTES_HEADING_ID = 'section-quotes';
export const PRICE_CHANGE_HEADING_ID = 'section-price';

const TARGETS: Record<Exclude<NextAction['kind'], 'call'>, string> = {
  compare: QUOTES_HEADING_ID,
  price: PRICE_CHANGE_HEADING_ID,
  address: sectionHeadingId(PAGE_SECTIONS.address),
  rate: sectionHeadingId(PAGE_SECTIONS.rate),
};

const TONES: Record<RequestStatus['tone'], string> = {
  waiting: 'border-sky-300 bg-sky-50',
  action: 'border-emerald-600 bg-emerald-50',
  done: 'border-emerald-300 bg-emerald-50',
  closed: 'border-slate-300 bg-slate-50',
};

/**
 * A link to a part of the page: the token lives in the address's fragment, so the link moves the
 * focus and the view itself instead of replacing the fragment.
 */
function goTo(id: string) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    const heading = document.getElementById(id);
    if (heading === null) return;
    event.preventDefault();
    heading.focus({ preventScroll: true });
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    heading.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  };
}

function Action({ action }: { action: NextAction }) {
  if (action.kind === 'call') {
    return (
      <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
        <a className={buttonClass} href={telHref(action.phone)}>
          {action.label}
        </a>
        <span className="text-slate-800">{action.phone}</span>
      </p>
    );
  }
  const id = TARGETS[action.kind];
  return (
    <p className="mt-4">
      <a className={buttonClass} href={`#${id}`} onClick={goTo(id)}>
        {action.label}
      </a>
    </p>
  );
}

export function RequestStatusLine({ lead }: { lead: HomeownerLeadView & { job?: JobView } }) {
  const status = requestStatus(lead);
  return (
    <section
      aria-labelledby="request-status-title"
      className={`mt-6 rounded-lg border-2 p-5 ${TONES[status.tone]}`}
    >
      <h2 id="request-status-title" className="text-xl font-bold text-slate-900">
        {status.title}
      </h2>
      <p className="mt-2 text-slate-800">{status.text}</p>
      {status.priceDollars === undefined ? null : (
        <p className="mt-2 text-slate-900">
          {REQUEST_STATUS_TEXTS.priceLabel}:{' '}
          <strong className="text-lg">{formatPrice(status.priceDollars)}</strong>{' '}
          {REQUEST_STATUS_TEXTS.priceNote}
        </p>
      )}
      {status.action === undefined ? null : <Action action={status.action} />}
    </section>
  );
}

/** The request as the homeowner sent it: photos, description, load size and the day asked for. */
export function YourRequest({ lead }: { lead: HomeownerLeadView }) {
  return (
    <Card title="Your request">
      <JobFacts request={lead.request} />
    </Card>
  );
}
