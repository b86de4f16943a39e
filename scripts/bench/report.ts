/** Turns the sections' results and the cost model into the Markdown of docs/benchmarks.md. */
import { MAX_PHOTO_EDGE_PX } from '../../frontend/features/quote-form/media/prepare-photo';
import {
  DEFAULT_RESERVED_CONCURRENCY,
  RESERVING_FUNCTION_COUNT,
  SINGLE_RUN_FUNCTIONS,
} from '../../infra/config';
import {
  type CostInputs,
  type CostLine,
  PRICES,
  PRICES_TAKEN,
  QUOTE_ASSUMPTIONS,
  costPerMillionPageViews,
  costPerThousandQuotes,
  total,
} from './cost-model';
import { COVERAGE_BENCH, type CoverageResult } from './coverage';
import type { FunctionResult } from './functions';
import { MONEY_BENCH, type MoneyResult } from './money';
import { OFFERS_BENCH, type OffersResult } from './offers';
import type { OfferMinuteResult } from './scale/offer-minute';
import type { CallCost } from './scale/call-costs';
import type { BurstResult } from './scale/burst';
import { burstSection, callCostsSection, offerMinuteSection } from './scale/report-scale';
import { CONNECTIONS, type LoadResult, WARM_UP_REQUESTS } from './load';
import { IMPORT_RUNS } from './functions';
import type { PagesResult } from './pages';
import { pagesSection } from './pages-report';
import { type Outcome, failed, kb, mark, mb, minutes, table, took } from './report-format';
import { LAMBDA_MINIMUM_UNRESERVED } from '../deploy/reserved-concurrency';
import { median } from './stats';
import { NETWORK_PROFILE, type UploadsResult } from './uploads';
import { API_PATHS } from '#contract/core/api';
import { LIMITS } from '#contract/core/limits';
import { OFFER_DEFAULTS } from '#contract/loop/offers';
import { PAYMENT_TERMS } from '#contract/money/payments';
import { LOOP_LIMITS } from '#contract/loop/quote-loop';

export type { Outcome } from './report-format';

export interface Report {
  date: Date;
  totalSeconds: number;
  machine: {
    nproc: number;
    cpu: string;
    memoryGb: number;
    /** Other work on the machine moves Lighthouse's CPU-based figures (TBT, performance). */
    loadAverage: [number, number];
    node: string;
    chromium: string;
  };
  /** When build/client/index.html was written; two values if someone rebuilt during the run. */
  builds: string[];
  pages: Outcome<PagesResult>;
  uploads: Outcome<UploadsResult>;
  functions: Outcome<FunctionResult[]>;
  load: Outcome<LoadResult[]>;
  coverage: Outcome<CoverageResult>;
  offers: Outcome<OffersResult>;
  minute: Outcome<OfferMinuteResult>;
  calls: Outcome<CallCost[]>;
  burst: Outcome<BurstResult>;
  money: Outcome<MoneyResult>;
}

export const UPLOAD_SPEED_UP_BUDGET = 10;

function uploadsSection(outcome: Outcome<UploadsResult>): string {
  const title = '## 2. Photo uploads (quote flow over an emulated 4G uplink)';
  if (!outcome.ok) return `${title}\n\n${failed(outcome)}`;
  const { photos, ours, naive } = outcome.value;
  const sizes = photos.map((p) => p.bytes);
  const total = sizes.reduce((a, b) => a + b, 0);
  const speedUp = naive.seconds / ours.seconds;
  const p = NETWORK_PROFILE;
  const how = `How measured: ${photos.length} generated 4000x3000 JPEG photos (sharp: a gradient with per-pixel gaussian noise), ${mb(Math.min(...sizes))} to ${mb(Math.max(...sizes))} each, ${mb(total)} in all, sent through the quote flow on the local stack in headless chromium (Playwright) with the network emulated over the DevTools protocol (\`Network.emulateNetworkConditions\`) as the ${p.name} preset: latency ${p.latencyMs} ms, download ${((p.downloadBytesPerSecond * 8) / 1e6).toFixed(2)} Mbit/s (${p.downloadBytesPerSecond} B/s), upload ${((p.uploadBytesPerSecond * 8) / 1e6).toFixed(2)} Mbit/s (${p.uploadBytesPerSecond} B/s). *Ours*: the real form on the home page, filled, the ten files set on its photo input, timed from the click on 'Get My Free Quote' to the 'Quote Request Submitted' dialog (the browser re-encodes every photo at most ${MAX_PHOTO_EDGE_PX} px long, WebP where it encodes WebP, else JPEG, then PUTs three at a time). *Naive*: in the same browser and conditions, presigned URLs requested for the original sizes, each original PUT with \`fetch\` one after another, then the booking call; timed from the first request to the booking's answer. Bytes uploaded are the sum of the PUT requests' Content-Length. One run of each.`;
  const types = (flow: typeof ours) =>
    [...new Set(flow.contentTypes)].map((type) => `\`${type}\``).join(', ');
  const row = (name: string, what: string, flow: typeof ours) => [
    name,
    `${what} (${types(flow)})`,
    `${flow.puts}`,
    `${mb(flow.uploadedBytes)} (${flow.uploadedBytes} B)`,
    `${flow.firstPutSeconds.toFixed(1)} s`,
    `**${flow.seconds.toFixed(1)} s**`,
  ];
  return [
    title,
    how,
    table(
      ['flow', 'what is uploaded', 'PUTs', 'bytes uploaded', 'first PUT after', 'submit → success'],
      [
        row('ours', `re-encoded, ≤ ${MAX_PHOTO_EDGE_PX} px, 3 at a time`, ours),
        row('naive', 'originals, one after another', naive),
      ],
    ),
    table(
      ['budget', 'value', 'result'],
      [
        [
          `ours at least ${UPLOAD_SPEED_UP_BUDGET}x faster than naive`,
          `${speedUp.toFixed(1)}x`,
          speedUp >= UPLOAD_SPEED_UP_BUDGET ? 'pass' : '**fail**',
        ],
      ],
    ),
    `Ours sent ${((ours.uploadedBytes / naive.uploadedBytes) * 100).toFixed(0)}% of the naive flow's bytes. The naive flow's last PUT started ${naive.lastPutSeconds.toFixed(0)} s after its submit; presigned URLs expire after ${LIMITS.uploadUrlExpirySeconds} s, so on a slower uplink it fails outright. ${took(outcome)}`,
  ].join('\n\n');
}

function functionsSection(outcome: Outcome<FunctionResult[]>): string {
  const title = '## 3. Lambda functions (bundle size, cold import)';
  if (!outcome.ok) return `${title}\n\n${failed(outcome)}`;
  const how = `How measured: each handler bundled with esbuild using the CDK stack's options (\`infra/api-function.ts\`: ESM, target node24, platform node, minified, external source map without sources, AWS SDK bundled, main fields module/main, the createRequire banner); the size is the minified \`index.mjs\` (the source map ships beside it). Shipped beside: the packages the stack leaves out of the bundle and copies into the asset's node_modules/ when the bundle imports them (\`LAMBDA_BUNDLE.shippedBeside\`: the ZIP dataset, imported only when a hauler's coverage is computed), not part of the cold import. The bundle-size budget (300 KB) is retired: the AWS SDK itself is the floor, and the cold import is the figure a visitor waits for. Cold import: a fresh \`node\` process (the Node.js above; Lambda runs Node.js 24 on arm64) with the function's environment (placeholder BUCKET_NAME, PUBLIC_BASE_URL, SENDER_ADDRESS, OPERATIONS_ADDRESS, AWS_REGION, and the stack's NODE_OPTIONS=--enable-source-maps) times \`await import(bundle)\` with \`performance.now()\`; median of ${IMPORT_RUNS} processes.`;
  const rows = outcome.value.map((f) => [
    f.name,
    `${f.bundleBytes} B (${kb(f.bundleBytes)})`,
    kb(f.sourceMapBytes),
    `${f.importMs.median.toFixed(0)} ms ${mark(f.importMs.median <= 150)}`,
    `${f.importMs.min.toFixed(0)}–${f.importMs.max.toFixed(0)} ms`,
    f.largestInputs.map((input) => `${input.name} ${kb(input.bytes)}`).join(', '),
    f.shippedBeside.map((p) => `${p.name} ${kb(p.bytes)}`).join(', ') || 'none',
  ]);
  const fails = outcome.value.flatMap((f) => [
    ...(f.importMs.median > 150 ? [`${f.name} import`] : []),
  ]);
  return [
    title,
    how,
    table(
      [
        'function',
        'bundle',
        'source map',
        `cold import, median (budget ≤ 150 ms)`,
        'min–max',
        'largest parts of the bundle',
        'shipped beside',
      ],
      rows,
    ),
    `Budgets: ${fails.length === 0 ? 'pass' : `**fail** (${fails.join(', ')})`}. ${took(outcome)}`,
  ].join('\n\n');
}

function loadSection(outcome: Outcome<LoadResult[]>): string {
  const title = '## 4. API under load (local stack, autocannon)';
  if (!outcome.ok) return `${title}\n\n${failed(outcome)}`;
  const how = `How measured: autocannon from the bench's own process against the local stack (\`scripts/local/server.ts\` in a child process: the real handlers behind the Function URL adapter, s3rver as S3 and aws-ses-v2-local as SES, all in that one Node process), each endpoint warmed with ${WARM_UP_REQUESTS} requests first, then measured twice: with one connection (each request alone: the warm latency a visitor sees) and with ${CONNECTIONS} connections at once (what one Node process sustains; its latency includes waiting in that process's queue). Every request body is made before the clock starts and used once (\`scripts/bench/load.ts\`): a fresh submission ID each, and for the booking a homeowner address of its own and two photos really uploaded to local S3 beforehand, so every booking stores a new lead and sends both emails (a repeated submission would be answered from the stored lead without email; and no per-address or per-IP rule can answer instead). The quote loop (lead view, send quote, decide quote, cancel request) gets a new lead for every request, stored beforehand with the lead store's own create in the server's table, as a booking stores it but without its photos and emails (booking each of them through the API, at the booking's throughput below, would take minutes and pass the daily cap of confirmation emails, 500 by default, which changes the booking's path), and the link each request carries is signed with the server's own link secret (\`scripts/local/link-secret.ts\`), as the email's link would be: one quote per lead (at most ${LOOP_LIMITS.quotesPerRequest} are allowed), and every decide-quote lead quoted once through the send-quote API first. After the runs every changed lead is read back: its new status and its email recorded as sent. Any answer other than the success status, or a lead left unchanged, fails this section. Memory is the server process's resident set size (\`/proc/<pid>/status\` VmRSS) sampled every 50 ms over the ${CONNECTIONS}-connection run: at rest before it, at its peak, and after it; the growth per request in flight includes garbage not yet collected, so it is an upper bound. It includes s3rver and the SES stand-in (which keeps every sent email in memory), so the booking's retained bytes per request overstate what a Lambda instance keeps; in AWS each Lambda instance serves one request at a time with 512 MB. Latency is the local stack's, on the shared machine: S3 and SES are local stand-ins, so AWS adds its own round trips (tens of ms each) to the booking and to every quote-loop change (an email each).`;
  const ms = (value: number) => `${value} ms`;
  const rows = outcome.value.map((r) => [
    r.endpoint.name,
    `\`${r.endpoint.path}\``,
    r.endpoint.does,
    `**${ms(r.sequential.latencyMs.p50)}** / **${ms(r.sequential.latencyMs.p99)}** (${r.sequential.requests})`,
    `${ms(r.concurrent.latencyMs.p50)} / ${ms(r.concurrent.latencyMs.p99)} / ${ms(r.concurrent.latencyMs.max)} (${r.concurrent.requests})`,
    `${r.concurrent.requestsPerSecond.toFixed(0)}/s`,
    `${r.sequential.notOk + r.concurrent.notOk} / ${r.sequential.errors + r.concurrent.errors}`,
    `${mb(r.memory.restBytes)} / ${mb(r.memory.peakBytes)} / ${mb(r.memory.afterBytes)}`,
    `**${kb(r.memory.perInFlightBytes)}**`,
    kb(r.memory.retainedPerRequestBytes),
  ]);
  const failing = outcome.value.filter(
    (r) => r.sequential.notOk + r.concurrent.notOk + r.sequential.errors + r.concurrent.errors > 0,
  );
  return [
    title,
    how,
    table(
      [
        'endpoint',
        'path',
        'one request',
        'warm p50 / p99, one connection (requests)',
        `p50 / p99 / max, ${CONNECTIONS} connections (requests)`,
        `throughput, ${CONNECTIONS} connections`,
        'not OK / errors',
        `RSS rest / peak / after (${CONNECTIONS} connections)`,
        'memory per request in flight ((peak − rest) / connections)',
        'retained per request ((after − rest) / requests)',
      ],
      rows,
    ),
    failing.length === 0
      ? `Every request answered as a visitor's would. ${took(outcome)}`
      : `**Some requests did not answer OK** (${failing.map((r) => r.endpoint.name).join(', ')}): the figures above include them. ${took(outcome)}`,
  ].join('\n\n');
}

const usd = (value: number) =>
  value === 0 ? '$0' : value < 0.01 ? `$${value.toFixed(4)}` : `$${value.toFixed(2)}`;

function costTable(lines: readonly CostLine[]): string {
  return table(
    ['service', 'what is billed', 'USD'],
    [
      ...lines.map((line) => [line.service, line.basis, usd(line.usd)]),
      ['**total**', '', `**${usd(total(lines))}**`],
    ],
  );
}

/** The cost model's measured inputs, or why there are none. */
function costInputs(report: Report): CostInputs | string {
  if (!report.pages.ok || !report.uploads.ok || !report.load.ok) {
    return 'needs sections 1, 2 and 4 of the same run';
  }
  const views = report.pages.value.pages.filter((p) => p.spec.indexable);
  const byName = new Map(report.load.value.map((r) => [r.endpoint.path, r]));
  const uploadUrls = byName.get(API_PATHS.uploadUrls);
  const booking = byName.get(API_PATHS.sendBookingEmails);
  if (!uploadUrls || !booking) return 'the load test measured no upload-URL or booking endpoint';
  const { ours } = report.uploads.value;
  return {
    pageBytes: median(views.map((p) => p.median.totalBytes)),
    pageRequests: Math.round(median(views.map((p) => p.median.totalRequests))),
    photoBytes: ours.uploadedBytes / ours.puts,
    uploadUrlsMs: uploadUrls.sequential.latencyMs.p99,
    bookingMs: booking.sequential.latencyMs.p99,
  };
}

function costSection(report: Report): string {
  const title = '## 5. Cost and capacity';
  const inputs = costInputs(report);
  const prices = `Prices (USD, us-east-1 and US edge locations, on demand, without free tiers), taken ${PRICES_TAKEN}: CloudFront $${PRICES.cloudFront.perGbOut}/GB out (first 10 TB), $${PRICES.cloudFront.perMillionHttpsRequests} per million HTTPS requests, CloudFront Functions $${PRICES.cloudFront.perMillionFunctionInvocations} per million invocations; WAF $${PRICES.waf.perWebAclMonth} per web ACL and $${PRICES.waf.perRuleMonth} per rule a month, $${PRICES.waf.perMillionRequests} per million requests; Lambda arm64 $${PRICES.lambda.perGbSecondArm} per GB-second, $${PRICES.lambda.perMillionRequests} per million requests; S3 Standard $${PRICES.s3.perThousandPuts} per 1,000 PUTs, $${PRICES.s3.perThousandGets} per 1,000 GETs/HEADs, $${PRICES.s3.perGbMonth}/GB-month; DynamoDB on demand $${PRICES.dynamoDb.perMillionWrites} per million writes, $${PRICES.dynamoDb.perMillionReads} per million reads; SES $${PRICES.ses.perThousandEmails} per 1,000 emails; KMS $${PRICES.kms.perKeyMonth} per key a month, $${PRICES.kms.perTenThousandRequests} per 10,000 requests; CloudWatch Logs $${PRICES.cloudWatch.perGbLogsIngested}/GB ingested, $${PRICES.cloudWatch.perGbLogsStoredMonth}/GB-month stored. Prices change: re-check them on aws.amazon.com/pricing before relying on a figure.`;
  if (typeof inputs === 'string') {
    return `${title}\n\n${prices}\n\n**Not computed: ${inputs}.**`;
  }
  const q = QUOTE_ASSUMPTIONS;
  const assumptions = `Measured inputs from this run: a page view (median over the indexable pages, first visit, nothing cached) is ${kb(inputs.pageBytes)} in ${inputs.pageRequests} requests; a photo as uploaded is ${kb(inputs.photoBytes)}; Lambda is billed at the load test's warm p99 with one connection (as a Lambda instance serves requests), ${inputs.uploadUrlsMs} ms (upload URLs) and ${inputs.bookingMs} ms (booking), which overstates the local p50 and leaves room for AWS's own round trips. Assumed (\`scripts/bench/cost-model.ts\`): ${q.photosPerQuote} photos a quote, each opened ${q.photoViewsPerQuote} times through CloudFront, kept ${q.photoRetentionMonths} months; ${q.emailsPerQuote} emails; ${q.dynamoWritesPerQuote} DynamoDB writes and ${q.dynamoReadsPerQuote} read a quote once leads live in DynamoDB (decision 012); ${q.logBytesPerInvocation} bytes of logs an invocation, kept ${q.logRetentionMonths} month. Repeat visits cost less: hashed assets are cached for a year.`;
  const quotes = costPerThousandQuotes(inputs);
  const views = costPerMillionPageViews(inputs);
  const reserved = DEFAULT_RESERVED_CONCURRENCY;
  const limits = [
    '| limit | where it is set | what a spike meets | how to raise it |',
    '| --- | --- | --- | --- |',
    `| **SES sending quota and rate: the first limit a spike hits** | the account, per region | In the SES sandbox: 200 emails a day, 1 a second, and only to verified addresses, i.e. ${Math.floor(200 / q.emailsPerQuote)} quotes a day. With production access a new account typically starts at 50,000 emails a day and 14 a second: ${Math.floor(14 / q.emailsPerQuote)} quotes a second, ${Math.floor(50000 / q.emailsPerQuote)} a day. Over the rate SES answers Throttling; the booking function has already stored the lead, records the email as failed, and the visitor still gets the success answer (ARCHITECTURE.md). | Request production access, then a sending-quota increase (SES console, Account dashboard → Request an increase, or Service Quotas); AWS raises quotas with a good sending record. Queueing the emails (SQS between booking and SES) would smooth a spike to the sending rate instead of failing it. |`,
    `| WAF rate rules (on by default) | \`-c bookingRateLimit\`, default 10 bookings per IP per 5 minutes; \`-c apiRateLimit\`, default 100 API requests per IP per 5 minutes (\`infra/web-acl.ts\`) | 10 quotes per IP per 5 minutes, then ${Math.floor(100 / q.apiCallsPerQuote)} by the /api/* rule. Visitors behind one address (an office, a campus, a mobile carrier's NAT) share it: in a local spike they can be blocked (403) while the site is fine. | \`npx cdk deploy -c bookingRateLimit=50 -c apiRateLimit=500\` (WAF accepts 10 and up). |`,
    `| Lambda reserved concurrency | \`-c reservedConcurrency\`, default ${reserved} per API function (\`infra/api-function.ts\`); \`npm run deploy\` reserves none where the account's limit does not allow it (\`scripts/deploy/\`) | At the measured p99 a booking holds an instance for ${inputs.bookingMs} ms: ${reserved} concurrent ≈ ${Math.floor(reserved / (inputs.bookingMs / 1000))} bookings a second, more than the SES rate; past it Lambda answers 429 through CloudFront and the form shows its failure message (the visitor can try again). Lambda keeps ${LAMBDA_MINIMUM_UNRESERVED} of the account's concurrency limit unreserved, so the ${RESERVING_FUNCTION_COUNT} reservations of ${reserved} and the offer job's 1 need a limit of at least ${LAMBDA_MINIMUM_UNRESERVED + RESERVING_FUNCTION_COUNT * reserved + SINGLE_RUN_FUNCTIONS.length}: on a new account (limit 10) nothing is reserved and the functions share those 10 executions with every other function of the account; established accounts have 1,000. | \`npm run deploy -- -c reservedConcurrency=20\` (needs a limit of at least ${LAMBDA_MINIMUM_UNRESERVED + RESERVING_FUNCTION_COUNT * 20 + SINGLE_RUN_FUNCTIONS.length}); Service Quotas → AWS Lambda → Concurrent executions for the account, then deploy again. |`,
    '| CloudFront | per distribution | 250,000 requests a second by default: not a limit this site meets. | Service Quotas. |',
  ].join('\n');
  return [
    title,
    prices,
    assumptions,
    `### Per 1,000 quote requests: **${usd(total(quotes))}**`,
    costTable(quotes),
    `### Per million page views: **${usd(total(views))}** (plus $${PRICES.waf.perWebAclMonth + PRICES.waf.rules * PRICES.waf.perRuleMonth} a month for WAF, on by default)`,
    costTable(views),
    '### Capacity: the limits a traffic spike meets, in order',
    limits,
  ].join('\n\n');
}

function coverageSection(outcome: Outcome<CoverageResult>): string {
  const title = '## 6. Hauler coverage lookup';
  if (!outcome.ok) return `${title}\n\n${failed(outcome)}`;
  const r = outcome.value;
  const mix = COVERAGE_BENCH.radiusMix
    .map(([miles, share]) => `${Math.round(share * 100)}% ${miles} mi`)
    .join(', ');
  const how = `How measured (\`scripts/bench/coverage.ts\`): ${r.haulers.toLocaleString('en-US')} haulers, each through the hauler store as in production (application, email confirmed, approved), which writes one coverage item per covered ZIP; radius mix ${mix}; bases: ${Math.round(COVERAGE_BENCH.metroShare * 100)}% a ZIP within ${COVERAGE_BENCH.metroMiles} miles of one of the site's 250 cities, the rest any ZIP of the 50 states and DC (seeded draws, the same every run). dynalite in memory in a process of its own, ${COVERAGE_BENCH.haulersAtOnce} haulers loaded at a time. Then ${COVERAGE_BENCH.warmUpLookups} warm-up lookups and ${r.lookups.toLocaleString('en-US')} timed ones, one at a time, of ZIPs drawn like the bases: \`findCoveringHaulers\`, one Query on \`COVER#{zip}\`, every page, sorted nearest first. Local dynalite over loopback HTTP: DynamoDB in AWS adds its own round trip (single-digit ms within a region).`;
  const rows = [
    [
      'haulers / coverage items',
      `${r.haulers.toLocaleString('en-US')} / **${r.items.toLocaleString('en-US')}**`,
    ],
    [
      'load time (items a second)',
      `${r.loadSeconds.toFixed(0)} s (${Math.round(r.items / r.loadSeconds).toLocaleString('en-US')}/s)`,
    ],
    [
      'lookup p50 / p90 / p99 / max',
      `**${r.latencyMs.p50} ms** / ${r.latencyMs.p90} ms / **${r.latencyMs.p99} ms** / ${r.latencyMs.max} ms`,
    ],
    [
      'haulers found per lookup: mean / p99 / max',
      `${r.haulersFound.mean.toFixed(1)} / ${r.haulersFound.p99} / ${r.haulersFound.max}`,
    ],
    ['lookups that found no hauler', `${(r.haulersFound.noneShare * 100).toFixed(1)}%`],
  ];
  return [title, how, table(['', ''], rows), took(outcome)].join('\n\n');
}

function moneySection(outcome: Outcome<MoneyResult>): string {
  const title = '## 11. The money job with 1,000 holds due';
  if (!outcome.ok) return `${title}\n\n${failed(outcome)}`;
  const r = outcome.value;
  const how = `How measured (\`scripts/bench/money.ts\`): ${r.jobs.toLocaleString('en-US')} jobs' money (a saved card, the window ${PAYMENT_TERMS.holdLeadHours / 24} days ahead, $${MONEY_BENCH.priceCents / 100}) and their due items written straight to dynalite (in memory, in a process of its own), the Stripe stand-in in memory in the bench's process, and \`runMoneyJob\` run as the minute runs it (a page of due jobs, a budget of ${r.budgetMs / 1000} s) until nothing is due. Per job: the money read, the hold asked of Stripe and its answer stored, the lead read for emails (none here), the next due time written. Per Stripe call: the payment module's \`placeHold\` over loopback HTTP. Local dynalite over loopback HTTP.`;
  const ms = (l: MoneyResult['holdMs']) => `${l.p50} ms / ${l.p90} ms / ${l.p99} ms / ${l.max} ms`;
  const rows = [
    ['holds placed', `${r.held} of ${r.jobs}`],
    ['runs (jobs in each)', `${r.runs} (${r.jobsPerRun.join(', ')})`],
    ['all jobs', `${r.totalSeconds} s`],
    ['per job (wall clock / jobs)', `**${r.perJobMs} ms**`],
    ['per Stripe call (hold) p50 / p90 / p99 / max', ms(r.holdMs)],
  ];
  return [title, how, table(['', ''], rows), took(outcome)].join('\n\n');
}

function offersSection(outcome: Outcome<OffersResult>): string {
  const title = '## 7. Offer matching for a booking';
  if (!outcome.ok) return `${title}\n\n${failed(outcome)}`;
  const r = outcome.value;
  const how = `How measured (\`scripts/bench/offers.ts\`): ${r.haulers.toLocaleString('en-US')} active, insured haulers covering ${OFFERS_BENCH.zipCode} (profile and coverage item written straight to dynalite, in memory in a process of its own), 0 to ${OFFERS_BENCH.maxMiles} miles away in tenths, ${Math.round(OFFERS_BENCH.offeredShare * 100)}% offered a job earlier today. One round's matching is \`matchHaulers\` as the offer job calls it: the coverage Query, the profiles and today's counts by BatchGet 50 haulers at a time, nearest first, stopping once no unread hauler can rank in the round of ${OFFER_DEFAULTS.batchSize}, and the ranking. ${OFFERS_BENCH.warmUp} warm-up rounds, then ${r.runs} timed, one at a time; beside it ${r.allReadRuns} rounds that read all ${r.haulers.toLocaleString('en-US')} profiles before ranking. Local dynalite over loopback HTTP.`;
  const ms = (l: OffersResult['matchMs']) =>
    `**${l.p50} ms** / ${l.p90} ms / **${l.p99} ms** / ${l.max} ms`;
  const rows = [
    ['matching p50 / p90 / p99 / max', ms(r.matchMs)],
    ['haulers read per round (mean)', String(r.profilesRead)],
    [
      `reading all ${r.haulers.toLocaleString('en-US')} first: p50 / p90 / p99 / max`,
      ms(r.readAllMs),
    ],
  ];
  return [title, how, table(['', ''], rows), took(outcome)].join('\n\n');
}

/** A page view's bytes and requests from section 1, for the scale section's CloudFront line. */
function pageInputs(report: Report): { bytes: number; requests: number } | undefined {
  const inputs = costInputs(report);
  return typeof inputs === 'string'
    ? undefined
    : { bytes: inputs.pageBytes, requests: inputs.pageRequests };
}

export function renderReport(report: Report): string {
  const { machine } = report;
  const rebuilt =
    report.builds.length > 1
      ? `\n\n**Warning: build/client was rebuilt during the run (${report.builds.join(' → ')}); sections may have measured different builds.**`
      : '';
  return [
    '# Benchmarks',
    `Written by \`npm run bench\` (\`scripts/bench/run.ts\`) on ${report.date.toISOString().replace('T', ' ').slice(0, 16)} UTC; the whole run took ${minutes(report.totalSeconds)}. Budgets that fail are marked ✗ / **fail**. KB and MB are binary (1 KB = 1024 bytes).${rebuilt}`,
    table(
      ['machine', ''],
      [
        ['CPUs (`nproc`)', `${machine.nproc} × ${machine.cpu}`],
        ['memory', `${machine.memoryGb.toFixed(1)} GB`],
        ['Node.js', machine.node],
        ['Chromium', machine.chromium],
        [
          'load average (1 min), start / end',
          machine.loadAverage.map((l) => l.toFixed(2)).join(' / '),
        ],
        [
          'build measured',
          `\`build/client\` written ${report.builds[0] ?? '(none: the build failed)'}`,
        ],
      ],
    ),
    pagesSection(report.pages),
    uploadsSection(report.uploads),
    functionsSection(report.functions),
    loadSection(report.load),
    costSection(report),
    coverageSection(report.coverage),
    offersSection(report.offers),
    offerMinuteSection(report.minute),
    callCostsSection(report.calls, report.minute, pageInputs(report)),
    burstSection(report.burst),
    moneySection(report.money),
  ].join('\n\n');
}
