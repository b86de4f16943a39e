import { describe, expect, it } from 'vitest';
import { localDateTime } from '../core/en-us-format';
import { JOB_TEXTS } from './jobs';
import type { JobView } from './jobs';
import type { HomeownerLeadView, LeadStatus, QuoteView, WaitingView } from './quote-loop';
import { REQUEST_STATUS_TEXTS, requestStatus } from './request-status';

const when = (iso: string) => localDateTime(new Date(iso), { weekday: true });

const quote = (number: number, state: QuoteView['state'] = 'live'): QuoteView => ({
  number,
  from: 'hauler',
  state,
  priceDollars: 180,
  pickupDate: '2026-12-03',
  pickupWindow: 'morning',
  hauler: 'Desert Haul Co',
  sentAt: '2026-11-26T14:00:00.000Z',
});

const waiting = (kind: WaitingView['kind'], haulers = 0): WaitingView => ({
  kind,
  haulers,
  since: '2026-11-26T13:00:00.000Z',
  teamAt: '2026-11-26T14:00:00.000Z',
  endsAt: '2026-11-28T13:00:00.000Z',
});

const received: HomeownerLeadView = {
  role: 'homeowner',
  action: 'view',
  reference: '5B1E0C2D',
  status: 'received',
  receivedAt: '2026-11-26T13:00:00.000Z',
  history: [],
  quotes: [],
  acceptable: [],
  can: { quote: false, accept: false, decline: false, cancel: true },
  request: {
    city: 'Phoenix',
    state: 'Arizona',
    zipCode: '85001',
    media: '2 photos',
    description: 'A couch',
    photoUrls: [],
    details: [],
  },
};

const job = (over: Partial<JobView> = {}): JobView => ({
  priceDollars: 180,
  afterPhotos: 0,
  priceChanges: [],
  hauler: { businessName: 'Desert Haul Co', phone: '(602) 555-0100' },
  can: {
    address: true,
    onMyWay: false,
    done: false,
    cantDo: false,
    priceChange: false,
    decidePrice: false,
    report: true,
    rate: false,
  },
  ...over,
});

const bookedAs = (status: LeadStatus, over: Partial<JobView> = {}) => ({
  ...received,
  status,
  quote: quote(1, 'accepted'),
  quotes: [quote(1, 'accepted')],
  job: job(over),
});

const can = (over: Partial<JobView['can']>) => ({ ...job().can, ...over });

describe('the request page’s status line', () => {
  it('says haulers near the ZIP are being found before the first round, and when the team is told', () => {
    const status = requestStatus({ ...received, waiting: waiting('finding') });
    expect(status).toMatchObject({ tone: 'waiting', title: 'Finding haulers near 85001' });
    expect(status.text).toContain(`If no hauler has quoted by ${when('2026-11-26T14:00:00.000Z')}`);
    expect(status.action).toBeUndefined();
  });

  it('names how many haulers were sent the request and by when the team takes it up', () => {
    const status = requestStatus({ ...received, waiting: waiting('offered', 3) });
    expect(status.title).toBe('Sent to 3 nearby haulers');
    expect(status.text).toContain('We sent your request to 3 nearby haulers near 85001');
    expect(status.text).toContain(when('2026-11-26T14:00:00.000Z'));
  });

  it('says one hauler in the singular', () => {
    expect(requestStatus({ ...received, waiting: waiting('offered', 1) }).title).toBe(
      'Sent to 1 nearby hauler',
    );
  });

  it('says plainly that no hauler covers the ZIP, that the team was told and until when offers go on', () => {
    const status = requestStatus({ ...received, waiting: waiting('no-hauler') });
    expect(status.title).toBe('No hauler near 85001 works with us yet');
    expect(status.text).toContain(`Our team was told at ${when('2026-11-26T14:00:00.000Z')}`);
    expect(status.text).toContain(`Until ${when('2026-11-28T13:00:00.000Z')}`);
    expect(status.text).not.toMatch(/looking/);
  });

  it('says nobody quoted once the offers have ended, and offers to cancel', () => {
    const status = requestStatus({ ...received, waiting: waiting('ended', 3) });
    expect(status.title).toBe('No hauler has quoted');
    expect(status.text).toContain(when('2026-11-28T13:00:00.000Z'));
  });

  it('promises no time when the page does not know where the offers stand', () => {
    const status = requestStatus(received);
    expect(status.title).toBe('Finding haulers near 85001');
    expect(status.text).not.toContain('quoted by');
  });

  it('asks to compare and accept when quotes are in', () => {
    const status = requestStatus({
      ...received,
      status: 'quoted',
      quotes: [quote(1), quote(2)],
      acceptable: [1, 2],
    });
    expect(status).toMatchObject({
      tone: 'action',
      title: '2 quotes are in: compare and accept one',
      action: { kind: 'compare', label: 'Compare your quotes' },
    });
    expect(status.priceDollars).toBeUndefined();
  });

  it('asks to review the one quote when one is in', () => {
    const status = requestStatus({
      ...received,
      status: 'quoted',
      quotes: [quote(1)],
      acceptable: [1],
    });
    expect(status.title).toBe('A quote is in: review and accept it');
    expect(status.action).toEqual({ kind: 'compare', label: 'See your quote' });
  });

  it('says why nothing can be accepted when no live quote is acceptable', () => {
    const status = requestStatus({ ...received, status: 'quoted', quotes: [quote(1)] });
    expect(status).toMatchObject({ tone: 'waiting', ...REQUEST_STATUS_TEXTS.noneAcceptable });
    expect(status.action).toBeUndefined();
  });

  it('asks for the address once booked without one, with the price and the pickup', () => {
    const status = requestStatus(bookedAs('accepted'));
    expect(status).toMatchObject({
      tone: 'action',
      title: 'Booked: give the address',
      priceDollars: 180,
      action: { kind: 'address', label: 'Give the address' },
    });
    expect(status.text).toContain('Desert Haul Co comes Thu, Dec 3, morning');
  });

  it('offers a call to the hauler once the address is given', () => {
    const status = requestStatus(
      bookedAs('accepted', { address: { street: '1 Main St' }, can: can({ address: true }) }),
    );
    expect(status).toMatchObject({
      tone: 'waiting',
      title: 'Booked for Thu, Dec 3, morning',
      action: { kind: 'call', label: 'Call Desert Haul Co', phone: '(602) 555-0100' },
    });
  });

  it('asks to answer a pending price change before anything else, with the price still the old one', () => {
    const status = requestStatus(
      bookedAs('accepted', {
        can: can({ decidePrice: true }),
        priceChanges: [
          {
            number: 1,
            priceDollars: 240,
            fromDollars: 180,
            reason: 'Heavier',
            state: 'pending',
            at: '2026-11-27T10:00:00.000Z',
          },
        ],
      }),
    );
    expect(status).toMatchObject({
      title: 'Your hauler asks for a new price',
      priceDollars: 180,
      action: { kind: 'price' },
    });
    expect(status.text).toBe('From $180 to $240. Until you approve it, the price stays $180.');
  });

  it('shows the price now once an approved change moved it', () => {
    expect(requestStatus(bookedAs('accepted', { priceDollars: 240 })).priceDollars).toBe(240);
  });

  it('says the hauler is on the way with a call to their phone', () => {
    const status = requestStatus(
      bookedAs('on-the-way', {
        onTheWayAt: '2026-12-03T15:10:00.000Z',
        can: can({ address: false }),
      }),
    );
    expect(status.title).toBe('Your hauler is on the way');
    expect(status.text).toBe(
      `Desert Haul Co has been on the way since ${when('2026-12-03T15:10:00.000Z')}.`,
    );
    expect(status.action).toEqual({
      kind: 'call',
      label: 'Call Desert Haul Co',
      phone: '(602) 555-0100',
    });
  });

  it('offers no call when the page has no phone for the hauler', () => {
    const status = requestStatus(
      bookedAs('on-the-way', { hauler: { businessName: 'Desert Haul Co' } }),
    );
    expect(status.action).toBeUndefined();
  });

  it('asks for a rating once the job is done', () => {
    const status = requestStatus(
      bookedAs('done', { doneAt: '2026-12-03T17:00:00.000Z', can: can({ rate: true }) }),
    );
    expect(status).toMatchObject({
      tone: 'action',
      title: 'Done: how did it go?',
      action: { kind: 'rate', label: JOB_TEXTS.rate },
    });
  });

  it('thanks the homeowner once rated', () => {
    const status = requestStatus(
      bookedAs('done', { rating: { stars: 5, at: '2026-12-03T18:00:00.000Z' } }),
    );
    expect(status).toMatchObject({ tone: 'done', ...REQUEST_STATUS_TEXTS.rated });
  });

  it('says done without asking when the rating time is over', () => {
    const status = requestStatus(bookedAs('done', { can: can({ rate: false }) }));
    expect(status).toMatchObject({ tone: 'done', ...REQUEST_STATUS_TEXTS.done });
    expect(status.action).toBeUndefined();
  });

  it.each([
    ['cancelled', REQUEST_STATUS_TEXTS.cancelled],
    ['declined', REQUEST_STATUS_TEXTS.declined],
  ] as const)('says a %s request is closed, with nothing to do', (status, texts) => {
    const line = requestStatus({ ...received, status });
    expect(line).toEqual({ tone: 'closed', ...texts });
  });

  it('has a line for every status', () => {
    const statuses: LeadStatus[] = [
      'received',
      'quoted',
      'accepted',
      'on-the-way',
      'done',
      'declined',
      'cancelled',
    ];
    for (const status of statuses) {
      expect(requestStatus(bookedAs(status)).title).not.toBe('');
    }
  });
});
