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
      { label: 'Preferred pickup', value: 'Tomorrow, 2026-11-24' },
      { label: 'Preferred window', value: 'Morning (8–12)' },
    ]);
  });

  it('shows nothing for a request without them', () => {
    expect(requestDetails({ name: 'Dana' })).toEqual([]);
  });
});
