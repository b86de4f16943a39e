import { describe, expect, it } from 'vitest';
import { requestDetails } from './lead-view';

describe('the request details operations see', () => {
  it('shows the load size and preferred pickup in the words the form showed the homeowner', () => {
    expect(
      requestDetails({
        loadSize: 'three-quarter',
        pickupDay: 'tomorrow',
        pickupDate: '2026-11-24',
        pickupWindow: 'morning',
      }),
    ).toEqual([
      { label: 'Load size', value: 'Three-quarter truck' },
      { label: 'Preferred pickup', value: 'Tue, Nov 24' },
      { label: 'Preferred window', value: 'Morning (8–12)' },
    ]);
  });

  it('writes the preferred day as a date the way the site does, never a word that was true only the day it was sent', () => {
    const pickup = (request: Record<string, unknown>) =>
      requestDetails(request).find((detail) => detail.label === 'Preferred pickup')?.value;
    expect(pickup({ pickupDay: 'today', pickupDate: '2026-11-28' })).toBe('Sat, Nov 28');
    expect(pickup({ pickupDay: 'date', pickupDate: '2026-12-01' })).toBe('Tue, Dec 1');
    expect(pickup({ pickupDay: 'asap' })).toBe('As soon as possible');
  });

  it('shows nothing for a request without them', () => {
    expect(requestDetails({ name: 'Dana' })).toEqual([]);
  });
});
