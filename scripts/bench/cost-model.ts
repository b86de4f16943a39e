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

// ---------------------------------------------------------------------------------------------
// Capacity and monthly cost at a steady request rate (issue 42, item 3), from what each call
// costs as measured in-process (scripts/bench/scale/call-costs.ts) and the offer job's minute
// (scripts/bench/scale/offer-minute.ts).

/** One call's measured cost: our code's CPU, its DynamoDB units, the emails it sends. */
export interface CallProfile {
  cpuMs: number;
  dynamoCalls: number;
  readUnits: number;
  /** Table write units (dynalite's count: GSI writes come on top, see GSI_WRITE_FACTOR). */
  writeUnits: number;
  /** Of those, the write units on the one `OUTBOX` partition (decision 054). */
  outboxWriteUnits: number;
  /** Of those, the write units on lead items (each copied into the GSIs). */
  leadWriteUnits: number;
  emails: number;
  s3Calls: number;
}

/**
 * What one booking brings, by kind of request: the traffic mix. Page views are static (CloudFront
 * only); every other entry is a Lambda invocation priced as the measured call named beside it.
 */
export const TRAFFIC_MIX = [
  // 15 visitors look at 2 pages each for every one that books.
  { what: 'page views', perBooking: 30, priced: 'page' },
  { what: 'upload URLs', perBooking: 1, priced: 'upload URLs' },
  { what: 'bookings', perBooking: 1, priced: 'booking' },
  // The three offered haulers and the homeowner (3 times) open their links.
  { what: 'lead views (offer and request pages)', perBooking: 6, priced: 'lead view' },
  // Two of the three haulers quote.
  { what: 'hauler quotes', perBooking: 2, priced: 'hauler quote' },
  { what: 'acceptances', perBooking: 1, priced: 'decide quote' },
  // Address, on my way, done: each a link, a lead read, a conditional write and an email, as an
  // acceptance is; priced as the measured acceptance until job updates are measured themselves.
  { what: 'job updates', perBooking: 3, priced: 'decide quote' },
  // One offer round of three offers, in the offer job's minute.
  { what: 'offer rounds (scheduled)', perBooking: 1, priced: 'offer round' },
  // The day-before reminders: the same job, one lead's reads and claims, as an offer round.
  { what: 'reminders (scheduled)', perBooking: 1, priced: 'offer round' },
] as const;

/**
 * What AWS adds to the local figures: each call's round trip inside the region, and how much
 * slower a 512 MB Lambda runs our CPU work than this machine's core (Lambda gives a full vCPU at
 * 1,769 MB, in proportion below it).
 */
export const AWS_ASSUMPTIONS = {
  dynamoCallMs: 6,
  sesCallMs: 30,
  s3CallMs: 20,
  cpuSlowdownAt512Mb: 1769 / 512,
  /** The lead item's GSIs: by-status and by-reference project ALL (a copy of every write), by-due keys only. */
  gsiWriteFactor: 3,
  secondsPerMonth: 30 * 24 * 3600,
} as const;

/** The quotas and partition limits a rising rate meets; each with what raises it. */
export const LIMITS_AT_SCALE = {
  lambdaConcurrency: 1_000, // account default, per region
  sesSendRate: 14, // emails per second, a new production account
  partitionWriteUnits: 1_000, // per partition per second
  partitionReadUnits: 3_000,
  tableOnDemandUnits: 40_000, // on-demand table default maximum, reads and writes each
  offerJobBudgetMs: 25_000, // lambdas/hauler-offers/offers-job.ts DEFAULT_OFFER_BUDGET_MS
} as const;

/**
 * Payment fees (issue 39 asks `npm run bench` for them; one place here). Stripe's card price and
 * Connect Express, US, as published; the platform's share is PAYMENT_TERMS.platformFeeBasisPoints.
 */
export const PAYMENT_FEES = {
  cardPercent: 2.9,
  cardFixedUsd: 0.3,
  connectActiveAccountMonthUsd: 2,
  payoutPercent: 0.25,
  payoutFixedUsd: 0.25,
} as const;

export interface ScaleInputs {
  /** Requests per second of the mix (page views and API calls together). */
  requestsPerSecond: number;
  /** Measured profiles by the names TRAFFIC_MIX prices with ('page' needs none). */
  profiles: Record<string, CallProfile>;
  /** Bytes and requests of one page view (section 1), when measured in the same run. */
  page?: { bytes: number; requests: number };
  /** A job's price and the platform's fee on it, for the payment lines. */
  job: { priceUsd: number; platformFeeBasisPoints: number; share: number };
  /** Haulers paid at least once in a month (Connect's active accounts). */
  activeHaulers: number;
}

export interface LimitLine {
  limit: string;
  used: number;
  capacity: number;
  raise: string;
}

export interface ScaleResult {
  bookingsPerSecond: number;
  lambdaPerSecond: number;
  /** Mean Lambda instances busy at once. */
  concurrency: number;
  readUnitsPerSecond: number;
  writeUnitsPerSecond: number;
  outboxWriteUnitsPerSecond: number;
  /** The busiest by-status GSI partition: every new lead's writes while it is `received`. */
  statusPartitionWriteUnitsPerSecond: number;
  emailsPerSecond: number;
  /** The offer job's share of its minute's budget, CPU at 512 MB. */
  offerJobBudgetShare: number;
  monthly: CostLine[];
  payments: CostLine[];
  limits: LimitLine[];
}

/** Milliseconds one call holds its Lambda instance in AWS, from its local profile. */
export function awsDurationMs(profile: CallProfile): number {
  const a = AWS_ASSUMPTIONS;
  return (
    profile.cpuMs * a.cpuSlowdownAt512Mb +
    profile.dynamoCalls * a.dynamoCallMs +
    profile.emails * a.sesCallMs +
    profile.s3Calls * a.s3CallMs
  );
}

export function costAtScale(inputs: ScaleInputs): ScaleResult {
  const a = AWS_ASSUMPTIONS;
  const perBooking = TRAFFIC_MIX.reduce((sum, entry) => sum + entry.perBooking, 0);
  const bookings = inputs.requestsPerSecond / perBooking;
  let lambdaPerSecond = 0;
  let concurrency = 0;
  let gbSeconds = 0;
  let reads = 0;
  let writes = 0;
  let outbox = 0;
  let leadWrites = 0;
  let emails = 0;
  let s3 = 0;
  let jobCpuMs = 0;
  let pageViews = 0;
  for (const entry of TRAFFIC_MIX) {
    const rate = bookings * entry.perBooking;
    if (entry.priced === 'page') {
      pageViews += rate;
      continue;
    }
    const profile = inputs.profiles[entry.priced];
    if (profile === undefined) throw new Error(`no measured profile for ${entry.priced}`);
    const seconds = awsDurationMs(profile) / 1000;
    if (entry.priced === 'offer round') {
      jobCpuMs += rate * profile.cpuMs * a.cpuSlowdownAt512Mb;
    } else {
      // The scheduled job is one invocation a minute, not one a request.
      lambdaPerSecond += rate;
    }
    concurrency += rate * seconds;
    gbSeconds += rate * seconds * PRICES.lambda.memoryGb;
    reads += rate * profile.readUnits;
    leadWrites += rate * profile.leadWriteUnits;
    writes += rate * (profile.writeUnits + profile.leadWriteUnits * (a.gsiWriteFactor - 1));
    outbox += rate * profile.outboxWriteUnits;
    emails += rate * profile.emails;
    s3 += rate * profile.s3Calls;
  }
  const month = a.secondsPerMonth;
  const apiRequests = lambdaPerSecond * month;
  const pageRequests = inputs.page === undefined ? 0 : pageViews * inputs.page.requests * month;
  const pageGb = inputs.page === undefined ? 0 : (pageViews * inputs.page.bytes * month) / GB;
  const monthly: CostLine[] = [
    {
      service: 'Lambda',
      basis: `${(apiRequests / 1e6).toFixed(1)} M invocations, ${((gbSeconds * month) / 1e6).toFixed(2)} M GB-seconds at 512 MB arm64`,
      usd:
        (apiRequests / 1e6) * PRICES.lambda.perMillionRequests +
        gbSeconds * month * PRICES.lambda.perGbSecondArm,
    },
    {
      service: 'DynamoDB',
      basis: `${reads.toFixed(0)} read and ${writes.toFixed(0)} write units a second on demand (GSI copies of lead writes included)`,
      usd:
        ((reads * month) / 1e6) * PRICES.dynamoDb.perMillionReads +
        ((writes * month) / 1e6) * PRICES.dynamoDb.perMillionWrites,
    },
    {
      service: 'SES',
      basis: `${emails.toFixed(1)} emails a second`,
      usd: ((emails * month) / 1000) * PRICES.ses.perThousandEmails,
    },
    {
      service: 'S3',
      basis: `${s3.toFixed(1)} requests a second (photo checks, copies, lead archive; photo storage in the per-quote lines)`,
      usd: ((s3 * month) / 1000) * PRICES.s3.perThousandPuts,
    },
    {
      service: 'CloudFront and WAF',
      basis:
        inputs.page === undefined
          ? `${(apiRequests / 1e6).toFixed(1)} M API requests (page views not measured in this run)`
          : `${(apiRequests / 1e6).toFixed(1)} M API requests, ${(pageRequests / 1e6).toFixed(0)} M page requests, ${pageGb.toFixed(0)} GB out`,
      usd:
        ((apiRequests + pageRequests) / 1e6) *
          (PRICES.cloudFront.perMillionHttpsRequests +
            QUOTE_ASSUMPTIONS.functionInvocationsPerRequest *
              PRICES.cloudFront.perMillionFunctionInvocations +
            PRICES.waf.perMillionRequests) +
        pageGb * PRICES.cloudFront.perGbOut,
    },
  ];
  // ---- Payment fees (issue 39): the place to change when the fees or the share change.
  const jobs = bookings * inputs.job.share * month;
  const f = PAYMENT_FEES;
  const price = inputs.job.priceUsd;
  const payments: CostLine[] = [
    {
      service: 'platform fee (revenue)',
      basis: `${(jobs / 1e6).toFixed(2)} M jobs at $${price}, ${inputs.job.platformFeeBasisPoints / 100}% kept`,
      usd: -jobs * price * (inputs.job.platformFeeBasisPoints / 10_000),
    },
    {
      service: 'Stripe card fees',
      basis: `${f.cardPercent}% + $${f.cardFixedUsd} a charge`,
      usd: jobs * (price * (f.cardPercent / 100) + f.cardFixedUsd),
    },
    {
      service: 'Connect Express',
      basis: `$${f.connectActiveAccountMonthUsd} per active hauler a month (${inputs.activeHaulers}), ${f.payoutPercent}% + $${f.payoutFixedUsd} a payout (one a job)`,
      usd:
        inputs.activeHaulers * f.connectActiveAccountMonthUsd +
        jobs *
          (price * (1 - inputs.job.platformFeeBasisPoints / 10_000) * (f.payoutPercent / 100) +
            f.payoutFixedUsd),
    },
  ];
  const L = LIMITS_AT_SCALE;
  const budgetShare = (jobCpuMs * 60) / L.offerJobBudgetMs;
  const limits: LimitLine[] = [
    {
      limit: 'SES sending rate (emails a second)',
      used: emails,
      capacity: L.sesSendRate,
      raise:
        'a sending-quota increase (SES console or Service Quotas; AWS raises it with a good sending record); meanwhile the outbox holds the rest',
    },
    {
      limit: 'the offer job: CPU of a minute’s offer rounds at 512 MB within its 25 s budget',
      used: budgetShare,
      capacity: 1,
      raise:
        'more memory for the job (a full vCPU at 1,769 MB: 3.5x), then a shorter round or several shards of the due index',
    },
    {
      limit:
        'by-status GSI partition (write units a second; every received lead shares one status value)',
      used: leadWrites,
      capacity: L.partitionWriteUnits,
      raise:
        'shard the by-status key (status#n) or project fewer attributes; DynamoDB also splits hot partitions itself over minutes',
    },
    {
      limit: 'the OUTBOX partition (write units a second)',
      used: outbox,
      capacity: L.partitionWriteUnits,
      raise:
        'shard the outbox key (OUTBOX#0..n) and query the shards; keep the rendered body out of the item',
    },
    {
      limit: 'Lambda concurrency (account)',
      used: concurrency,
      capacity: L.lambdaConcurrency,
      raise: 'Service Quotas → Lambda → Concurrent executions',
    },
    {
      limit: 'DynamoDB table on demand (write units a second)',
      used: writes,
      capacity: L.tableOnDemandUnits,
      raise: 'Service Quotas → DynamoDB → table-level write throughput',
    },
  ].sort((x, y) => y.used / y.capacity - x.used / x.capacity);
  return {
    bookingsPerSecond: bookings,
    lambdaPerSecond,
    concurrency,
    readUnitsPerSecond: reads,
    writeUnitsPerSecond: writes,
    outboxWriteUnitsPerSecond: outbox,
    statusPartitionWriteUnitsPerSecond: leadWrites,
    emailsPerSecond: emails,
    offerJobBudgetShare: budgetShare,
    monthly,
    payments,
    limits,
  };
}
