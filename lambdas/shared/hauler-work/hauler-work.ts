// What each lead is to one hauler on their home page (decision 052): an open offer, a quote and
// what became of it, their booked job or their done job, or nothing. The lead decides, as the
// links do: access ends with its reason (decision 045), so a job cancelled or given to someone
// else is never listed as theirs, and a hauler who takes no jobs now sees no offers or quotes.
import { acceptedStoredQuote, jobOf, jobPrice } from '../jobs/lead-job';
import { loadSizeText, pickupText } from '../jobs/job-summary';
import { storedQuotes } from '../leads/lead-quotes';
import { windowStarted } from '../leads/lead-status';
import { leadOffers } from '../models/offer-model';
import type { Lead } from '../models/lead-model';
import type { StoredQuote } from '../models/quote-model';
import { withoutContact } from '../text/contact-mask';
import type {
  HaulerWorkView,
  JobWorkItem,
  OfferWorkItem,
  QuoteOutcome,
  QuoteWorkItem,
} from '#contract/haulers/hauler-work';
import type { LeadOffer } from '#contract/loop/offers';

/** An entry before its link is signed: `offer` is the number the link carries. */
export type WorkEntry =
  | { kind: 'offers'; offer: number; item: Omit<OfferWorkItem, 'token'> }
  | { kind: 'quotes'; offer: number; item: Omit<QuoteWorkItem, 'token'> }
  | {
      kind: 'booked' | 'done';
      offer: number;
      item: Omit<JobWorkItem, 'token'>;
      /** The accepted quote's number: with the lead, it names the job's money (moneyJobId). */
      quote?: number;
    };

/** '85001 · Phoenix, Arizona': typed by the homeowner, so masked as the offer page masks it. */
export function placeOf(lead: Lead): string {
  const { request } = lead;
  const own = { name: request.name, phone: request.phone, email: request.email };
  const where = [withoutContact(request.city, own), withoutContact(request.state, own)]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
  const zip = request.zipCode.trim();
  return where === '' ? zip : `${zip} · ${where}`;
}

function ended(offer: LeadOffer, now: Date): boolean {
  return offer.endsAt !== undefined && Date.parse(offer.endsAt) <= now.getTime();
}

function quoteOutcome(lead: Lead, own: StoredQuote, now: Date): QuoteOutcome {
  if (own.state === 'withdrawn') return 'given-up';
  if (lead.status === 'cancelled')
    return own.state === 'accepted' ? 'cancelled-booked' : 'cancelled';
  if (own.state === 'declined') return 'declined';
  if (own.state === 'live') return windowStarted(own, now) ? 'window-started' : 'waiting';
  const accepted = acceptedStoredQuote(lead);
  if (accepted !== undefined && accepted.number !== own.number) return 'went-elsewhere';
  return 'ended';
}

/**
 * The lead as `haulerId`'s home page lists it, or undefined when it is nothing of theirs (a
 * pointer left behind, an offer ended unquoted). `takesJobs`: whether their offer links work now.
 */
export function workEntry(
  lead: Lead,
  haulerId: string,
  now: Date,
  takesJobs: boolean,
): WorkEntry | undefined {
  const mine = leadOffers(lead).filter(([, offer]) => offer.haulerId === haulerId);
  const latest = mine.at(-1);
  if (latest === undefined) return undefined;
  const [number, offer] = latest;
  const base = { reference: lead.reference, place: placeOf(lead) };
  const accepted = acceptedStoredQuote(lead);
  const job = jobOf(lead);
  const status = lead.status;
  if (
    accepted?.haulerId === haulerId &&
    job?.haulerId === haulerId &&
    (status === 'accepted' || status === 'on-the-way' || status === 'done')
  ) {
    const item: Omit<JobWorkItem, 'token'> = {
      ...base,
      page: 'job',
      priceDollars: jobPrice(lead, job) ?? accepted.priceDollars,
      pickupDate: accepted.pickupDate,
      pickupWindow: accepted.pickupWindow,
      status,
      ...(job.doneAt === undefined ? {} : { doneAt: job.doneAt }),
      ...(job.rating === undefined ? {} : { stars: job.rating.stars }),
    };
    const kind = status === 'done' ? 'done' : 'booked';
    return { kind, offer: accepted.offer ?? number, item, quote: accepted.number };
  }
  // Offers and quotes are read through the offer link, refused while the hauler takes no jobs.
  if (!takesJobs) return undefined;
  const own = storedQuotes(lead)
    .filter((quote) => quote.from === 'hauler' && quote.haulerId === haulerId)
    .at(-1);
  if (own !== undefined) {
    return {
      kind: 'quotes',
      offer: own.offer ?? number,
      item: {
        ...base,
        page: 'offer',
        priceDollars: own.priceDollars,
        pickupDate: own.pickupDate,
        pickupWindow: own.pickupWindow,
        outcome: quoteOutcome(lead, own, now),
        sentAt: own.sentAt,
      },
    };
  }
  if ((status !== 'received' && status !== 'quoted') || ended(offer, now)) return undefined;
  const load = loadSizeText(lead.request);
  return {
    kind: 'offers',
    offer: number,
    item: {
      ...base,
      page: 'offer',
      miles: offer.miles,
      ...(load === undefined ? {} : { load }),
      asked: pickupText(lead.request),
      ...(offer.endsAt === undefined ? {} : { endsAt: offer.endsAt }),
    },
  };
}

type Unsigned = {
  [K in keyof Omit<HaulerWorkView, 'offersHidden'>]: Array<{
    offer: number;
    submissionId: string;
    item: Omit<HaulerWorkView[K][number], 'token'>;
    quote?: number;
  }>;
};

/** Each lead in its list, in the order a hauler works through them. */
export function sortWork(
  leads: readonly Lead[],
  haulerId: string,
  now: Date,
  takesJobs: boolean,
): Unsigned {
  const lists: Unsigned = { offers: [], quotes: [], booked: [], done: [] };
  for (const lead of leads) {
    const entry = workEntry(lead, haulerId, now, takesJobs);
    if (entry === undefined) continue;
    const { submissionId } = lead;
    // The discriminant carries the item's type; TypeScript cannot follow it into the lists.
    (
      lists[entry.kind] as Array<{
        offer: number;
        submissionId: string;
        item: unknown;
        quote?: number;
      }>
    ).push({
      offer: entry.offer,
      submissionId,
      item: entry.item,
      ...('quote' in entry && entry.quote !== undefined ? { quote: entry.quote } : {}),
    });
  }
  // Ending soonest, newest sent, next pickup, last done: first.
  lists.offers.sort((a, b) => (a.item.endsAt ?? '').localeCompare(b.item.endsAt ?? ''));
  lists.quotes.sort((a, b) => b.item.sentAt.localeCompare(a.item.sentAt));
  const pickup = (item: { pickupDate: string; pickupWindow: string }) =>
    `${item.pickupDate}${item.pickupWindow === 'morning' ? 'a' : 'b'}`;
  lists.booked.sort((a, b) => pickup(a.item).localeCompare(pickup(b.item)));
  lists.done.sort((a, b) => (b.item.doneAt ?? '').localeCompare(a.item.doneAt ?? ''));
  return lists;
}
