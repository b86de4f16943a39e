// "What now?" at the top of the homeowner's request page (issue 40): one status line and the one
// next action for the request as it stands. Pure, on the view the page already has; its texts here.
import { localDateTime } from '../core/en-us-format';
import { JOB_TEXTS } from './jobs';
import type { JobView } from './jobs';
import { formatPickup, formatPrice } from './quote-loop';
import type { HomeownerLeadView, WaitingView } from './quote-loop';

/** The page's one next step: where its button goes (a part of the page, or a phone call). */
export type NextAction =
  | { kind: 'compare'; label: string }
  | { kind: 'address'; label: string }
  | { kind: 'price'; label: string }
  | { kind: 'rate'; label: string }
  | { kind: 'call'; label: string; phone: string };

export interface RequestStatus {
  /** Waiting on others, waiting on the homeowner, finished, or closed. */
  tone: 'waiting' | 'action' | 'done' | 'closed';
  title: string;
  text: string;
  /** Once booked: the price now (an approved change moves it). */
  priceDollars?: number;
  action?: NextAction;
}

/** A time the homeowner reads in their own zone ("Tue, Nov 24, 3:05 PM"). */
const when = (iso: string) => localDateTime(new Date(iso), { weekday: true });

const haulers = (n: number) => (n === 1 ? '1 nearby hauler' : `${n} nearby haulers`);

export const REQUEST_STATUS_TEXTS = {
  priceLabel: 'Price',
  priceNote: 'flat',
  compare: 'Compare your quotes',
  seeQuote: 'See your quote',
  address: 'Give the address',
  price: 'Answer the price change',
  rate: JOB_TEXTS.rate,
  call: (hauler: string) => `Call ${hauler}`,
  waiting: {
    finding: (zip: string, teamAt?: string) => ({
      title: `Finding haulers near ${zip}`,
      text: `We are sending your request to verified haulers near ${zip} now. Each quote arrives by email and shows on this page.${teamAt === undefined ? '' : ` If no hauler has quoted by ${when(teamAt)}, our team is told and takes it up.`}`,
    }),
    offered: (zip: string, waiting: WaitingView) => ({
      title: `Sent to ${haulers(waiting.haulers)}`,
      text: `We sent your request to ${haulers(waiting.haulers)} near ${zip}, and more are asked while nobody has quoted. Each quote arrives by email and shows on this page. If no hauler has quoted by ${when(waiting.teamAt)}, our team is told and takes it up.`,
    }),
    'no-hauler': (zip: string, waiting: WaitingView) => ({
      title: `No hauler near ${zip} works with us yet`,
      text: `So no hauler has your request yet. Our team was told at ${when(waiting.teamAt)} and may quote it themselves; a quote arrives by email and shows on this page. Until ${when(waiting.endsAt)} we keep offering it to any hauler who starts covering ${zip}.`,
    }),
    ended: (zip: string, waiting: WaitingView) => ({
      title: 'No hauler has quoted',
      text: `We offered your request to haulers near ${zip} until ${when(waiting.endsAt)}, and none quoted. Our team was told; a quote from them would still arrive by email and show on this page. You can cancel this request below.`,
    }),
  },
  quotesIn: (n: number) => ({
    title:
      n === 1
        ? 'A quote is in: review and accept it'
        : `${n} quotes are in: compare and accept one`,
    text: 'Each price is flat. Accept before its pickup window starts; only the hauler you accept gets your contact details.',
  }),
  noneAcceptable: {
    title: 'Your quotes can no longer be accepted',
    text: 'Each quote below says why. A hauler who was offered your request may still send a new quote by email, or you can cancel this request below.',
  },
  priceAsked: (from: number, to: number) => ({
    title: 'Your hauler asks for a new price',
    text: `From ${formatPrice(from)} to ${formatPrice(to)}. Until you approve it, the price stays ${formatPrice(from)}.`,
  }),
  needsAddress: (hauler: string, pickup: string) => ({
    title: 'Booked: give the address',
    text: `${hauler} comes ${pickup}. They need the address to come; only they and our team see it.`,
  }),
  booked: (hauler: string, pickup: string) => ({
    title: `Booked for ${pickup}`,
    text: `${hauler} has your address. On the day, we email you when they are on the way.`,
  }),
  onTheWay: (hauler: string, since: string) => ({
    title: 'Your hauler is on the way',
    text: `${hauler} has been on the way since ${when(since)}.`,
  }),
  doneRate: (hauler: string) => ({
    title: 'Done: how did it go?',
    text: `Your pickup is done. How did ${hauler} do? Your rating helps the next homeowner choose.`,
  }),
  rated: {
    title: 'Done and rated',
    text: 'Your pickup is done and you rated it. Thank you.',
  },
  done: {
    title: 'Your pickup is done',
    text: 'Your hauler marked the job done.',
  },
  cancelled: {
    title: 'This request is cancelled',
    text: 'Nothing will be picked up, and no hauler will come.',
  },
  declined: {
    title: 'You declined the quote',
    text: 'Nothing is booked.',
  },
} as const;

/** The quotes' part of the page before any quote: the status line above says why and until when. */
export const NO_QUOTES_YET = 'No quotes yet. Each quote arrives by email and shows here.';

/** The request's one status line and next action: every status and stage of a job has one. */
export function requestStatus(lead: HomeownerLeadView & { job?: JobView }): RequestStatus {
  const texts = REQUEST_STATUS_TEXTS;
  const { job, quote } = lead;
  const zip = lead.request.zipCode;
  const hauler = job?.hauler?.businessName ?? quote?.hauler ?? 'Your hauler';
  const pickup = quote === undefined ? '' : formatPickup(quote.pickupDate, quote.pickupWindow);
  const booked = job === undefined ? {} : { priceDollars: job.priceDollars };
  const call: NextAction | undefined =
    job?.hauler?.phone === undefined
      ? undefined
      : { kind: 'call', label: texts.call(hauler), phone: job.hauler.phone };
  switch (lead.status) {
    case 'cancelled':
      return { tone: 'closed', ...texts.cancelled };
    case 'declined':
      return { tone: 'closed', ...texts.declined };
    case 'done':
      if (job?.rating !== undefined) return { tone: 'done', ...texts.rated, ...booked };
      if (job?.can.rate === true) {
        return {
          tone: 'action',
          ...texts.doneRate(hauler),
          ...booked,
          action: { kind: 'rate', label: texts.rate },
        };
      }
      return { tone: 'done', ...texts.done, ...booked };
    case 'on-the-way':
      return {
        tone: 'waiting',
        ...texts.onTheWay(hauler, job?.onTheWayAt ?? lead.receivedAt),
        ...booked,
        ...(call === undefined ? {} : { action: call }),
      };
    case 'accepted': {
      const pending = job?.priceChanges.find((change) => change.state === 'pending');
      if (pending !== undefined && job?.can.decidePrice === true) {
        return {
          tone: 'action',
          ...texts.priceAsked(pending.fromDollars, pending.priceDollars),
          ...booked,
          action: { kind: 'price', label: texts.price },
        };
      }
      if (job?.address === undefined && job?.can.address === true) {
        return {
          tone: 'action',
          ...texts.needsAddress(hauler, pickup),
          ...booked,
          action: { kind: 'address', label: texts.address },
        };
      }
      return {
        tone: 'waiting',
        ...texts.booked(hauler, pickup),
        ...booked,
        ...(call === undefined ? {} : { action: call }),
      };
    }
    case 'quoted': {
      const n = lead.acceptable.length;
      if (n === 0) return { tone: 'waiting', ...texts.noneAcceptable };
      return {
        tone: 'action',
        ...texts.quotesIn(n),
        action: { kind: 'compare', label: n === 1 ? texts.seeQuote : texts.compare },
      };
    }
    case 'received': {
      const waiting = lead.waiting;
      if (waiting === undefined || waiting.kind === 'finding') {
        return {
          tone: 'waiting',
          ...texts.waiting.finding(zip, waiting?.teamAt),
        };
      }
      return { tone: 'waiting', ...texts.waiting[waiting.kind](zip, waiting) };
    }
  }
}
