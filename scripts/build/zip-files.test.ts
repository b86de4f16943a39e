import zipcodes from 'zipcodes';
import { describe, expect, it } from 'vitest';
import { type ZipRecord, zipPrefixFiles } from './zip-files';

const us = (zip: string, city: string, state: string): ZipRecord => ({
  zip,
  city,
  state,
  country: 'US',
});

describe('the ZIP prefix files', () => {
  it('group ZIP codes by their first three digits, with full state names written once', () => {
    const files = zipPrefixFiles([
      us('85201', 'Mesa', 'AZ'),
      us('85202', 'Mesa', 'AZ'),
      us('85001', 'Phoenix', 'AZ'),
      // A prefix that spans two states (it happens: 834 is Idaho and Wyoming).
      us('83414', 'Alta', 'WY'),
      us('83401', 'Idaho Falls', 'ID'),
    ]);
    expect([...files.keys()].sort()).toEqual(['834', '850', '852']);
    expect(files.get('852')).toEqual({
      states: ['Arizona'],
      zips: { '01': ['Mesa', 0], '02': ['Mesa', 0] },
    });
    expect(files.get('834')).toEqual({
      states: ['Wyoming', 'Idaho'],
      zips: { '14': ['Alta', 0], '01': ['Idaho Falls', 1] },
    });
  });

  it('leave out Canada, territories and military post offices, and keep DC', () => {
    const files = zipPrefixFiles([
      { zip: 'T0A', city: 'Somewhere', state: 'AB', country: 'CA' },
      us('00601', 'Adjuntas', 'PR'),
      us('09001', 'APO', 'AE'),
      us('20001', 'Washington', 'DC'),
    ]);
    expect([...files.keys()]).toEqual(['200']);
    expect(files.get('200')?.states).toEqual(['District of Columbia']);
  });

  it('from the real dataset: the spec’s city ZIPs resolve, and every file stays small', () => {
    const files = zipPrefixFiles(Object.values(zipcodes.codes));
    const lookup = (zip: string) => {
      const file = files.get(zip.slice(0, 3));
      const entry = file?.zips[zip.slice(3)];
      return entry && file ? `${entry[0]}, ${file.states[entry[1]]}` : undefined;
    };
    expect(lookup('35201')).toBe('Birmingham, Alabama');
    expect(lookup('85201')).toBe('Mesa, Arizona');
    expect(lookup('07102')).toBe('Newark, New Jersey');
    expect(lookup('99501')).toBe('Anchorage, Alaska');
    expect(lookup('00000')).toBeUndefined();
    expect(files.size).toBeGreaterThan(850);
    for (const file of files.values()) expect(JSON.stringify(file).length).toBeLessThan(4096);
  });
});
