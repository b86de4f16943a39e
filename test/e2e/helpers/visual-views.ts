/**
 * The signed pages' views as the visual suite shows them: one request, one hauler, fixed ids and
 * times, typed with the contract's own view types so a change to a view's shape fails to compile
 * here instead of drawing a stale page. `NOW` is the browser's clock in those tests (Phoenix keeps
 * no daylight saving time, so the local times read the same all year).
 */
import type { BookingResponse } from '#contract/booking/booking';
import { LOAD_SIZE_LABELS, PICKUP_WINDOW_LABELS } from '#contract/booking/job-choices';
import { formatPickupDate } from '#contract/core/calendar-date';
import type { HaulerAccountView } from '#contract/haulers/hauler-api';
import type { JobView, LeadWithJob } from '#contract/loop/jobs';
import type {
  HaulerLeadView,
  HomeownerLeadView,
  QuoteView,
  StatusStep,
} from '#contract/loop/quote-loop';

export const NOW = new Date('2026-12-01T16:00:00.000Z');
export const TIMEZONE = 'America/Phoenix';

/** Served for every photo of the request (the route in visual.spec.ts answers test/fixtures/media/photo.jpg). */
export const PHOTO_PREFIX = '/quote-photos/visual/';

const REFERENCE = 'V15UA140';
const RECEIVED = '2026-11-30T15:10:00.000Z';
const ASKED_DAY = '2026-12-05';

const request = {
  city: 'Phoenix',
  state: 'Arizona',
  zipCode: '85001',
  description:
    'An old sofa, two mattresses and a broken treadmill in the garage. Driveway parking is fine.',
  photoUrls: [`${PHOTO_PREFIX}1.jpg`, `${PHOTO_PREFIX}2.jpg`],
  // As the server words them (lambdas/shared/leads/lead-view.ts requestDetails).
  details: [
    { label: 'Load size', value: LOAD_SIZE_LABELS.half.label },
    { label: 'Preferred pickup', value: formatPickupDate(ASKED_DAY) },
    { label: 'Preferred window', value: PICKUP_WINDOW_LABELS.morning },
  ],
};

const valley: QuoteView = {
  number: 2,
  from: 'hauler',
  state: 'live',
  priceDollars: 240,
  pickupDate: ASKED_DAY,
  pickupWindow: 'morning',
  hauler: 'Valley Junk LLC',
  note: 'Two of us come, so the treadmill is no trouble.',
  sentAt: '2026-11-30T19:40:00.000Z',
  rating: { kind: 'rated', average: 4.8, count: 23 },
  haulerFacts: { insuredUntil: '2027-08-31', truck: 'box-truck', miles: 6, jobsDone: 31 },
};

const desert: QuoteView = {
  number: 1,
  from: 'hauler',
  state: 'live',
  priceDollars: 285,
  pickupDate: ASKED_DAY,
  pickupWindow: 'afternoon',
  hauler: 'Desert Haul Co',
  sentAt: '2026-11-30T17:25:00.000Z',
  rating: { kind: 'new', count: 1 },
  haulerFacts: { insuredUntil: '2027-03-31', truck: 'pickup-truck', miles: 14, jobsDone: 1 },
  offAsked: 'window',
};

const received: StatusStep = { status: 'received', at: RECEIVED };
const quoted: StatusStep = { status: 'quoted', at: desert.sentAt };
const accepted: StatusStep = { status: 'accepted', at: '2026-12-01T02:15:00.000Z' };
const onTheWay: StatusStep = { status: 'on-the-way', at: '2026-12-05T15:20:00.000Z' };
const done: StatusStep = { status: 'done', at: '2026-12-05T17:05:00.000Z' };

const homeowner: HomeownerLeadView = {
  role: 'homeowner',
  action: 'view',
  reference: REFERENCE,
  status: 'received',
  receivedAt: RECEIVED,
  history: [received],
  quotes: [],
  acceptable: [],
  can: { quote: false, accept: false, decline: false, cancel: true },
  request: { ...request, media: '2 photos', asked: { date: ASKED_DAY, window: 'morning' } },
};

const ask = {
  number: 1,
  text: 'Is the treadmill upstairs, or can we roll it out of the garage?',
  askedAt: '2026-11-30T18:05:00.000Z',
};

const noJob: JobView['can'] = {
  address: false,
  onMyWay: false,
  done: false,
  cantDo: false,
  priceChange: false,
  decidePrice: false,
  report: false,
  rate: false,
};

const bookedQuote: QuoteView = { ...valley, state: 'accepted' };
const bookedCan = { quote: false, accept: false, decline: false, cancel: true };
const address = { street: '4417 Quillfeather Lane', accessNotes: 'Side gate code 2468' };

/** The homeowner's request page, state by state. */
export const HOMEOWNER_VIEWS = {
  // A round ran and no hauler covers the ZIP: the team was told at once.
  'no-hauler': {
    ...homeowner,
    waiting: {
      kind: 'no-hauler',
      haulers: 0,
      since: '2026-11-30T15:11:00.000Z',
      teamAt: '2026-11-30T15:11:00.000Z',
      endsAt: '2026-12-02T15:11:00.000Z',
    },
  },
  // Lowest first (the server sorts), the dearer one for another window, a question to answer.
  compare: {
    ...homeowner,
    status: 'quoted',
    history: [received, quoted],
    quotes: [valley, desert],
    acceptable: [2, 1],
    can: { quote: false, accept: true, decline: true, cancel: true },
    questions: {
      list: [{ ...ask, askedBy: 'Desert Haul Co' }],
      can: { ask: false, answer: true },
    },
  },
  // The dearer quote's "Accept this quote" link: every live quote is shown beside it.
  'accept-dearer': {
    ...homeowner,
    action: 'accept',
    status: 'quoted',
    history: [received, quoted],
    quote: desert,
    quotes: [valley, desert],
    acceptable: [2, 1],
    can: { quote: false, accept: true, decline: true, cancel: true },
  },
  booked: {
    ...homeowner,
    status: 'accepted',
    history: [received, quoted, accepted],
    quote: bookedQuote,
    quotes: [bookedQuote],
    can: bookedCan,
    job: {
      priceDollars: 240,
      afterPhotos: 0,
      priceChanges: [],
      hauler: { businessName: valley.hauler },
      can: { ...noJob, address: true, report: true },
    },
  },
  // Booked, and the hold placed before the pickup was declined: the Payment card comes first.
  'hold-failed': {
    ...homeowner,
    status: 'accepted',
    history: [received, quoted, accepted],
    quote: bookedQuote,
    quotes: [bookedQuote],
    can: bookedCan,
    job: {
      priceDollars: 240,
      afterPhotos: 0,
      priceChanges: [],
      hauler: { businessName: valley.hauler },
      can: { ...noJob, address: true, report: true },
      money: 'hold-failed',
    },
  },
  'on-the-way': {
    ...homeowner,
    status: 'on-the-way',
    history: [received, quoted, accepted, onTheWay],
    quote: bookedQuote,
    quotes: [bookedQuote],
    can: { ...bookedCan, cancel: false },
    job: {
      priceDollars: 240,
      address,
      onTheWayAt: onTheWay.at,
      afterPhotos: 0,
      priceChanges: [],
      hauler: { businessName: valley.hauler, phone: '602-555-0142' },
      can: { ...noJob, report: true },
    },
  },
  'done-rate': {
    ...homeowner,
    status: 'done',
    history: [received, quoted, accepted, onTheWay, done],
    quote: bookedQuote,
    quotes: [bookedQuote],
    can: { ...bookedCan, cancel: false },
    job: {
      priceDollars: 240,
      address,
      onTheWayAt: onTheWay.at,
      doneAt: done.at,
      receipt: {
        facility: 'Phoenix 27th Ave Transfer Station',
        contentType: 'application/pdf',
        at: done.at,
      },
      afterPhotos: 2,
      priceChanges: [],
      hauler: { businessName: valley.hauler, phone: '602-555-0142' },
      can: { ...noJob, report: true, rate: true },
    },
  },
} as const satisfies Record<string, LeadWithJob & HomeownerLeadView>;

const hauler: HaulerLeadView = {
  role: 'hauler',
  reference: REFERENCE,
  status: 'quoted',
  receivedAt: RECEIVED,
  history: [received, quoted],
  businessName: 'Desert Haul Co',
  outcome: 'open',
  can: { quote: true, accept: false, decline: false, cancel: false },
  request,
};

/** The hauler's offer and job pages. */
export const HAULER_VIEWS = {
  // Nothing quoted yet: the form is filled from the day and window asked for.
  offer: {
    ...hauler,
    status: 'received',
    history: [received],
    offer: {
      miles: 14,
      estimate: '$250–$400',
      asked: { pickupDate: ASKED_DAY, pickupWindow: 'morning' },
    },
    questions: {
      list: [
        {
          ...ask,
          yours: true,
          answer: {
            text: 'It is in the garage, on the ground floor.',
            at: '2026-11-30T20:30:00.000Z',
          },
        },
      ],
      can: { ask: true, answer: false },
      left: 2,
    },
  },
  // Booked, the address given: the driver's bar offers "On my way".
  job: {
    ...hauler,
    businessName: valley.hauler,
    status: 'accepted',
    history: [received, quoted, accepted],
    outcome: 'won',
    quote: bookedQuote,
    can: { quote: false, accept: false, decline: false, cancel: false },
    contact: { name: 'Ann Homeowner', phone: '602-555-0100', email: 'ann@example.com' },
    job: {
      priceDollars: 240,
      address,
      afterPhotos: 0,
      priceChanges: [],
      can: { ...noJob, onMyWay: true, done: true, cantDo: true, priceChange: true },
    },
  },
  // The same job while the homeowner's hold has failed: the price card says so.
  'job-hold-failed': {
    ...hauler,
    businessName: valley.hauler,
    status: 'accepted',
    history: [received, quoted, accepted],
    outcome: 'won',
    quote: bookedQuote,
    can: { quote: false, accept: false, decline: false, cancel: false },
    contact: { name: 'Ann Homeowner', phone: '602-555-0100', email: 'ann@example.com' },
    job: {
      priceDollars: 240,
      address,
      afterPhotos: 0,
      priceChanges: [],
      can: { ...noJob, onMyWay: true, done: true, cantDo: true, priceChange: true },
      money: 'hold-failed',
    },
  },
} as const satisfies Record<string, LeadWithJob & HaulerLeadView>;

/** The hauler's home: a booked job, an open offer, quotes sent and a done job. */
export const HAULER_ACCOUNT: HaulerAccountView = {
  hauler: {
    haulerId: 'visual-hauler',
    status: 'active',
    businessName: 'Valley Junk LLC',
    name: 'Maria Lopez',
    email: 'maria@valleyjunk.example',
    phone: '602-555-0142',
    baseZipCode: '85004',
    serviceRadiusMiles: 25,
    truck: 'box-truck',
    insuranceExpiresOn: '2027-08-31',
    appliedAt: '2026-09-14T17:00:00.000Z',
    emailConfirmedAt: '2026-09-14T17:05:00.000Z',
    approvedAt: '2026-09-16T15:00:00.000Z',
  },
  coverage: [
    { zipCode: '85004', city: 'Phoenix', state: 'Arizona', miles: 0 },
    { zipCode: '85001', city: 'Phoenix', state: 'Arizona', miles: 6 },
    { zipCode: '85281', city: 'Tempe', state: 'Arizona', miles: 9 },
  ],
  renewalPending: false,
  can: { changeDetails: true, pause: true, resume: false, renewCertificate: true },
  rating: { kind: 'rated', average: 4.8, count: 23 },
  strikes: [],
  work: {
    booked: [
      {
        reference: REFERENCE,
        place: '85001 · Phoenix, Arizona',
        page: 'job',
        token: 'visual-job',
        priceDollars: 240,
        pickupDate: ASKED_DAY,
        pickupWindow: 'morning',
        status: 'accepted',
      },
    ],
    offers: [
      {
        reference: 'K7Q2M9XD',
        place: '85281 · Tempe, Arizona',
        page: 'offer',
        token: 'visual-offer',
        miles: 9,
        load: 'Quarter truck · est. $150–$250',
        asked: 'Mon, Dec 7, afternoon',
        endsAt: '2026-12-03T01:00:00.000Z',
      },
    ],
    quotes: [
      {
        reference: 'P3H8W1ZC',
        place: '85004 · Phoenix, Arizona',
        page: 'offer',
        token: 'visual-quote',
        priceDollars: 180,
        pickupDate: '2026-12-04',
        pickupWindow: 'afternoon',
        outcome: 'waiting',
        sentAt: '2026-11-30T22:00:00.000Z',
      },
      {
        reference: 'T6N4B2RJ',
        place: '85006 · Phoenix, Arizona',
        page: 'offer',
        token: 'visual-lost',
        priceDollars: 320,
        pickupDate: '2026-12-02',
        pickupWindow: 'morning',
        outcome: 'went-elsewhere',
        sentAt: '2026-11-29T16:30:00.000Z',
      },
    ],
    done: [
      {
        reference: 'D9F5C3LA',
        place: '85004 · Phoenix, Arizona',
        page: 'job',
        token: 'visual-done',
        priceDollars: 210,
        pickupDate: '2026-11-27',
        pickupWindow: 'morning',
        status: 'done',
        doneAt: '2026-11-27T18:20:00.000Z',
        stars: 5,
      },
    ],
    offersHidden: false,
  },
};

/** What send-booking-emails answers the quote form in the confirmation's test. */
export const SUBMITTED: BookingResponse = {
  ok: true,
  reference: REFERENCE,
  requestLink: 'https://example.com/request#t=visual-request',
};
