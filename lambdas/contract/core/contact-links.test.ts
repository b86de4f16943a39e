import { describe, expect, it } from 'vitest';
import { directionsUrl, smsHref, telHref } from './contact-links';

describe('directions to an address', () => {
  it('are a plain maps URL with the address encoded as its destination', () => {
    expect(directionsUrl('1550 Larimer St #2, Denver, Colorado 80202')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=1550%20Larimer%20St%20%232%2C%20Denver%2C%20Colorado%2080202',
    );
  });

  it('fold the line breaks and spaces a typed address may hold, and let no character out of the parameter', () => {
    const url = new URL(directionsUrl('  12 Main St\n & Co?x=1 '));
    expect([...url.searchParams.keys()]).toEqual(['api', 'destination']);
    expect(url.searchParams.get('destination')).toBe('12 Main St & Co?x=1');
  });
});

describe('phone links', () => {
  it('call and text the digits of a number as people write it', () => {
    expect(telHref('(602) 555-0100')).toBe('tel:6025550100');
    expect(smsHref('+1 602.555.0100')).toBe('sms:+16025550100');
  });
});
