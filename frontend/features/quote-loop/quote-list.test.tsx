import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuoteList } from './quote-list';
import type { QuoteView } from '#contract/loop/quote-loop';

const quote = (number: number, hauler: string, priceDollars: number): QuoteView => ({
  number,
  from: 'hauler',
  state: 'live',
  priceDollars,
  pickupDate: '2026-12-05',
  pickupWindow: 'morning',
  hauler,
  sentAt: '2026-11-26T14:00:00.000Z',
});

const queenCity: QuoteView = {
  ...quote(1, 'Queen City Haul-Away', 285),
  rating: { kind: 'rated', average: 4.8, count: 12 },
  haulerFacts: { insuredUntil: '2027-03-31', truck: 'box-truck', miles: 7.4, jobsDone: 14 },
};
const newcomer: QuoteView = {
  ...quote(2, 'Desert Haul LLC', 240),
  pickupWindow: 'afternoon',
  offAsked: 'window',
  rating: { kind: 'new', count: 0 },
  haulerFacts: { insuredUntil: '2026-12-31', truck: 'pickup-truck', miles: 12, jobsDone: 0 },
};

const cardNames = () =>
  screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'));

describe('the quote list', () => {
  it('puts the lowest price first', () => {
    render(<QuoteList quotes={[queenCity, newcomer]} />);
    expect(cardNames()).toEqual(['Desert Haul LLC: $240', 'Queen City Haul-Away: $285']);
  });

  it('says who each hauler is: insured with the expiry month, truck, distance, jobs done, rating', () => {
    render(<QuoteList quotes={[queenCity, newcomer]} />);
    const rated = screen.getByRole('listitem', { name: 'Queen City Haul-Away: $285' });
    expect(rated).toHaveTextContent('Insured: certificate checked, expires March 2027');
    expect(rated).toHaveTextContent('Box truck');
    expect(rated).toHaveTextContent('7.4 miles from the pickup');
    expect(rated).toHaveTextContent('14 with us');
    expect(rated).toHaveTextContent('Rated 4.8 out of 5 from 12 ratings');
    const fresh = screen.getByRole('listitem', { name: 'Desert Haul LLC: $240' });
    expect(fresh).toHaveTextContent('None with us yet');
    expect(within(fresh).getByText('New: first jobs with us')).toBeVisible();
  });

  it('flags a quote for another window than asked, and says what was asked', () => {
    render(
      <QuoteList
        quotes={[queenCity, newcomer]}
        asked={{ date: '2026-12-05', window: 'morning' }}
      />,
    );
    const off = screen.getByRole('listitem', { name: 'Desert Haul LLC: $240' });
    expect(off).toHaveTextContent('Not the window you asked for');
    expect(off).toHaveTextContent('You asked for Sat, Dec 5, morning');
    const asked = screen.getByRole('listitem', { name: 'Queen City Haul-Away: $285' });
    expect(asked).not.toHaveTextContent('asked for');
  });

  it('leads with the quote an accept link opened, marked, even when another is lower', () => {
    render(<QuoteList quotes={[queenCity, newcomer]} opened={1} />);
    expect(cardNames()).toEqual(['Queen City Haul-Away: $285', 'Desert Haul LLC: $240']);
    const opened = screen.getByRole('listitem', { name: 'Queen City Haul-Away: $285' });
    expect(opened).toHaveTextContent('The quote you opened');
    expect(screen.getByRole('listitem', { name: 'Desert Haul LLC: $240' })).not.toHaveTextContent(
      'The quote you opened',
    );
  });
});
