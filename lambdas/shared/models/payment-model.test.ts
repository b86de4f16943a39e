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
});
