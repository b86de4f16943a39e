import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  certificateDueFromItem,
  certificateDueListFromItem,
  haulerMailFromItem,
  haulerWorkFromItem,
  ratingStarsFromItem,
} from './hauler-items-model';
import { StoredItemError } from '../runtime/stored-item';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
});
afterEach(() => vi.restoreAllMocks());

const HAULER = 'HAULER#0b6c4f7e-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
type Reader = (item: Record<string, unknown>) => unknown;

describe('the items beside a hauler profile', () => {
  it.each<[string, Reader, Record<string, unknown>, unknown]>([
    ['a rating', ratingStarsFromItem, { pk: HAULER, sk: 'RATING#s#1', stars: 4 }, { stars: 4 }],
    [
      'a mail ledger entry',
      haulerMailFromItem,
      { pk: HAULER, sk: 'MAIL#approved', status: 'sending', claimedAt: 1, claimToken: 't' },
      { status: 'sending', claimedAt: 1, claimToken: 't' },
    ],
    [
      'a certificate due item',
      certificateDueFromItem,
      { pk: 'CERT_DUE#2027-01-01', sk: 'h', insuranceExpiresOn: '2027-01-31', expiresAt: 9 },
      { insuranceExpiresOn: '2027-01-31', expiresAt: 9 },
    ],
    [
      'a certificate due list',
      certificateDueListFromItem,
      { pk: HAULER, sk: 'CERT_DUE', days: new Set(['2027-01-01']) },
      { days: new Set(['2027-01-01']) },
    ],
    [
      'a pointer to their work',
      haulerWorkFromItem,
      { pk: HAULER, sk: 'WORK#OFFER#2026-11-25T18:00:00.000Z#l', submissionId: 'l', expiresAt: 9 },
      { submissionId: 'l', expiresAt: 9 },
    ],
  ])('read as %s keep their attributes', (_, read, item, attributes) => {
    expect(read(item)).toStrictEqual(attributes);
  });

  it.each<[string, Reader, Record<string, unknown>]>([
    ['rating', ratingStarsFromItem, { pk: HAULER, sk: 'RATING#s#1', stars: '4' }],
    ['hauler mail', haulerMailFromItem, { pk: HAULER, sk: 'MAIL#approved', status: 'lost' }],
    ['certificate due', certificateDueFromItem, { pk: 'CERT_DUE#2027-01-01', sk: 'h' }],
    ['certificate due list', certificateDueListFromItem, { pk: HAULER, sk: 'CERT_DUE', days: [1] }],
    ['hauler work', haulerWorkFromItem, { pk: HAULER, sk: 'WORK#QUOTE#2026-11-26#l' }],
  ])('that are malformed are a StoredItemError naming the %s and its key', (kind, read, item) => {
    expect(() => read(item)).toThrow(StoredItemError);
    expect(() => read(item)).toThrow(
      `Stored ${kind} ${String(item.pk)}/${String(item.sk)} does not parse`,
    );
  });
});
