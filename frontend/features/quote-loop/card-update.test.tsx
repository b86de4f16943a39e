import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, quotedView, valleyQuote } from '../../../test/support/testing-request-page';
import type { RequestPage as RequestPageType } from './request-page';
import { API_PATHS } from '#contract/core/api';
import { JOB_API_PATHS } from '#contract/loop/jobs';
import type { JobView, LeadWithJob } from '#contract/loop/jobs';
import { CARD_UPDATE_TEXTS, MONEY_STATE_TEXTS } from '#contract/money/payments';
import type { MoneyState } from '#contract/money/payments';

const quote = valleyQuote('accepted');

const job = (money?: MoneyState): JobView => ({
  priceDollars: 150,
  afterPhotos: 0,
  priceChanges: [],
  can: {
    address: true,
    onMyWay: false,
    done: false,
    cantDo: false,
    priceChange: false,
    decidePrice: false,
    report: false,
    rate: false,
  },
  ...(money === undefined ? {} : { money }),
});

const booked = (money?: MoneyState): LeadWithJob => ({
  ...quotedView(quote, 'on'),
  status: 'accepted',
  quote,
  acceptable: [],
  can: { quote: false, accept: false, decline: false, cancel: true },
  job: job(money),
});

let RequestPage: typeof RequestPageType;

beforeEach(async () => {
  vi.resetModules();
  ({ RequestPage } = await import('./request-page'));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.location.hash = '';
});

const posted = (calls: unknown[][], path: string) =>
  calls
    .filter(([called]) => called === path)
    .map((call) => JSON.parse(String((call[1] as RequestInit).body)) as Record<string, unknown>);

describe('the job’s money on the request page', () => {
  it('alerts that the payment is not yet secured and opens the card page with a POST', async () => {
    window.location.hash = '#t=view-token';
    const fetchMock = vi.fn((path: string) =>
      Promise.resolve(
        path === API_PATHS.lead
          ? json(200, { lead: booked('hold-failed') })
          : json(200, { checkoutUrl: 'https://checkout.example/c/pay/cs_9' }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const assignSpy = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    render(<RequestPage />);
    expect(await screen.findByText(MONEY_STATE_TEXTS['hold-failed'])).toHaveAttribute(
      'role',
      'alert',
    );
    fireEvent.click(screen.getByRole('button', { name: CARD_UPDATE_TEXTS.button }));
    await vi.waitFor(() =>
      expect(assignSpy).toHaveBeenCalledWith('https://checkout.example/c/pay/cs_9'),
    );
    expect(posted(fetchMock.mock.calls, JOB_API_PATHS.updateCard)).toEqual([
      { token: 'view-token' },
    ]);
  });

  it('says a secured payment in one plain line, with no button', async () => {
    window.location.hash = '#t=view-token';
    vi.stubGlobal('fetch', () => Promise.resolve(json(200, { lead: booked('held') })));
    render(<RequestPage />);
    const line = await screen.findByText(MONEY_STATE_TEXTS.held);
    expect(line).not.toHaveAttribute('role');
    expect(screen.queryByRole('button', { name: CARD_UPDATE_TEXTS.button })).toBeNull();
  });

  it('says nothing of money when the view carries none', async () => {
    window.location.hash = '#t=view-token';
    vi.stubGlobal('fetch', () => Promise.resolve(json(200, { lead: booked() })));
    render(<RequestPage />);
    await screen.findByText(/Reference/);
    expect(screen.queryByRole('region', { name: CARD_UPDATE_TEXTS.heading })).toBeNull();
  });

  it('back from the card page, posts the session once and says the card is updated', async () => {
    window.location.hash = '#t=view-token&card=cs_9';
    const fetchMock = vi.fn((path: string) =>
      Promise.resolve(
        json(200, { lead: path === API_PATHS.lead ? booked('hold-failed') : booked('held') }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<RequestPage />);
    expect(
      await screen.findByText(`${CARD_UPDATE_TEXTS.updated} ${MONEY_STATE_TEXTS.held}`),
    ).toHaveAttribute('role', 'status');
    expect(screen.getByRole('region', { name: CARD_UPDATE_TEXTS.heading })).toHaveTextContent(
      MONEY_STATE_TEXTS.held,
    );
    expect(posted(fetchMock.mock.calls, JOB_API_PATHS.updateCard)).toEqual([
      { token: 'view-token', session: 'cs_9' },
    ]);
  });

  it('back with a card declined again, says so and keeps the button', async () => {
    window.location.hash = '#t=view-token&card=cs_9';
    vi.stubGlobal('fetch', () => Promise.resolve(json(200, { lead: booked('hold-failed') })));
    render(<RequestPage />);
    expect(await screen.findByText(CARD_UPDATE_TEXTS.declinedAgain)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: CARD_UPDATE_TEXTS.button })).toBeInTheDocument();
  });

  it('back cancelled, says nothing changed and posts nothing', async () => {
    window.location.hash = '#t=view-token&card=cancelled';
    const fetchMock = vi.fn(() => Promise.resolve(json(200, { lead: booked('hold-failed') })));
    vi.stubGlobal('fetch', fetchMock);
    render(<RequestPage />);
    expect(await screen.findByText(CARD_UPDATE_TEXTS.cancelled)).toBeInTheDocument();
    expect(fetchMock.mock.calls.map((call) => (call as unknown[])[0])).toEqual([API_PATHS.lead]);
  });
});
