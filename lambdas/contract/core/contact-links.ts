// Links that put a phone number or an address one tap away, in emails and pages alike.

/** A `tel:` link for a phone number as people write it: "(602) 555-0100" → "tel:6025550100". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** An `sms:` link for the same number: a text instead of a call. */
export function smsHref(phone: string): string {
  return `sms:${phone.replace(/[^\d+]/g, '')}`;
}

/** Directions to an address (a plain maps URL, no key): the phone's maps app routes there. */
export function directionsUrl(address: string): string {
  const destination = address.replace(/\s+/g, ' ').trim();
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/** A plain maps search for an address: opens the maps app on a phone; no API key. */
export function mapHref(address: string): string {
  const query = address.replace(/\s+/g, ' ').trim();
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** The pickup address on one line, as a map search reads it: "12 Main St, Phoenix, AZ 85001". */
export function addressLine(
  street: string,
  place: { city: string; state: string; zipCode: string },
): string {
  return `${street.trim()}, ${place.city.trim()}, ${place.state.trim()} ${place.zipCode.trim()}`;
}
