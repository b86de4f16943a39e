import { describe, expect, it } from 'vitest';
import type { Lead } from '../../lambdas/shared/models/lead-model';
import { receiptLines } from './receipt';

const accepted = {
  submissionId: '5b3c2a10-9d8e-4f7a-8b6c-5d4e3f2a1b0c',
  status: 'done',
  quotes: [
    {
      number: 1,
      from: 'hauler',
      state: 'accepted',
      priceDollars: 240,
      pickupDate: '2026-11-25',
      pickupWindow: 'morning',
      hauler: 'Desert Haul Co',
      sentAt: '2026-11-24T15:00:00.000Z',
      haulerId: 'h1',
      offer: 1,
    },
  ],
} as unknown as Lead;

describe('the receipt in leads show', () => {
  it('names the facility, the time and the kind of file, and counts the after-photos', () => {
    const lead = {
      ...accepted,
      job: {
        quote: 1,
        doneAt: '2026-11-25T17:00:00.000Z',
        receipt: {
          key: 'job-proof/x/1-1-receipt.pdf',
          contentType: 'application/pdf',
          facility: 'Salt River Transfer Station',
          at: '2026-11-25T17:00:00.000Z',
        },
        afterPhotoKeys: ['job-proof/x/1-2-after.jpg', 'job-proof/x/1-3-after.jpg'],
      },
    } as unknown as Lead;
    expect(receiptLines(lead)).toEqual([
      '  receipt    Salt River Transfer Station · 2026-11-25T17:00:00.000Z · application/pdf · 2 after-photos',
    ]);
  });

  it('prints nothing before the job is done, and never the private key', () => {
    expect(receiptLines(accepted)).toEqual([]);
    const done = {
      ...accepted,
      job: {
        quote: 1,
        receipt: {
          key: 'job-proof/x/1-1-receipt.png',
          contentType: 'image/png',
          facility: 'Dump',
          at: 't',
        },
      },
    } as unknown as Lead;
    expect(receiptLines(done).join('\n')).not.toContain('job-proof');
  });
});
