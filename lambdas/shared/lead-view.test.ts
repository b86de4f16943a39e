import { describe, expect, it } from 'vitest';
import { requestDetails } from './lead-view';

describe('the request details operations see', () => {
  it('shows the load size and preferred pickup when the form sent them', () => {
    expect(
      requestDetails({
        loadSize: 'three-quarter',
        pickupDay: 'tomorrow',
        pickupDate: '2026-11-24',
        pickupWindow: 'morning',
      }),
    ).toEqual([
      { label: 'Load size', value: 'Three quarter' },
      { label: 'Preferred pickup', value: 'Tomorrow, 2026-11-24' },
      { label: 'Preferred window', value: 'Morning' },
    ]);
  });

  it('shows nothing for a request without them', () => {
    expect(requestDetails({ name: 'Dana' })).toEqual([]);
  });
});
