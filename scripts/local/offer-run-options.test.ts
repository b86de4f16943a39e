import { describe, expect, it } from 'vitest';
import { SHARED_CLOCK_SLACK_MS, offerRunOptions } from './offer-run-options';

const NOW = new Date('2026-11-25T01:00:00.000Z');
const ID = '959fdc72-d7fa-4033-a03b-27564e42e745';
const body = (value: unknown) => Buffer.from(JSON.stringify(value));
const later = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

describe('the local offer run switch', () => {
  it('runs every due lead now when the body is empty', () => {
    expect(offerRunOptions(null, NOW)).toEqual({});
    expect(offerRunOptions(Buffer.from('  '), NOW)).toEqual({});
  });

  it('runs every due lead at a time within the clock slack of now', () => {
    expect(offerRunOptions(body({ at: later(SHARED_CLOCK_SLACK_MS) }), NOW)).toEqual({
      at: new Date(later(SHARED_CLOCK_SLACK_MS)),
    });
  });

  it('refuses to move every request to another time: an hour ahead must name its request', () => {
    const message = offerRunOptions(body({ at: later(3_600_000) }), NOW);
    expect(message).toMatch(/must name its request \("submissionId"\)/);
    expect(offerRunOptions(body({ at: later(-3_600_000) }), NOW)).toBe(message);
    expect(offerRunOptions(body({ at: later(SHARED_CLOCK_SLACK_MS + 1) }), NOW)).toBe(message);
  });

  it('moves one request to any time, its id read in lower case', () => {
    expect(
      offerRunOptions(body({ at: later(3_600_000), submissionId: ID.toUpperCase() }), NOW),
    ).toEqual({ at: new Date(later(3_600_000)), only: ID });
    expect(offerRunOptions(body({ submissionId: ID }), NOW)).toEqual({ only: ID });
  });

  it('says what is wrong with a body it cannot read', () => {
    expect(offerRunOptions(Buffer.from('{'), NOW)).toMatch(/^The body must be JSON/);
    expect(offerRunOptions(body({ at: 'tomorrow' }), NOW)).toMatch(/^at must be an ISO 8601 time/);
    expect(offerRunOptions(body({ submissionId: 7 }), NOW)).toBe(
      "submissionId must be a request's id",
    );
  });
});
