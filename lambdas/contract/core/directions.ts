// A plain maps URL (no API key, no script): the phone opens its maps app with the route to there.
const DIRECTIONS_BASE = 'https://www.google.com/maps/dir/?api=1&destination=';

/** Directions to an address written as people write it: '1550 Larimer St, Denver, CO 80202'. */
export function directionsUrl(address: string): string {
  return `${DIRECTIONS_BASE}${encodeURIComponent(address.replace(/\s+/g, ' ').trim())}`;
}
