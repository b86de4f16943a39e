import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestPage as RequestPageType } from './request-page';
import { API_PATHS } from '#contract/core/api';
import { JOB_TEXTS } from '#contract/loop/jobs';
import type { JobView, LeadWithJob } from '#contract/loop/jobs';
import type { HomeownerLeadView, QuoteView } from '#contract/loop/quote-loop';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const quote = (number: number, hauler: string, priceDollars: number): QuoteView => ({
  number,
  from: 'hauler',
  state: 'live',
  priceDollars,
  pickupDate: '2026-12-03',
  pickupWindow: 'morning',
  hauler,
  sentAt: '2026-11-26T14:00:00.000Z',
  rating: { kind: 'new', count: 0 },
});

const comparing: HomeownerLeadView = {
  role: 'homeowner',
  action: 'view',
  reference: '5B1E0C2D',
  status: 'quoted',
  receivedAt: '2026-11-26T13:00:00.000Z',
  history: [
    { status: 'received', at: '2026-11-26T13:00:00.000Z' },
    { status: 'quoted', at: '2026-11-26T14:00:00.000Z' },
  ],
  quotes: [quote(1, 'Desert Haul Co', 180), quote(2, 'Valley Junk LLC', 150)],
  acceptable: [1, 2],
  can: { quote: false, accept: true, decline: true, cancel: true },
  request: {
    city: 'Phoenix',
    state: 'Arizona',
    zipCode: '85001',
    media: '2 photos',
    description: 'An old couch and two mattresses in the garage.',
    photoUrls: ['/quote-photos/s/1_1.jpg', '/quote-photos/s/1_2.jpg'],
    details: [{ label: 'Load size', value: 'Small load' }],
  },
};

const job: JobView = {
  priceDollars: 150,
  afterPhotos: 0,
  priceChanges: [],
  hauler: { businessName: 'Valley Junk LLC' },
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
};

const booked: LeadWithJob = {
  ...comparing,
  status: 'accepted',
  quotes: [{ ...quote(2, 'Valley Junk LLC', 150), state: 'accepted' }],
  acceptable: [],
  quote: { ...quote(2, 'Valley Junk LLC', 150), state: 'accepted' },
  job,
};

/** Every text the page announces as a status from now on, in order. */
function statusTexts(): string[] {
  const seen: string[] = [];
  const observer = new MutationObserver(() => {
    for (const status of document.querySelectorAll('[role=status]')) {
      const text = status.textContent ?? '';
      if (seen.at(-1) !== text) seen.push(text);
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  observers.push(observer);
  return seen;
}

const observers: MutationObserver[] = [];

// A fresh module each time: a lazy component that has loaded once never waits again.
let RequestPage: typeof RequestPageType;
beforeEach(async () => {
  vi.resetModules();
  ({ RequestPage } = await import('./request-page'));
  window.location.hash = '#t=homeowner-view-token';
});
afterEach(() => {
  for (const observer of observers.splice(0)) observer.disconnect();
  vi.unstubAllGlobals();
  vi.doUnmock('./job/job-panel');
});

describe('the request page', () => {
  it('opens on where the request stands and its one next step, then the request itself', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(json(200, { lead: comparing })));
    render(<RequestPage />);
    const line = await screen.findByRole('region', {
      name: '2 quotes are in: compare and accept one',
    });
    expect(within(line).getByRole('link', { name: 'Compare your quotes' })).toHaveAttribute(
      'href',
      '#section-quotes',
    );
    const mine = screen.getByRole('region', { name: 'Your request' });
    expect(mine).toHaveTextContent('An old couch and two mattresses in the garage.');
    expect(within(mine).getAllByRole('img')).toHaveLength(2);
    // Before every other part of the page.
    const regions = screen.getAllByRole('region');
    expect(regions.indexOf(line)).toBe(0);
  });

  it('shows no status line on a link that asks one thing (accept, decline, a price)', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        json(200, {
          lead: { ...comparing, action: 'accept', quote: quote(1, 'Desert Haul Co', 180) },
        }),
      ),
    );
    render(<RequestPage />);
    expect(await screen.findByRole('region', { name: 'Accept this quote?' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /quotes are in/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Your request' })).toBeNull();
  });

  it('shows a request with a job only once its panel has loaded, all of it at once', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(json(200, { lead: booked })));
    const seenPartly = vi.fn();
    const observer = new MutationObserver(() => {
      const reference = screen.queryByText(/Reference/);
      const panel = screen.queryByRole('region', { name: 'Pickup address' });
      if (reference !== null && panel === null) seenPartly();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    observers.push(observer);
    render(<RequestPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the request…');
    expect(await screen.findByRole('region', { name: 'Pickup address' })).toBeInTheDocument();
    expect(screen.getByText(/Reference/)).toHaveTextContent('Reference 5B1E0C2D');
    // The request's facts never showed without the panel that pushes the status down.
    expect(seenPartly).not.toHaveBeenCalled();
  });

  it('keeps the request on screen, with a sentence, when the job’s part cannot load', async () => {
    vi.doMock('./job/job-panel', () => {
      throw new Error('The connection dropped');
    });
    vi.stubGlobal('fetch', () => Promise.resolve(json(200, { lead: booked })));
    render(<RequestPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your pickup’s details did not load. Please reload this page.',
    );
    expect(screen.getByText(/Reference/)).toHaveTextContent('Reference 5B1E0C2D');
    expect(screen.getByRole('region', { name: 'Status' })).toBeInTheDocument();
  });

  it('keeps the quotes on screen while an accepted quote’s job loads, then shows the outcome and the job together', async () => {
    const fetchMock = vi.fn((path: string) =>
      Promise.resolve(json(200, { lead: path === API_PATHS.lead ? comparing : booked })),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<RequestPage />);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Accept this quote: Valley Junk LLC: $150' }),
    );
    const statuses = statusTexts();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm: accept this quote' }));
    const outcome = await screen.findByText(
      /^You accepted the quote of \$150 from Valley Junk LLC/,
    );
    expect(screen.getByRole('region', { name: 'Pickup address' })).toBeInTheDocument();
    expect(outcome).toHaveAttribute('role', 'status');
    expect(fetchMock).toHaveBeenLastCalledWith(API_PATHS.decideQuote, expect.anything());
    // The page never fell back to its loading text: the request stayed in view throughout.
    expect(statuses.filter((text) => text.includes('Loading the request'))).toEqual([]);
  });

  it('opens the accept question in the card whose Accept was pressed, not under another', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(json(200, { lead: comparing })));
    render(<RequestPage />);
    const first = await screen.findByRole('listitem', { name: 'Desert Haul Co: $180' });
    const second = screen.getByRole('listitem', { name: 'Valley Junk LLC: $150' });
    fireEvent.click(within(first).getByRole('button', { name: /^Accept this quote/ }));
    const confirm = within(first).getByRole('button', { name: 'Confirm: accept this quote' });
    expect(within(first).getByText('Accept Desert Haul Co’s quote of $180?')).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: 'Confirm: accept this quote' })).toBeNull();
    await waitFor(() => expect(confirm).toHaveFocus());
  });
});

describe('the accept landing (an email’s "Accept this quote")', () => {
  it('lists every live quote: its own first with the question asked, the others each with an Accept', async () => {
    window.location.hash = '#t=homeowner-accept-token';
    const landing: HomeownerLeadView = {
      ...comparing,
      action: 'accept',
      quote: quote(1, 'Desert Haul Co', 180),
    };
    vi.stubGlobal('fetch', () => Promise.resolve(json(200, { lead: landing })));
    render(<RequestPage />);
    const opened = await screen.findByRole('listitem', { name: 'Desert Haul Co: $180' });
    const cheaper = screen.getByRole('listitem', { name: 'Valley Junk LLC: $150' });
    expect(screen.getAllByRole('listitem')[0]).toBe(opened);
    expect(
      within(opened).getByRole('button', { name: 'Confirm: accept this quote' }),
    ).toBeVisible();
    expect(within(cheaper).getByRole('button', { name: /^Accept this quote/ })).toBeVisible();
    expect(
      screen.getByText('Another open quote is lower: compare them before you accept.'),
    ).toBeVisible();
  });
});

describe('the request page once a price change is approved', () => {
  const changed: LeadWithJob = {
    ...booked,
    job: {
      ...job,
      priceDollars: 175,
      priceChanges: [
        {
          number: 1,
          priceDollars: 175,
          fromDollars: 150,
          reason: 'A second sofa',
          state: 'approved',
          at: '2026-11-27T10:00:00.000Z',
          answeredAt: '2026-11-27T11:00:00.000Z',
        },
      ],
    },
  };

  it('states the job’s price now at the top, wherever it states a price', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(json(200, { lead: changed })));
    render(<RequestPage />);
    const card = await screen.findByRole('listitem', { name: 'Valley Junk LLC: $175' });
    expect(card).toHaveTextContent('$175 flat rate');
    expect(card).toHaveTextContent('Changed from $150 by an approved price change');
    expect(screen.queryByRole('listitem', { name: 'Valley Junk LLC: $150' })).toBeNull();
  });

  it('states it on the accept link opened again, beside what was accepted', async () => {
    window.location.hash = '#t=homeowner-accept-token';
    const acceptLink: LeadWithJob = {
      ...changed,
      action: 'accept',
      can: { ...changed.can, accept: false },
    };
    vi.stubGlobal('fetch', () => Promise.resolve(json(200, { lead: acceptLink })));
    render(<RequestPage />);
    const quote = await screen.findByRole('region', { name: 'Your quote' });
    expect(quote).toHaveTextContent('$175 flat rate');
    expect(screen.getByText(/^You accepted the quote of \$150/)).toHaveTextContent(
      'the price is now $175',
    );
  });
});

describe('a link from an email button that names a part of the page', () => {
  const done: LeadWithJob = {
    ...booked,
    status: 'done',
    job: {
      ...job,
      doneAt: '2026-11-28T18:00:00.000Z',
      receipt: {
        facility: 'Salt River',
        contentType: 'image/jpeg',
        at: '2026-11-28T18:00:00.000Z',
      },
      can: { ...job.can, address: false, rate: true },
    },
  };

  it('lands on “Rate your hauler” with its heading focused', async () => {
    window.location.hash = '#t=homeowner-view-token&section=rate';
    vi.stubGlobal('fetch', () => Promise.resolve(json(200, { lead: done })));
    render(<RequestPage />);
    const heading = await screen.findByRole('heading', { name: JOB_TEXTS.rate });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('lands on the receipt with its heading focused', async () => {
    window.location.hash = '#t=homeowner-view-token&section=receipt';
    vi.stubGlobal('fetch', () => Promise.resolve(json(200, { lead: done })));
    render(<RequestPage />);
    const heading = await screen.findByRole('heading', { name: 'Disposal receipt' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(
      within(screen.getByRole('region', { name: 'Disposal receipt' })).getByRole('button', {
        name: JOB_TEXTS.viewReceipt,
      }),
    ).toBeInTheDocument();
  });
});
