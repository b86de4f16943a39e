import { describe, expect, it } from 'vitest';
import { type BurstResult, burstProblems } from './burst';

const clean: BurstResult = {
  bookings: 2,
  answers: [],
  statusCounts: {},
  serverErrors: 0,
  leadsStored: 2,
  offersPerLead: [3, 3],
  ledgerSent: 18,
  ledgerUnsettled: 0,
  ledgerStatuses: { sent: 18 },
  storeEmails: 18,
  storeDistinct: 18,
  burstSeconds: 1,
  drainSeconds: 1,
  drainRuns: 1,
};

describe('what fails a burst', () => {
  it('passes a burst where every owed email arrived once and every booking stored one lead', () => {
    expect(burstProblems(clean)).toEqual([]);
  });

  it('fails on a lost or doubled lead, an email missing or sent twice, or a server error', () => {
    expect(burstProblems({ ...clean, leadsStored: 3 })).toEqual(['3 leads stored for 2 bookings']);
    expect(burstProblems({ ...clean, storeEmails: 17, storeDistinct: 17 })).toEqual([
      '17 emails delivered for 18 owed',
    ]);
    expect(burstProblems({ ...clean, storeEmails: 19 })).toEqual([
      '19 emails delivered for 18 owed',
      '1 emails delivered twice',
    ]);
    expect(
      burstProblems({ ...clean, ledgerUnsettled: 2, ledgerStatuses: { sent: 16, 'given-up': 2 } }),
    ).toEqual(['2 emails never sent (2 given-up)']);
    expect(burstProblems({ ...clean, serverErrors: 1 })).toEqual(['1 server errors (5xx)']);
    expect(burstProblems({ ...clean, offersPerLead: [3, 2] })).toEqual([
      'a lead without exactly three offers',
    ]);
  });
});
