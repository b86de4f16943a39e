import { jobDetailsWithoutContact } from '../text/contact-mask';
import { storedQuotes } from './lead-quotes';
import { waitingView } from './lead-waiting';
import type { Lead } from '../models/lead-model';
import type { StoredQuote } from '../models/quote-model';
import { acceptedQuote, allowed, quoteOf, unacceptable } from './lead-status';
import type { LeadFacts } from './lead-status';
import type { LinkClaims } from '../links/signed-links';
import { formatPickupDate, isIsoDate, usToday } from '#contract/core/calendar-date';
import { JOB_BOOKED_STATUSES } from '#contract/loop/jobs';
import { offAsked } from '#contract/loop/quote-cards';
import type { AskedPickup } from '#contract/loop/quote-cards';
import {
  LOAD_SIZE_LABELS,
  PICKUP_DAY_LABELS,
  PICKUP_WINDOW_LABELS,
} from '#contract/booking/job-choices';
import type { LoadSize } from '#contract/booking/job-choices';
import type {
  HaulerLeadView,
  JobDetails,
  LeadStatus,
  LeadView,
  LeadViewBase,
  QuoteView,
  WaitingView,
} from '#contract/loop/quote-loop';

/** A lead's number of issued quotes; older leads kept only their one quote's number. */
function quoteCount(lead: Lead): number {
  if (lead.quoteCount !== undefined) return lead.quoteCount;
  return Math.max(0, ...storedQuotes(lead).map((quote) => quote.number));
}

/** `unavailableHaulers`: see unavailableHaulers (quote-availability.ts); none when left out. */
export function leadFacts(lead: Lead, unavailableHaulers?: ReadonlySet<string>): LeadFacts {
  return {
    status: lead.status,
    quotes: storedQuotes(lead),
    quoteCount: quoteCount(lead),
    ...(unavailableHaulers === undefined ? {} : { unavailableHaulers }),
  };
}

/**
 * The view of a stored quote: who sent it stays on the server. With `facts` and `now`, a live
 * quote says why it cannot be accepted, if it cannot.
 */
export function quoteView(quote: StoredQuote, facts?: LeadFacts, now?: Date): QuoteView {
  const { haulerId: _haulerId, offer: _offer, ...view } = quote;
  const why =
    quote.state === 'live' && facts !== undefined ? unacceptable(quote, facts, now) : undefined;
  return why === undefined ? view : { ...view, unacceptable: why };
}

function mediaSummary(lead: Lead): string {
  if (lead.request.videoUrl !== undefined) return '1 video';
  const count = lead.request.photoUrls.length;
  return count === 1 ? '1 photo' : `${count} photos`;
}

/** An optional form value as text: a string, or an object's string parts joined. */
function text(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'object' && value !== null) {
    const parts = Object.values(value).filter(
      (part): part is string => typeof part === 'string' && part.trim() !== '',
    );
    return parts.length > 0 ? parts.join(', ') : undefined;
  }
  return undefined;
}

/** The value itself when the map does not know it. */
function labelOf<K extends string>(labels: Record<K, string>, value: string): string {
  return Object.hasOwn(labels, value) ? labels[value as K] : value;
}

const LOAD_SIZE_NAMES = Object.fromEntries(
  Object.entries(LOAD_SIZE_LABELS).map(([size, { label }]) => [size, label]),
) as Record<LoadSize, string>;

/** In the words the form showed the homeowner. */
export function requestDetails(
  request: Record<string, unknown>,
): Array<{ label: string; value: string }> {
  const details: Array<{ label: string; value: string }> = [];
  const loadSize = text(request.loadSize);
  if (loadSize !== undefined) {
    details.push({ label: 'Load size', value: labelOf(LOAD_SIZE_NAMES, loadSize) });
  }
  const day = text(request.pickupDay);
  const date = text(request.pickupDate);
  if (day !== undefined || date !== undefined) {
    // The date as the site writes dates: "Today" or "Tomorrow" was true only the day it was sent.
    let value = date ?? labelOf(PICKUP_DAY_LABELS, day ?? '');
    if (date !== undefined && isIsoDate(date)) value = formatPickupDate(date);
    details.push({ label: 'Preferred pickup', value });
  }
  const window = text(request.pickupWindow);
  if (window !== undefined) {
    details.push({ label: 'Preferred window', value: labelOf(PICKUP_WINDOW_LABELS, window) });
  }
  return details;
}

/** The day and window the homeowner asked for, when they chose either ("any time" is neither). */
export function askedPickup(
  request: Pick<Lead['request'], 'pickupDate' | 'pickupWindow'>,
): AskedPickup | undefined {
  const date =
    request.pickupDate !== undefined && isIsoDate(request.pickupDate)
      ? request.pickupDate
      : undefined;
  const window =
    request.pickupWindow === 'morning' || request.pickupWindow === 'afternoon'
      ? request.pickupWindow
      : undefined;
  if (date === undefined && window === undefined) return undefined;
  return { ...(date === undefined ? {} : { date }), ...(window === undefined ? {} : { window }) };
}

/** The hauler behind an offer link, as authoriseOffer found it. */
export interface OfferViewer {
  haulerId: string;
  businessName: string;
  /** The offer's 48 hours are over: no quote any more. */
  ended?: boolean;
}

function jobDetails(lead: Lead): JobDetails {
  const { request } = lead;
  return {
    city: request.city,
    state: request.state,
    zipCode: request.zipCode,
    description: request.description,
    photoUrls: request.photoUrls,
    ...(request.videoUrl === undefined ? {} : { videoUrl: request.videoUrl }),
    details: requestDetails(request as unknown as Record<string, unknown>),
  };
}

function haulerView(
  lead: Lead,
  base: Omit<LeadViewBase, 'can'>,
  viewer: OfferViewer,
  today: string,
  now: Date,
): HaulerLeadView {
  const facts = leadFacts(lead);
  const own = quoteOf(facts, { from: 'hauler', haulerId: viewer.haulerId });
  const accepted = acceptedQuote(facts);
  const booked = (JOB_BOOKED_STATUSES as readonly LeadStatus[]).includes(lead.status);
  const outcome = booked
    ? accepted !== undefined && accepted.number === own?.number
      ? 'won'
      : 'lost'
    : // A quote withdrawn ("I can't do this job") ends this hauler's part, whatever comes next.
      (lead.status === 'received' || lead.status === 'quoted') &&
        viewer.ended !== true &&
        own?.state !== 'withdrawn'
      ? 'open'
      : 'closed';
  const stored =
    own === undefined ? undefined : storedQuotes(lead).find((q) => q.number === own.number);
  const { request } = lead;
  return {
    reference: base.reference,
    status: base.status,
    receivedAt: base.receivedAt,
    history: base.history,
    ...(stored === undefined ? {} : { quote: quoteView(stored, facts, now) }),
    role: 'hauler',
    businessName: viewer.businessName,
    outcome,
    can: {
      quote:
        outcome === 'open' &&
        allowed('quote', facts, today, { sender: { from: 'hauler', haulerId: viewer.haulerId } }),
      accept: false,
      decline: false,
      cancel: false,
    },
    // Contact the homeowner wrote into the description too: only the accepted hauler reads it.
    request:
      outcome === 'won' ? jobDetails(lead) : jobDetailsWithoutContact(jobDetails(lead), request),
    // Only the hauler whose quote the homeowner accepted learns who they are.
    ...(outcome === 'won'
      ? { contact: { name: request.name, phone: request.phone, email: request.email } }
      : {}),
  };
}

export function leadView(
  lead: Lead,
  claims: LinkClaims,
  now: Date,
  viewer?: OfferViewer,
  unavailableHaulers?: ReadonlySet<string>,
): LeadView {
  const today = usToday(now);
  const facts = leadFacts(lead, unavailableHaulers);
  const quotes = storedQuotes(lead);
  const accepted = quotes.find((quote) => quote.state === 'accepted');
  const history = (lead.statusHistory ?? []).map(({ status, at }) => ({
    status: status as LeadStatus,
    at,
  }));
  const base = {
    reference: lead.reference,
    status: lead.status,
    receivedAt: lead.receivedAt,
    history,
  };
  if (claims.role === 'hauler') {
    if (viewer === undefined) throw new Error('A hauler view needs the hauler');
    return haulerView(lead, base, viewer, today, now);
  }
  const reason = lead.decision?.reason;
  const declineReason = reason !== undefined && reason !== '' ? { declineReason: reason } : {};
  if (claims.role === 'operations') {
    const { request } = lead;
    const own = quotes.filter((quote) => quote.from === 'operations').at(-1);
    return {
      ...base,
      ...declineReason,
      ...(own === undefined ? {} : { quote: quoteView(own) }),
      role: 'operations',
      quotes: quotes.map((quote) => quoteView(quote, facts, now)),
      can: {
        quote: allowed('quote', facts, today, { sender: { from: 'operations' } }),
        accept: false,
        decline: false,
        cancel: false,
      },
      request: {
        ...jobDetails(lead),
        name: request.name,
        phone: request.phone,
        email: request.email,
      },
    };
  }
  // Only homeowner links reach here (authorise admits no other); anything else reads as a view.
  const action =
    claims.action === 'accept' || claims.action === 'decline' || claims.action === 'price'
      ? claims.action
      : 'view';
  const linked = action === 'view' ? undefined : quotes.find((q) => q.number === claims.quote);
  // An accept link may book another of the quotes it lists: once one is accepted, that is the one.
  const shown = action === 'accept' ? (accepted ?? linked) : (linked ?? accepted);
  // An accept link lands on every live quote, not its own alone: no email hides a cheaper one.
  const acceptable =
    action === 'decline' || action === 'price'
      ? []
      : quotes
          .filter((quote) => allowed('accept', facts, today, { quoteNumber: quote.number, now }))
          .map((quote) => quote.number);
  const asked = askedPickup(lead.request);
  const homeownerQuote = (quote: StoredQuote): QuoteView => {
    const view = quoteView(quote, facts, now);
    const off = offAsked(quote, asked);
    return off === undefined ? view : { ...view, offAsked: off };
  };
  return {
    ...base,
    ...declineReason,
    ...(shown === undefined ? {} : { quote: homeownerQuote(shown) }),
    role: 'homeowner',
    action,
    quotes: quotes
      .filter((quote) => quote.state === 'live' || quote.state === 'accepted')
      .map(homeownerQuote),
    acceptable,
    can: {
      quote: false,
      accept: action === 'accept' && linked !== undefined && acceptable.includes(linked.number),
      decline:
        action === 'decline' &&
        linked !== undefined &&
        allowed('decline', facts, today, { quoteNumber: linked.number }),
      cancel: action === 'view' && allowed('cancel', facts, today),
    },
    // Their own request, as a page that may be forwarded shows it: no contact they typed into it.
    request: {
      ...jobDetailsWithoutContact(jobDetails(lead), lead.request),
      media: mediaSummary(lead),
      ...(asked === undefined ? {} : { asked }),
    },
    ...withWaiting(lead, now),
  };
}

function withWaiting(lead: Lead, now: Date): { waiting?: WaitingView } {
  const waiting = waitingView(lead, now);
  return waiting === undefined ? {} : { waiting };
}
