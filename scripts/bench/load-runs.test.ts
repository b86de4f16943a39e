import { describe, expect, it } from 'vitest';
import { notOkReport } from './load-runs';

const allOk = { errors: 0, timeouts: 0, amount: 5, bodiesTaken: 5 };

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
      amount: 302,
      bodiesTaken: 302,
    };
    expect(notOkReport('/api/send-quote', run, 200)).toBe(
      '/api/send-quote: 10 × 409, 2 errors (1 timeouts), not 200; first: 409 {"error":{"code":"conflict"}}',
    );
  });

  it('is not reported when every answer was the success status', () => {
    expect(
      notOkReport('/api/lead', { ...allOk, statuses: new Map([[200, 5]]) }, 200),
    ).toBeUndefined();
  });

  it('is reported when a request got no answer, though every answer was the success status', () => {
    expect(notOkReport('/api/decide-quote', { ...allOk, statuses: new Map([[200, 4]]) }, 200)).toBe(
      '/api/decide-quote: 1 of 5 requests not answered, not 200',
    );
  });

  it('is reported when autocannon took a body more or fewer than the requests it made', () => {
    expect(
      notOkReport(
        '/api/decide-quote',
        { ...allOk, statuses: new Map([[200, 5]]), bodiesTaken: 6 },
        200,
      ),
    ).toBe('/api/decide-quote: 6 bodies taken for 5 requests, not 200');
  });
});
