import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coverageManifestFromItem, coveringHaulerFromItem } from './coverage-model';
import { StoredItemError } from '../runtime/stored-item';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
});
afterEach(() => vi.restoreAllMocks());

const MANIFEST = {
  pk: 'HAULER#h1',
  sk: 'COVERAGE',
  zips: ['85001', '85004'],
  spec: { baseZipCode: '85001', radiusMiles: 10 },
  written: true,
  claimToken: 'token',
  claimedAt: 1_700_000_000_000,
};

describe('coverage items', () => {
  it('read as the covering hauler and its distance', () => {
    expect(coveringHaulerFromItem({ pk: 'COVER#85001', sk: 'h1', miles: 2.5 })).toEqual({
      haulerId: 'h1',
      distanceMiles: 2.5,
    });
  });

  it('that are malformed are a StoredItemError naming the key', () => {
    const read = () => coveringHaulerFromItem({ pk: 'COVER#85001', sk: 'h1', miles: 'near' });
    expect(read).toThrow(StoredItemError);
    expect(read).toThrow('Stored coverage COVER#85001/h1 does not parse: miles:');
  });
});

describe('a coverage manifest', () => {
  it('keeps every attribute, a spec of null included', () => {
    const { pk: _pk, sk: _sk, ...attributes } = MANIFEST;
    expect(coverageManifestFromItem(MANIFEST)).toStrictEqual(attributes);
    expect(coverageManifestFromItem({ ...MANIFEST, spec: null }).spec).toBeNull();
  });

  it('that is malformed is a StoredItemError naming the key', () => {
    const read = () => coverageManifestFromItem({ ...MANIFEST, zips: '85001' });
    expect(read).toThrow(StoredItemError);
    expect(read).toThrow('Stored coverage manifest HAULER#h1/COVERAGE does not parse: zips:');
  });
});
