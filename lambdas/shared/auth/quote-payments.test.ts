import { describe, expect, it } from 'vitest';
import { withQuotePayments } from './quote-payments';
import { linkClaims } from '../links/signed-links';
import { leadView } from '../leads/lead-view';
import { newLead } from '../leads/lead-store';
import type { Lead } from '../models/lead-model';
import type { StoredQuote } from '../models/quote-model';
import { bookingRequest } from '../../../test/support/testing-leads';

const NOW = new Date('2026-11-24T15:00:00Z');

const quote = (number: number, overrides: Partial<StoredQuote>): StoredQuote => ({
  number,
  from: 'hauler',
  state: 'live',
  priceDollars: 200 + number,
  pickupDate: '2026-11-28',
  pickupWindow: 'morning',
  hauler: 'Desert Haul Co',
  sentAt: NOW.toISOString(),
  ...overrides,
});

/** A request quoted by a platform hauler (1) and by operations for an outside hauler (2). */
function quoted(): Lead {
  const lead = newLead(bookingRequest(), NOW);
  return {
    ...lead,
    status: 'quoted',
    quotes: [
      quote(1, { haulerId: 'h-1', offer: 1 }),
      quote(2, { from: 'operations', hauler: 'Sam’s Hauling' }),
    ],
  };
}

const viewOf = (
  lead: Lead,
  role: 'homeowner' | 'operations',
  action: 'view' | 'accept' | 'quote',
  n?: number,
) => leadView(lead, linkClaims(lead.submissionId, role, action, NOW, n), NOW);

describe('how each quote on the homeowner’s page is paid', () => {
  it('marks a platform hauler’s quote paid through us and an operations quote paid directly', () => {
    const lead = quoted();
    const view = withQuotePayments(viewOf(lead, 'homeowner', 'view'), lead, 'on');
    expect(
      view.role === 'homeowner' && view.quotes.map((q) => [q.number, q.paidThroughUs]),
    ).toEqual([
      [1, true],
      [2, false],
    ]);
  });

  it('marks the quote an accept link is about, too', () => {
    const lead = quoted();
    const view = withQuotePayments(viewOf(lead, 'homeowner', 'accept', 2), lead, 'on');
    expect(view.quote).toMatchObject({ number: 2, paidThroughUs: false });
  });

  it('marks every quote paid directly with payments off', () => {
    const lead = quoted();
    const view = withQuotePayments(viewOf(lead, 'homeowner', 'view'), lead, 'off');
    expect(view.role === 'homeowner' && view.quotes.map((q) => q.paidThroughUs)).toEqual([
      false,
      false,
    ]);
  });

  it('leaves the view as it is when the setting is not known, and other roles’ views', () => {
    const lead = quoted();
    const homeowner = viewOf(lead, 'homeowner', 'view');
    expect(withQuotePayments(homeowner, lead, undefined)).toBe(homeowner);
    const operations = viewOf(lead, 'operations', 'quote');
    expect(withQuotePayments(operations, lead, 'on')).toBe(operations);
  });
});
