/**
 * Coverage from the real `zipcodes` dataset (8.0.0): the figures below are what the data says, so
 * a new version of the package that moves a ZIP shows up here first.
 */
import { describe, expect, it } from 'vitest';
import { UnknownZipCodeError, coveredZips, distanceMiles, findServedZip } from './coverage';

const zipsWithin = async (base: string, miles: number) =>
  (await coveredZips(base, miles)).map((zip) => zip.zipCode);

const place = async (zip: string) => {
  const found = await findServedZip(zip);
  if (found === undefined) throw new Error(`${zip} is not in the dataset`);
  return found;
};

describe('coverage around Phoenix (85001)', () => {
  it('includes downtown, Scottsdale 85257 and Tempe 85283 at 10 miles', async () => {
    const covered = await coveredZips('85001', 10);
    expect(covered[0]).toEqual({
      zipCode: '85001',
      city: 'Phoenix',
      state: 'AZ',
      distanceMiles: 0,
    });
    expect(covered.find((zip) => zip.zipCode === '85257')?.distanceMiles).toBe(9.2);
    expect(covered.find((zip) => zip.zipCode === '85283')?.distanceMiles).toBe(10);
    expect(covered).toHaveLength(83);
  });

  it('leaves out Glendale 85302 (10.1 miles) and Mesa 85201 (13.1 miles) at 10 miles', async () => {
    const covered = await zipsWithin('85001', 10);
    expect(covered).not.toContain('85302');
    expect(covered).not.toContain('85201');
    expect(await zipsWithin('85001', 25)).toEqual(expect.arrayContaining(['85302', '85201']));
  });

  it('lists the nearest first', async () => {
    const distances = (await coveredZips('85001', 25)).map((zip) => zip.distanceMiles);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('grows with the radius: 83, 180, 238 and 325 ZIPs at 10, 25, 50 and 100 miles', async () => {
    const counts = await Promise.all(
      [10, 25, 50, 100].map(async (miles) => (await coveredZips('85001', miles)).length),
    );
    expect(counts).toEqual([83, 180, 238, 325]);
  });

  it('does not reach Tucson (85701) at 100 miles: the data puts it 106.7 miles away', async () => {
    expect(distanceMiles(await place('85001'), await place('85701'))).toBeCloseTo(106.7, 1);
    expect(await zipsWithin('85001', 100)).not.toContain('85701');
  });

  it('takes the five digits of a ZIP+4 base', async () => {
    expect(await zipsWithin('85001-1234', 10)).toEqual(await zipsWithin('85001', 10));
  });
});

describe('coverage at the edges', () => {
  it('crosses state lines: New York 10001 covers Hoboken, NJ at 10 miles', async () => {
    const covered = await coveredZips('10001', 10);
    expect(covered.find((zip) => zip.zipCode === '07030')).toMatchObject({
      city: 'Hoboken',
      state: 'NJ',
    });
  });

  it('stays on Oahu from Honolulu (96813) at 25 miles', async () => {
    const covered = await coveredZips('96813', 25);
    expect(new Set(covered.map((zip) => zip.state))).toEqual(new Set(['HI']));
    expect(covered.map((zip) => zip.zipCode)).not.toContain('96770');
  });

  it('crosses the sea in a straight line: Honolulu at 100 miles reaches Molokai, Lanai and Maui', async () => {
    const covered = await zipsWithin('96813', 100);
    // Maunaloa (Molokai) 42.5 mi, Lanai City 68.9 mi, Kahului (Maui) 93.6 mi.
    expect(covered).toEqual(expect.arrayContaining(['96770', '96763', '96732']));
    expect(await zipsWithin('96813', 50)).toContain('96770');
  });

  it('reaches Hana on Maui from Hilo at 100 miles, and nothing outside Hawaii', async () => {
    const covered = await coveredZips('96720', 100);
    expect(covered.at(-1)).toMatchObject({ zipCode: '96713', city: 'Hana', distanceMiles: 95.5 });
    expect(covered.every((zip) => zip.zipCode.startsWith('967'))).toBe(true);
  });

  it('gives Juneau 18 ZIPs at 100 miles, Sitka and Skagway among them', async () => {
    const covered = await zipsWithin('99801', 100);
    expect(covered).toHaveLength(18);
    expect(covered).toEqual(expect.arrayContaining(['99835', '99840']));
  });

  it('reaches Wasilla from Anchorage at 25 miles and Palmer at 50', async () => {
    expect(await zipsWithin('99501', 25)).toContain('99623');
    expect(await zipsWithin('99501', 25)).not.toContain('99645');
    expect(await zipsWithin('99501', 50)).toContain('99645');
  });

  it('leaves Adak, out on the Aleutians, alone with itself at 100 miles', async () => {
    expect(await zipsWithin('99546', 100)).toEqual(['99546']);
  });

  it('serves the 50 states and DC, and nothing else', async () => {
    // Further than half the Earth's circumference: every served ZIP.
    const everything = await coveredZips('85001', 13_000);
    expect(new Set(everything.map((zip) => zip.state)).size).toBe(51);
    expect(everything.map((zip) => zip.state)).toContain('DC');
    expect(everything).toHaveLength(41_687);
  });
});

describe('an unknown base ZIP', () => {
  it.each([
    ['00000', 'no such ZIP'],
    ['00601', 'Puerto Rico'],
    ['09001', 'military mail (APO)'],
    ['96898', 'Wake Island, which the data files under HI'],
    ['10200', 'a record whose longitude lost its sign'],
    ['8500', 'four digits'],
    ['85001 ', 'a trailing space'],
  ])('refuses %s (%s) with an error naming the ZIP', async (zip) => {
    const error = await coveredZips(zip, 25).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnknownZipCodeError);
    expect(error).toMatchObject({ name: 'UnknownZipCodeError', zipCode: zip });
    expect(await findServedZip(zip)).toBeUndefined();
  });

  it.each([0, -10, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses a radius of %s miles',
    async (miles) => {
      await expect(coveredZips('85001', miles)).rejects.toThrow(RangeError);
    },
  );
});

describe('distanceMiles', () => {
  it('is zero from a place to itself and the same both ways', async () => {
    const phoenix = await place('85001');
    const hoboken = await place('07030');
    expect(distanceMiles(phoenix, phoenix)).toBe(0);
    expect(distanceMiles(phoenix, hoboken)).toBeCloseTo(distanceMiles(hoboken, phoenix), 9);
  });
});
