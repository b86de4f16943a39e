import { describe, expect, it } from 'vitest';
import { costPerMillionPageViews, costPerThousandQuotes, total } from './cost-model';

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
