/**
 * What the product costs to run, from AWS's published on-demand prices (us-east-1, US edge
 * locations) and the bench's own measurements: bytes and requests per page view (section 1), photo
 * bytes (section 2), and the API's latency under load (section 4) as billed Lambda duration.
 *
 * The prices are constants here, one place, with the date they were taken: no network is
 * reachable from the bench, so they are AWS's published list prices as last seen, not fetched.
 * Free tiers are left out (they only lower the figures).
 */

export const PRICES_TAKEN =
  '2026-11-23, from AWS pricing pages as last published (2025 list prices); not fetched live';

/** USD. */
export const PRICES = {
  cloudFront: {
    perGbOut: 0.085, // data transfer out to the internet, US/Europe, first 10 TB/month
    perMillionHttpsRequests: 1.0, // $0.0100 per 10,000 HTTPS requests, US
    perMillionFunctionInvocations: 0.1, // CloudFront Functions
  },
  waf: {
    perWebAclMonth: 5.0,
    // infra/web-acl.ts: three per-IP rate rules (API, booking, hauler paths) and three AWS groups.
    perRuleMonth: 1.0,
    rules: 6,
    perMillionRequests: 0.6,
  },
  lambda: {
    perGbSecondArm: 0.0000133334, // arm64
    perMillionRequests: 0.2,
    memoryGb: 0.5, // infra/api-function.ts: memorySize 512
  },
  s3: {
    perThousandPuts: 0.005, // PUT, COPY, POST, LIST
    perThousandGets: 0.0004, // GET, HEAD
    perGbMonth: 0.023, // Standard, first 50 TB
  },
  dynamoDb: {
    perMillionWrites: 0.625, // on-demand write request units (after the November 2024 price cut)
    perMillionReads: 0.125, // on-demand read request units
  },
  ses: { perThousandEmails: 0.1 },
  kms: { perKeyMonth: 1.0, perTenThousandRequests: 0.03 },
  cloudWatch: { perGbLogsIngested: 0.5, perGbLogsStoredMonth: 0.03 },
} as const;

/** What one quote request does, by design (ARCHITECTURE.md and the handlers). */
export const QUOTE_ASSUMPTIONS = {
  /** The contract allows 2 to 10; a typical homeowner sends a handful. */
  photosPerQuote: 5,
  /** Operations and one hauler each open every photo once, through CloudFront. */
  photoViewsPerQuote: 2,
  /** infra/config.ts photoRetentionDays default: photos are kept 180 days. */
  photoRetentionMonths: 6,
  /** Confirmation to the homeowner, notification to operations. */
  emailsPerQuote: 2,
  /** API calls through CloudFront and WAF: upload URLs, then the booking. */
  apiCallsPerQuote: 2,
  /** Viewer request and viewer response: the stack's route function runs on both. */
  functionInvocationsPerRequest: 2,
  /**
   * The lead's writes and reads once leads live in DynamoDB (decision 012): the lead item, its
   * counters, the email outcome; one read to find an earlier attempt. Today the same writes are
   * S3 PUTs, priced the same way below under S3.
   */
  dynamoWritesPerQuote: 3,
  dynamoReadsPerQuote: 1,
  /** S3 requests besides the photo PUTs: HEAD per photo (booking checks each), lead GETs and PUTs. */
  s3PutsPerQuoteBesidesPhotos: 2,
  /** JSON log lines of a warm invocation (START, END, REPORT, one app line), bytes. */
  logBytesPerInvocation: 1200,
  logRetentionMonths: 1, // infra/api-function.ts: ONE_MONTH
} as const;

export interface CostInputs {
  /** Median over indexable pages of Lighthouse's total transfer and request count (first visit). */
  pageBytes: number;
  pageRequests: number;
  /** Bytes of one uploaded photo after the browser's encoding (section 2). */
  photoBytes: number;
  /** Billed Lambda duration per call, ms: the measured p99 of each endpoint (section 4). */
  uploadUrlsMs: number;
  bookingMs: number;
}

export interface CostLine {
  service: string;
  basis: string;
  usd: number;
}

const GB = 1024 ** 3;

/** Cost of 1,000 quote requests, line by line. */
export function costPerThousandQuotes(inputs: CostInputs): CostLine[] {
  const q = QUOTE_ASSUMPTIONS;
  const n = 1000;
  const photos = n * q.photosPerQuote;
  const photoGb = (photos * inputs.photoBytes) / GB;
  const apiCalls = n * q.apiCallsPerQuote;
  const photoViews = photos * q.photoViewsPerQuote;
  const gbSeconds = n * ((inputs.uploadUrlsMs + inputs.bookingMs) / 1000) * PRICES.lambda.memoryGb;
  const logGb = (apiCalls * q.logBytesPerInvocation) / GB;
  return [
    {
      service: 'CloudFront',
      basis: `${apiCalls} API calls + ${photoViews} photo views (requests, route function on each, ${(photoGb * q.photoViewsPerQuote).toFixed(2)} GB out)`,
      usd:
        ((apiCalls + photoViews) / 1e6) *
          (PRICES.cloudFront.perMillionHttpsRequests +
            q.functionInvocationsPerRequest * PRICES.cloudFront.perMillionFunctionInvocations) +
        photoGb * q.photoViewsPerQuote * PRICES.cloudFront.perGbOut,
    },
    {
      service: 'WAF',
      basis: `${apiCalls + photoViews} requests inspected (monthly fee under page views)`,
      usd: ((apiCalls + photoViews) / 1e6) * PRICES.waf.perMillionRequests,
    },
    {
      service: 'Lambda',
      basis: `${apiCalls} invocations, ${inputs.uploadUrlsMs.toFixed(0)} + ${inputs.bookingMs.toFixed(0)} ms at 512 MB arm64 (measured p99)`,
      usd:
        (apiCalls / 1e6) * PRICES.lambda.perMillionRequests +
        gbSeconds * PRICES.lambda.perGbSecondArm,
    },
    {
      service: 'S3',
      basis: `${photos} photo PUTs + ${n * q.s3PutsPerQuoteBesidesPhotos} lead PUTs, ${photos} HEADs + ${photoViews} GETs, ${photoGb.toFixed(2)} GB kept ${q.photoRetentionMonths} months`,
      usd:
        ((photos + n * q.s3PutsPerQuoteBesidesPhotos) / 1000) * PRICES.s3.perThousandPuts +
        ((photos + photoViews) / 1000) * PRICES.s3.perThousandGets +
        photoGb * q.photoRetentionMonths * PRICES.s3.perGbMonth,
    },
    {
      service: 'DynamoDB',
      basis: `${n * q.dynamoWritesPerQuote} writes + ${n * q.dynamoReadsPerQuote} reads on demand (decision 012's table)`,
      usd:
        ((n * q.dynamoWritesPerQuote) / 1e6) * PRICES.dynamoDb.perMillionWrites +
        ((n * q.dynamoReadsPerQuote) / 1e6) * PRICES.dynamoDb.perMillionReads,
    },
    {
      service: 'SES',
      basis: `${n * q.emailsPerQuote} emails`,
      usd: ((n * q.emailsPerQuote) / 1000) * PRICES.ses.perThousandEmails,
    },
    {
      service: 'KMS',
      // The lead key (decision 018): one GenerateDataKey per archived lead (SSE-KMS); DynamoDB
      // caches the table's data key, so its calls are negligible. The key's own $1 a month is fixed.
      basis: `${n} lead archive writes under the lead key (SSE-KMS), plus $${PRICES.kms.perKeyMonth} a month for the key`,
      usd: (n / 10_000) * PRICES.kms.perTenThousandRequests,
    },
    {
      service: 'CloudWatch',
      basis: `${(logGb * 1024).toFixed(1)} MB of Lambda logs ingested, kept ${q.logRetentionMonths} month`,
      usd:
        logGb * PRICES.cloudWatch.perGbLogsIngested +
        logGb * q.logRetentionMonths * PRICES.cloudWatch.perGbLogsStoredMonth,
    },
  ];
}

/** Cost of one million page views (first visits, nothing cached in the browser), line by line. */
export function costPerMillionPageViews(inputs: CostInputs): CostLine[] {
  const views = 1e6;
  const requests = views * inputs.pageRequests;
  const gb = (views * inputs.pageBytes) / GB;
  return [
    {
      service: 'CloudFront',
      basis: `${(requests / 1e6).toFixed(0)} M requests (${inputs.pageRequests} a view), route function on each, ${gb.toFixed(0)} GB out`,
      usd:
        (requests / 1e6) *
          (PRICES.cloudFront.perMillionHttpsRequests +
            QUOTE_ASSUMPTIONS.functionInvocationsPerRequest *
              PRICES.cloudFront.perMillionFunctionInvocations) +
        gb * PRICES.cloudFront.perGbOut,
    },
    {
      service: 'WAF',
      basis: `${(requests / 1e6).toFixed(0)} M requests inspected, plus $${PRICES.waf.perWebAclMonth + PRICES.waf.rules * PRICES.waf.perRuleMonth} a month for the web ACL and its ${PRICES.waf.rules} rules (on by default; \`-c enableWaf=false\` removes it)`,
      usd: (requests / 1e6) * PRICES.waf.perMillionRequests,
    },
    {
      service: 'S3',
      basis: 'origin fetches only on a cache miss (hashed assets cached a year): negligible',
      usd: 0,
    },
    { service: 'Lambda, DynamoDB, SES, KMS', basis: 'not used by page views', usd: 0 },
    {
      service: 'CloudWatch',
      basis: 'no logs per page view (CloudFront standard logs go to S3: storage only)',
      usd: 0,
    },
  ];
}

export const total = (lines: readonly CostLine[]) => lines.reduce((sum, line) => sum + line.usd, 0);
