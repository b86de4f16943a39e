// The request page's views for its component tests: one request in Phoenix with one quote.
import type { HomeownerLeadView, QuoteView } from '#contract/loop/quote-loop';

/** A JSON answer of the API, as fetch resolves it. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Valley Junk LLC's $150 quote for the morning of 2026-12-03, in `state`. */
export const valleyQuote = (state: QuoteView['state']): QuoteView => ({
  number: 1,
  from: 'hauler',
  state,
  priceDollars: 150,
  pickupDate: '2026-12-03',
  pickupWindow: 'morning',
  hauler: 'Valley Junk LLC',
  sentAt: '2026-11-26T14:00:00.000Z',
  rating: { kind: 'new', count: 0 },
});

/** The homeowner's view of request 5B1E0C2D with `quote`, quoted and open to accept it. */
export const quotedView = (
  quote: QuoteView,
  payments: HomeownerLeadView['payments'],
): HomeownerLeadView => ({
  role: 'homeowner',
  action: 'view',
  reference: '5B1E0C2D',
  status: 'quoted',
  receivedAt: '2026-11-26T13:00:00.000Z',
  history: [{ status: 'received', at: '2026-11-26T13:00:00.000Z' }],
  quotes: [quote],
  acceptable: [1],
  can: { quote: false, accept: true, decline: true, cancel: true },
  request: {
    city: 'Phoenix',
    state: 'Arizona',
    zipCode: '85001',
    media: '2 photos',
    description: 'An old couch.',
    photoUrls: [],
    details: [],
  },
  payments,
});
