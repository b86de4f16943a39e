/**
 * Where a hauler works: the ZIP codes whose point lies within a straight line (great circle) of
 * the radius from the base ZIP's point, from the `zipcodes` package's coordinates. Roads, water
 * and state lines are not considered: docs/decisions/030-hauler-coverage.md.
 */

export interface ZipPlace {
  zipCode: string;
  city: string;
  /** Two letters, as the dataset writes them. */
  state: string;
  latitude: number;
  longitude: number;
}

export interface CoveredZip {
  zipCode: string;
  city: string;
  state: string;
  /** Straight-line miles from the base ZIP's point, to a tenth of a mile. */
  distanceMiles: number;
}

/** A base ZIP the dataset does not place in the 50 states or DC; callers name the field. */
export class UnknownZipCodeError extends Error {
  override readonly name = 'UnknownZipCodeError';
  constructor(readonly zipCode: string) {
    super(`No ZIP code ${JSON.stringify(zipCode)} in the 50 states or DC`);
  }
}

const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_OF_LATITUDE = (EARTH_RADIUS_MILES * Math.PI) / 180;

// The dataset files these as states: territories and military mail (APO/FPO/DPO, at 0°, 0°).
const NOT_SERVED = new Set(['AA', 'AE', 'AP', 'AS', 'FM', 'GU', 'MH', 'MP', 'PR', 'PW', 'VI']);

const radians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle miles between two points (haversine). */
export function distanceMiles(
  a: Pick<ZipPlace, 'latitude' | 'longitude'>,
  b: Pick<ZipPlace, 'latitude' | 'longitude'>,
): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

interface ZipIndex {
  byZip: ReadonlyMap<string, ZipPlace>;
  /** South to north, for a binary search of the latitude band a radius can reach. */
  byLatitude: readonly ZipPlace[];
}

let index: Promise<ZipIndex> | undefined;

/**
 * Loaded on first use: the dataset is 5 MB of JavaScript, which a function that only reads a
 * hauler should not parse on its cold start.
 */
function zipIndex(): Promise<ZipIndex> {
  index ??= import('zipcodes').then(({ default: zipcodes }) => {
    const places: ZipPlace[] = [];
    for (const record of Object.values(zipcodes.codes)) {
      // Every place in the 50 states and DC lies west of Greenwich: the two records east of it
      // are 10200 (its longitude's sign lost) and Wake Island, filed under HI.
      if (record.country !== 'US' || NOT_SERVED.has(record.state) || !(record.longitude < 0)) {
        continue;
      }
      places.push({
        zipCode: record.zip,
        city: record.city,
        state: record.state,
        latitude: record.latitude,
        longitude: record.longitude,
      });
    }
    places.sort((a, b) => a.latitude - b.latitude);
    return { byZip: new Map(places.map((place) => [place.zipCode, place])), byLatitude: places };
  });
  return index;
}

/** The place of a five-digit ZIP (or the first five of a ZIP+4) in the 50 states or DC. */
export async function findServedZip(zipCode: string): Promise<ZipPlace | undefined> {
  if (!/^\d{5}(-\d{4})?$/.test(zipCode)) return undefined;
  return (await zipIndex()).byZip.get(zipCode.slice(0, 5));
}

/** The first index whose latitude is at least `latitude`. */
function firstAtOrAbove(places: readonly ZipPlace[], latitude: number): number {
  let low = 0;
  let high = places.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (places[mid]!.latitude < latitude) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Every served ZIP within `radiusMiles` of the base ZIP (the base at 0 miles), nearest first, ties
 * by ZIP. Throws UnknownZipCodeError for a base the dataset does not place.
 */
export async function coveredZips(baseZip: string, radiusMiles: number): Promise<CoveredZip[]> {
  if (!(Number.isFinite(radiusMiles) && radiusMiles > 0)) {
    throw new RangeError(`radiusMiles must be a positive number of miles, got ${radiusMiles}`);
  }
  const base = await findServedZip(baseZip);
  if (base === undefined) throw new UnknownZipCodeError(baseZip);
  const { byLatitude } = await zipIndex();
  // No point further than the radius in latitude alone can be within it.
  const band = radiusMiles / MILES_PER_DEGREE_OF_LATITUDE + 1e-9;
  const covered: Array<CoveredZip & { exact: number }> = [];
  for (let i = firstAtOrAbove(byLatitude, base.latitude - band); i < byLatitude.length; i += 1) {
    const place = byLatitude[i]!;
    if (place.latitude > base.latitude + band) break;
    const exact = distanceMiles(base, place);
    if (exact <= radiusMiles) {
      const { zipCode, city, state } = place;
      covered.push({ zipCode, city, state, distanceMiles: Math.round(exact * 10) / 10, exact });
    }
  }
  covered.sort((a, b) => a.exact - b.exact || a.zipCode.localeCompare(b.zipCode));
  return covered.map(({ exact: _exact, ...zip }) => zip);
}
