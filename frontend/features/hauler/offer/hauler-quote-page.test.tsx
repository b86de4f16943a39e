import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HaulerQuotePage } from './hauler-quote-page';
import { JOB_TEXTS } from '#contract/loop/jobs';
import { HAULER_PAGE_PATHS } from '#contract/core/pages';
import type { HaulerLeadView, OfferJobPage } from '#contract/loop/quote-loop';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function won(jobPage: OfferJobPage, status: HaulerLeadView['status'] = 'accepted'): HaulerLeadView {
  return {
    role: 'hauler',
    reference: '5B1E0C2D',
    status,
    receivedAt: '2026-11-26T13:00:00.000Z',
    history: [{ status: 'received', at: '2026-11-26T13:00:00.000Z' }],
    businessName: 'Desert Haul Co',
    outcome: status === 'cancelled' ? 'closed' : 'won',
    quote: {
      number: 1,
      from: 'hauler',
      state: 'accepted',
      priceDollars: 285,
      pickupDate: '2026-11-28',
      pickupWindow: 'morning',
      hauler: 'Desert Haul Co',
      sentAt: '2026-11-26T14:00:00.000Z',
    },
    can: { quote: false, accept: false, decline: false, cancel: false },
    request: {
      city: 'Phoenix',
      state: 'Arizona',
      zipCode: '85001',
      description: 'A sofa',
      photoUrls: [],
      details: [],
    },
    ...(status === 'cancelled'
      ? {}
      : { contact: { name: 'Ann Homeowner', phone: '602-555-0100', email: 'ann@example.com' } }),
    jobPage,
  };
}

function open(lead: HaulerLeadView) {
  vi.stubGlobal('fetch', () => Promise.resolve(json(200, { lead })));
  render(<HaulerQuotePage />);
}

beforeEach(() => {
  window.location.hash = '#t=hauler-offer-token';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the winning hauler’s offer page', () => {
  it('leads to the job page and states the price an approved change set, not the quote’s', async () => {
    open(won({ token: 'JOB-TOKEN', status: 'accepted', priceDollars: 310 }));
    const link = await screen.findByRole('link', { name: JOB_TEXTS.openJobPage });
    expect(link).toHaveAttribute('href', `${HAULER_PAGE_PATHS.job}#t=JOB-TOKEN`);
    const job = screen.getByRole('region', { name: 'Your job' });
    expect(job).toHaveTextContent('Booked');
    expect(job).toHaveTextContent('$310 flat');
    const quote = screen.getByRole('region', { name: 'Your accepted quote' });
    expect(quote).toHaveTextContent('$310 flat rate');
    expect(quote).toHaveTextContent('Changed from $285 by an approved price change');
  });

  it('says when the job is done', async () => {
    const doneAt = '2026-11-28T18:05:00.000Z';
    open(won({ token: 'JOB-TOKEN', status: 'done', priceDollars: 285, doneAt }, 'done'));
    const job = await screen.findByRole('region', { name: 'Your job' });
    expect(job).toHaveTextContent(/^Your jobStatusDone on /);
    expect(screen.getByText(/^This job is done/)).toHaveAttribute('role', 'status');
  });

  it('once the homeowner cancels, says not to go at the top, and offers no link and no quote', async () => {
    open(
      won(
        { status: 'cancelled', priceDollars: 285, cancelledAt: '2026-11-27T17:00:00.000Z' },
        'cancelled',
      ),
    );
    const banner = await screen.findByRole('region', { name: JOB_TEXTS.cancelledHeading });
    expect(banner).toHaveTextContent(
      /^Cancelled: do not goThe homeowner cancelled this pickup on /,
    );
    expect(screen.getAllByRole('heading', { level: 2 })[0]).toBe(
      within(banner).getByRole('heading'),
    );
    expect(screen.queryByRole('link', { name: JOB_TEXTS.openJobPage })).toBeNull();
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByText(/Ann Homeowner/)).toBeNull();
  });
});
