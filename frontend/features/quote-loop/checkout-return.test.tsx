import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, quotedView, valleyQuote } from '../../../test/support/testing-request-page';
import type { RequestPage as RequestPageType } from './request-page';
import { API_PATHS } from '#contract/core/api';
import { PAYMENT_TEXTS } from '#contract/money/payments';

const quote = valleyQuote('live');
const quoted = (payments: 'on' | 'off') => quotedView(quote, payments);

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

async function openQuestion() {
  fireEvent.click(
    await screen.findByRole('button', { name: 'Accept this quote: Valley Junk LLC: $150' }),
  );
  return screen.getByRole('listitem', { name: 'Valley Junk LLC: $150' });
}

describe('accepting with payments', () => {
  it('says the price, that nothing is charged now, when the charge comes and how to cancel, then goes to the card page', async () => {
    window.location.hash = '#t=view-token';
    const fetchMock = vi.fn((path: string) =>
      Promise.resolve(
        path === API_PATHS.lead
          ? json(200, { lead: quoted('on') })
          : json(200, { lead: quoted('on'), checkoutUrl: 'https://checkout.example/c/pay/cs_1' }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const assignSpy = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    render(<RequestPage />);
    const card = await openQuestion();
    expect(within(card).getByText(/^The price is \$150\./)).toHaveTextContent(
      PAYMENT_TEXTS.beforeAccepting,
    );
    expect(within(card).getByText(PAYMENT_TEXTS.cancellationTerms)).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Confirm: accept this quote' }));
    await vi.waitFor(() =>
      expect(assignSpy).toHaveBeenCalledWith('https://checkout.example/c/pay/cs_1'),
    );
  });

  it('says plainly that the homeowner pays the hauler directly when payments are off', async () => {
    window.location.hash = '#t=view-token';
    vi.stubGlobal('fetch', () => Promise.resolve(json(200, { lead: quoted('off') })));
    render(<RequestPage />);
    const card = await openQuestion();
    expect(within(card).getByText(/^The price is \$150\./)).toHaveTextContent(
      PAYMENT_TEXTS.paymentsOff,
    );
    expect(within(card).queryByText(PAYMENT_TEXTS.cancellationTerms)).toBeNull();
  });

  it('says an operations quote is paid directly with payments on, and accepts it without the card page', async () => {
    window.location.hash = '#t=view-token';
    const direct = { ...quoted('on'), quotes: [{ ...quote, paidThroughUs: false }] };
    const accepted = {
      ...direct,
      status: 'accepted',
      quote: { ...quote, state: 'accepted', paidThroughUs: false },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn((path: string) =>
        Promise.resolve(json(200, { lead: path === API_PATHS.lead ? direct : accepted })),
      ),
    );
    const assignSpy = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    render(<RequestPage />);
    const card = await openQuestion();
    expect(within(card).getByText(/^The price is \$150\./)).toHaveTextContent(
      PAYMENT_TEXTS.paymentsOff,
    );
    expect(within(card).queryByText(PAYMENT_TEXTS.saveCardNext)).toBeNull();
    expect(within(card).queryByText(PAYMENT_TEXTS.cancellationTerms)).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Confirm: accept this quote' }));
    expect(await screen.findByText(/^You accepted the quote of \$150/)).toBeInTheDocument();
    expect(assignSpy).not.toHaveBeenCalled();
  });

  it('keeps the card terms for a platform hauler’s quote paid through us', async () => {
    window.location.hash = '#t=view-token';
    const through = { ...quoted('on'), quotes: [{ ...quote, paidThroughUs: true }] };
    vi.stubGlobal('fetch', () => Promise.resolve(json(200, { lead: through })));
    render(<RequestPage />);
    const card = await openQuestion();
    expect(within(card).getByText(/^The price is \$150\./)).toHaveTextContent(
      PAYMENT_TEXTS.beforeAccepting,
    );
    expect(within(card).getByText(PAYMENT_TEXTS.saveCardNext)).toBeInTheDocument();
  });

  it('back from the card page, confirms the session with a POST and says the quote is accepted', async () => {
    window.location.hash = '#t=view-token&checkout=cs_1';
    const accepted = {
      ...quoted('on'),
      status: 'accepted',
      quote: { ...quote, state: 'accepted' },
    };
    const fetchMock = vi.fn((path: string) =>
      Promise.resolve(json(200, { lead: path === API_PATHS.lead ? quoted('on') : accepted })),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<RequestPage />);
    expect(await screen.findByText(/^You accepted the quote of \$150/)).toHaveAttribute(
      'role',
      'status',
    );
    const confirm = fetchMock.mock.calls.find(([path]) => path === API_PATHS.decideQuote);
    expect(JSON.parse(String((confirm as unknown as [string, RequestInit])[1].body))).toEqual({
      token: 'view-token',
      decision: 'accept',
      checkout: 'cs_1',
    });
  });

  it('back cancelled, says nothing changed and posts nothing', async () => {
    window.location.hash = '#t=view-token&checkout=cancelled';
    const fetchMock = vi.fn(() => Promise.resolve(json(200, { lead: quoted('on') })));
    vi.stubGlobal('fetch', fetchMock);
    render(<RequestPage />);
    expect(await screen.findByText(PAYMENT_TEXTS.checkoutCancelled)).toBeInTheDocument();
    expect(fetchMock.mock.calls.map((call) => (call as unknown[])[0])).toEqual([API_PATHS.lead]);
  });
});
