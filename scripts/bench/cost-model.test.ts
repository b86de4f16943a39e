import { describe, expect, it } from 'vitest';
import {
  AWS_ASSUMPTIONS,
  type CallProfile,
  TRAFFIC_MIX,
  awsDurationMs,
  costAtScale,
  costPerMillionPageViews,
  costPerThousandQuotes,
  total,
} from './cost-model';

const inputs = {
  pageBytes: 100 * 1024,
  pageRequests: 20,
  photoBytes: 200 * 1024,
  uploadUrlsMs: 10,
  bookingMs: 100,
};
const line = (lines: ReturnType<typeof costPerThousandQuotes>, service: string) =>
  lines.find((l) => l.service === service)!.usd;

describe('cost model', () => {
  it('prices 1,000 quotes from the per-quote design: two emails each, Lambda by GB-second', () => {
    const quotes = costPerThousandQuotes(inputs);
    expect(line(quotes, 'SES')).toBeCloseTo(0.2, 10);
    // 2,000 invocations at $0.20 per million, plus 1,000 x 0.11 s x 0.5 GB at the arm64 rate.
    expect(line(quotes, 'Lambda')).toBeCloseTo(0.0004 + 55 * 0.0000133334, 10);
    // One GenerateDataKey per archived lead under the lead key: 1,000 × $0.03 / 10,000.
    expect(line(quotes, 'KMS')).toBeCloseTo(0.003, 6);
    expect(total(quotes)).toBeCloseTo(
      quotes.reduce((sum, l) => sum + l.usd, 0),
      10,
    );
  });

  it('prices a million page views by requests and bytes out', () => {
    const views = costPerMillionPageViews(inputs);
    const gb = (1e6 * 100 * 1024) / 1024 ** 3;
    // 20 M requests at $1 per million, the route function twice on each, the bytes at $0.085/GB.
    expect(line(views, 'CloudFront')).toBeCloseTo(20 + 20 * 2 * 0.1 + gb * 0.085, 6);
    expect(line(views, 'WAF')).toBeCloseTo(20 * 0.6, 6);
  });
});

const call = (overrides: Partial<CallProfile> = {}): CallProfile => ({
  cpuMs: 10,
  dynamoCalls: 4,
  readUnits: 1,
  writeUnits: 10,
  outboxWriteUnits: 4,
  leadWriteUnits: 3,
  emails: 1,
  s3Calls: 0,
  ...overrides,
});
const profiles = Object.fromEntries(
  TRAFFIC_MIX.filter((entry) => entry.priced !== 'page').map((entry) => [entry.priced, call()]),
);
const scaleInputs = {
  requestsPerSecond: 100,
  profiles,
  job: { priceUsd: 200, platformFeeBasisPoints: 1_500, share: 0.5 },
  activeHaulers: 100,
};
const perBooking = TRAFFIC_MIX.reduce((sum, entry) => sum + entry.perBooking, 0);
const lambdaPerBooking = TRAFFIC_MIX.filter((e) => e.priced !== 'page').reduce(
  (sum, e) => sum + e.perBooking,
  0,
);

describe('capacity and cost at a steady rate', () => {
  it('holds a call for its CPU slowed to 512 MB plus a round trip per AWS call', () => {
    const ms = awsDurationMs(call({ s3Calls: 2 }));
    const a = AWS_ASSUMPTIONS;
    expect(ms).toBeCloseTo(
      10 * a.cpuSlowdownAt512Mb + 4 * a.dynamoCallMs + a.sesCallMs + 2 * a.s3CallMs,
      10,
    );
  });

  it('turns 100 requests a second into bookings, emails and units by the mix', () => {
    const scale = costAtScale(scaleInputs);
    const bookings = 100 / perBooking;
    expect(scale.bookingsPerSecond).toBeCloseTo(bookings, 10);
    // Every priced call sends one email here.
    expect(scale.emailsPerSecond).toBeCloseTo(bookings * lambdaPerBooking, 10);
    expect(scale.outboxWriteUnitsPerSecond).toBeCloseTo(bookings * lambdaPerBooking * 4, 10);
    // Lead writes count three times: the table and two indexes that copy every attribute.
    expect(scale.writeUnitsPerSecond).toBeCloseTo(bookings * lambdaPerBooking * (10 + 3 * 2), 10);
    expect(scale.concurrency).toBeCloseTo(
      (bookings * lambdaPerBooking * awsDurationMs(call())) / 1000,
      10,
    );
  });

  it('names the limit with the largest share first', () => {
    const scale = costAtScale({
      ...scaleInputs,
      profiles: { ...profiles, booking: call({ emails: 400 }) },
    });
    expect(scale.limits[0]!.limit).toMatch(/^SES sending rate/);
    const shares = scale.limits.map((l) => l.used / l.capacity);
    expect(shares).toEqual([...shares].sort((x, y) => y - x));
  });

  it('prices payments: the platform fee is revenue, Stripe takes its card and payout fees', () => {
    const scale = costAtScale(scaleInputs);
    const jobs = (100 / perBooking) * 0.5 * AWS_ASSUMPTIONS.secondsPerMonth;
    const line = (name: string) => scale.payments.find((l) => l.service.startsWith(name))!.usd;
    expect(line('platform fee')).toBeCloseTo(-jobs * 30, 4);
    expect(line('Stripe card')).toBeCloseTo(jobs * (200 * 0.029 + 0.3), 4);
    // $2 per active hauler; the payout is the hauler's 85%: 0.25% of $170 + $0.25.
    expect(line('Connect')).toBeCloseTo(100 * 2 + jobs * (170 * 0.0025 + 0.25), 4);
  });

  it('refuses to price a mix entry nobody measured', () => {
    expect(() => costAtScale({ ...scaleInputs, profiles: {} })).toThrow(/no measured profile/);
  });
});
