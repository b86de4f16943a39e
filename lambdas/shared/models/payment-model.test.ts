import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StoredItemError } from '../runtime/stored-item';
import { step, startMoney } from '../payments/money-machine';
import { parsePayment } from './payment-model';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
});
afterEach(() => vi.restoreAllMocks());

const stored = () =>
  step(
    startMoney({
      jobId: 'j1',
      priceCents: 32_500,
      windowStartsAt: '2026-12-10T16:00:00.000Z',
      destination: 'acct_1',
      card: { customerId: 'cus_1', paymentMethodId: 'pm_1' },
    }),
    { type: 'hold-due', captureBy: '2026-12-12T00:00:00.000Z' },
  ).state;

describe('a stored job’s money', () => {
  it('as the machine leaves it reads as stored', () => {
    const item = JSON.parse(JSON.stringify(stored())) as unknown;
    expect(parsePayment(item, 'JOB#j1')).toStrictEqual(stored());
  });

  it('whose hold has an unknown status is a StoredItemError naming the item and the part', () => {
    const item = stored();
    const broken = { ...item, holds: [{ ...item.holds[0], status: 'pending' }] };
    expect(() => parsePayment(broken, 'JOB#j1')).toThrow(StoredItemError);
    expect(() => parsePayment(broken, 'JOB#j1')).toThrow(
      /^Stored payment JOB#j1 does not parse: holds\.0\.status: expected "requested" \| /,
    );
  });

  it('whose amount is not whole cents is no payment either', () => {
    expect(() => parsePayment({ ...stored(), priceCents: 325.5 }, 'JOB#j1')).toThrow(
      /priceCents: /,
    );
  });

  it('with a dispute stored before its payout hold (decision 058) still reads, and with both moves too', () => {
    const older = { ...stored(), dispute: { id: 'dp_1', status: 'open', amountCents: 32_500 } };
    expect(parsePayment(older, 'JOB#j1').dispute).toStrictEqual(older.dispute);
    const dispute = {
      id: 'dp_1',
      status: 'won',
      amountCents: 32_500,
      payoutHold: {
        key: 'job_j1:dispute:dp_1:hold',
        amountCents: 27_625,
        status: 'succeeded',
        stripeId: 'trr_1',
      },
      payoutRelease: {
        key: 'job_j1:dispute:dp_1:release',
        amountCents: 27_625,
        status: 'requested',
      },
    };
    expect(parsePayment({ ...stored(), dispute }, 'JOB#j1').dispute).toStrictEqual(dispute);
    expect(() =>
      parsePayment(
        {
          ...stored(),
          dispute: { ...dispute, payoutHold: { ...dispute.payoutHold, amountCents: -1 } },
        },
        'JOB#j1',
      ),
    ).toThrow(/dispute\.payoutHold\.amountCents/);
  });
});
