import { describe, expect, it } from 'vitest';
import { jobLines, timelineLine } from './job';
import { newLead } from '../../lambdas/shared/leads/lead-store';
import type { Lead } from '../../lambdas/shared/models/lead-model';
import { bookingRequest } from '../../test/support/testing-leads';

const NOW = new Date('2026-11-24T15:00:00Z');

function bookedLead(): Lead {
  const lead = newLead(bookingRequest(), NOW);
  return {
    ...lead,
    status: 'done',
    statusHistory: [
      { status: 'received', at: '2026-11-24T15:00:00Z' },
      { status: 'accepted', at: '2026-11-24T16:00:00Z' },
      { status: 'on-the-way', at: '2026-11-25T08:00:00Z' },
      { status: 'done', at: '2026-11-25T09:00:00Z' },
    ],
    quotes: [
      {
        number: 2,
        from: 'hauler',
        state: 'accepted',
        priceDollars: 240,
        pickupDate: '2026-11-25',
        pickupWindow: 'morning',
        hauler: 'Desert Haul Co',
        sentAt: '2026-11-24T15:30:00Z',
        haulerId: 'h-1',
        offer: 1,
      },
    ],
    pickupAddress: { street: '12 Main St', accessNotes: 'Gate 1234', at: '2026-11-24T16:05:00Z' },
    job: {
      quote: 2,
      haulerId: 'h-1',
      onTheWayAt: '2026-11-25T08:00:00Z',
      doneAt: '2026-11-25T09:00:00Z',
      receipt: {
        key: 'job-proof/x/receipt.pdf',
        contentType: 'application/pdf',
        facility: 'Salt River Landfill',
        at: '2026-11-25T09:00:00Z',
      },
      priceChanges: [
        {
          number: 1,
          priceDollars: 300,
          fromDollars: 240,
          reason: 'A piano',
          state: 'declined',
          at: '2026-11-25T08:30:00Z',
        },
      ],
      rating: { stars: 5, comment: 'Great', at: '2026-11-25T10:00:00Z', commentHidden: true },
    },
    problems: [{ kind: 'late', description: 'An hour late', at: '2026-11-25T09:30:00Z' }],
    reassignments: [
      { haulerId: 'h-0', quote: 1, reason: 'Sick', at: '2026-11-24T15:45:00Z', late: true },
    ],
  };
}

describe('what leads show prints after acceptance', () => {
  it('names every step of the timeline in words', () => {
    expect(timelineLine(bookedLead())).toBe(
      '  timeline   Request received 2026-11-24T15:00:00Z → Quote accepted 2026-11-24T16:00:00Z → On the way 2026-11-25T08:00:00Z → Done 2026-11-25T09:00:00Z',
    );
  });

  it('prints the address, the job with its receipt, price changes, the rating, problems and jobs given up', () => {
    const text = jobLines(bookedLead()).join('\n');
    expect(text).toContain('address    12 Main St · “Gate 1234”');
    expect(text).toContain('hauler h-1 · $240 · on the way 2026-11-25T08:00:00Z');
    expect(text).toContain('price      #1 $240 → $300 · declined · “A piano”');
    expect(text).toContain('rating     5 of 5 · “Great” (hidden)');
    expect(text).toContain('problem    #1 Late · “An hour late”');
    expect(text).toContain('given up   quote #1 by hauler h-0 · “Sick”');
    expect(text).toContain('late: a strike');
  });

  it('prints nothing of a job before acceptance', () => {
    expect(jobLines(newLead(bookingRequest(), NOW))).toEqual([]);
  });
});
