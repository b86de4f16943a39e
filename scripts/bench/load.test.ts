import { describe, expect, it } from 'vitest';
import { notOkReport } from './load';

describe('a load run that was not all OK', () => {
  it('is described by its other statuses, its errors and its first other answer', () => {
    const run = {
      statuses: new Map([
        [200, 290],
        [409, 10],
      ]),
      errors: 2,
      timeouts: 1,
      firstNotOk: '409 {"error":{"code":"conflict"}}',
    };
    expect(notOkReport('/api/send-quote', run, 200)).toBe(
      '/api/send-quote: 10 × 409, 2 errors (1 timeouts), not 200; first: 409 {"error":{"code":"conflict"}}',
    );
  });

  it('is not reported when every answer was the success status', () => {
    expect(
      notOkReport('/api/lead', { statuses: new Map([[200, 5]]), errors: 0, timeouts: 0 }, 200),
    ).toBeUndefined();
  });
});
