/** The Markdown of the scale sections (issue 42): the offer job's minute, each call's cost, the burst. */
import { type Outcome, failed, table, took } from '../report-format';
import {
  AWS_ASSUMPTIONS,
  type CallProfile,
  PAYMENT_FEES,
  TRAFFIC_MIX,
  costAtScale,
} from '../cost-model';
import { BURST_BENCH, type BurstResult, DRAIN_STEP_MS } from './burst';
import { OUTBOX_RATE_SHARE } from '../../../lambdas/shared/mail/outbox-sender';
import { CALL_COST_BENCH, type CallCost } from './call-costs';
import { MINUTE_BENCH, type OfferMinuteResult } from './offer-minute';
import type { Tally } from './meter';
import { PAYMENT_TERMS } from '#contract/money/payments';

const n = (value: number) => value.toLocaleString('en-US');
const fixed = (value: number, digits = 1) => value.toFixed(digits);

export function commandMix(tally: Tally, per: number): string {
  return Object.entries(tally.dynamo)
    .sort(([, a], [, b]) => b - a)
    .map(([name, count]) => `${fixed(count / per)} ${name.replace(/Command$/, '')}`)
    .join(', ');
}

/** Request units by command, per call of the whole: where the capacity goes. */
export function unitMix(tally: Tally, per: number): string {
  return Object.entries(tally.units)
    .filter(([, units]) => units > 0)
    .sort(([, a], [, b]) => b - a)
    .map(([name, units]) => `${fixed(units / per)} ${name.replace(/Command$/, '')}`)
    .join(', ');
}

export function offerMinuteSection(outcome: Outcome<OfferMinuteResult>): string {
  const title = "## 8. The offer job's minute at national volume";
  if (!outcome.ok) return `${title}\n\n${failed(outcome)}`;
  const r = outcome.value;
  const how = `How measured (\`scripts/bench/scale/offer-minute.ts\`): ${n(r.leads)} requests due in one minute over ${MINUTE_BENCH.zipCodes} ZIP codes, ${n(r.haulers)} approved, insured haulers (each covering ${MINUTE_BENCH.zipsPerHauler} of those ZIPs, so ${(r.haulers * MINUTE_BENCH.zipsPerHauler) / MINUTE_BENCH.zipCodes} cover each), written to dynalite with BatchWrite in ${fixed(r.seedSeconds)} s (the leads with the lead store's own create). Then the real offer job (\`runOffersJob\` with its defaults: ${r.concurrency} requests at a time, none started after ${r.budgetMs / 1000} s of its run, the rest left due for the next minute) runs at the minute, and again a minute later while it left requests due. dynalite (in memory) and the SES stand-in run in processes of their own, so the CPU time is the job's own code with its AWS SDK; every DynamoDB call is counted and timed by wrapping the clients' \`send\` (\`scripts/bench/scale/meter.ts\`). Every offer is checked sent exactly once: each request's three offers recorded \`sent\` in its ledger, and every offer email in the SES stand-in's store distinct (recipient and signed link). Local dynalite over loopback HTTP on the shared 2-core machine: DynamoDB in AWS answers in single-digit ms, a call here takes what the table below says.`;
  const rows = r.runs.map((run) => {
    const done = Math.max(run.done, 1);
    return [
      `minute ${run.minute}`,
      `${n(run.done)} of ${n(run.due)} (${n(run.left)} left, ${run.failed} failed)`,
      `**${fixed(run.seconds)} s**`,
      `${fixed((run.seconds * 1000) / done)} ms`,
      `${fixed(run.cpuMs / done)} ms`,
      `${n(run.sent)}`,
      `${fixed(run.tally.dynamoCalls / done)} (${commandMix(run.tally, done)})`,
      `${fixed(run.tally.dynamoMs / Math.max(run.tally.dynamoCalls, 1), 2)} ms`,
      `${fixed(run.tally.readUnits / done)} / ${fixed(run.tally.writeUnits / done)} (${unitMix(run.tally, done)})`,
    ];
  });
  const total = r.runs.reduce((sum, run) => sum + run.sent, 0);
  const seconds = r.runs.reduce((sum, run) => sum + run.seconds, 0);
  const done = r.runs.reduce((sum, run) => sum + run.done, 0);
  const calls = r.runs.reduce((sum, run) => sum + run.tally.dynamoCalls, 0);
  const callMs = r.runs.reduce((sum, run) => sum + run.tally.dynamoMs, 0);
  const overall = `In all: ${n(done)} requests in ${r.runs.length} runs (minutes), **${fixed(seconds)} s** of run time, **${fixed((seconds * 1000) / done)} ms a request** (run time / requests, ${r.concurrency} at a time), **${fixed(calls / done)} DynamoDB calls a request**, **${fixed(callMs / calls, 2)} ms a DynamoDB call** (mean, ${r.concurrency} requests in flight).`;
  const verdict = `Offers sent: ${n(total)} by the job, ${n(r.emails)} offer emails in the SES stand-in's store, ${n(r.distinctEmails)} distinct; ${n(r.leadsAllSent)} of ${n(r.leads)} requests with their three offers recorded sent. ${r.runs.every((run) => run.seconds <= 60) ? 'Every run finished inside its minute.' : '**A run took longer than its minute.**'}`;
  return [
    title,
    how,
    table(
      [
        'run',
        'requests done',
        'run time',
        'time per request (run time / requests)',
        'CPU per request',
        'offers sent',
        'DynamoDB calls per request',
        'time per DynamoDB call (mean, overlapping)',
        'read / write units per request',
      ],
      rows,
    ),
    overall,
    verdict,
    took(outcome),
  ].join('\n\n');
}

const usd = (value: number) => {
  const size = Math.abs(value);
  const amount = size >= 100 ? Math.round(size).toLocaleString('en-US') : size.toFixed(2);
  return `${value < 0 ? '−' : ''}$${amount}`;
};

/** A measured call as the cost model prices it. */
export function profileOf(tally: Tally, calls: number, cpuMs: number): CallProfile {
  const s3 = Object.entries(tally.other)
    .filter(([name]) => name.startsWith('s3:'))
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    cpuMs,
    dynamoCalls: tally.dynamoCalls / calls,
    readUnits: tally.readUnits / calls,
    writeUnits: tally.writeUnits / calls,
    outboxWriteUnits: (tally.writesByKey.OUTBOX ?? 0) / calls,
    leadWriteUnits: (tally.writesByKey.LEAD ?? 0) / calls,
    emails: tally.emails / calls,
    s3Calls: s3 / calls,
  };
}

/** The offer job's per-request profile over all its runs. */
export function offerRoundProfile(minute: OfferMinuteResult): CallProfile {
  const done = minute.runs.reduce((sum, run) => sum + run.done, 0);
  const cpu = minute.runs.reduce((sum, run) => sum + run.cpuMs, 0);
  const merged: Tally = {
    dynamo: {},
    dynamoCalls: 0,
    dynamoMs: 0,
    readUnits: 0,
    writeUnits: 0,
    units: {},
    writesByKey: {},
    emails: 0,
    other: {},
  };
  for (const { tally } of minute.runs) {
    merged.dynamoCalls += tally.dynamoCalls;
    merged.readUnits += tally.readUnits;
    merged.writeUnits += tally.writeUnits;
    merged.emails += tally.emails;
    for (const [key, units] of Object.entries(tally.writesByKey)) {
      merged.writesByKey[key] = (merged.writesByKey[key] ?? 0) + units;
    }
  }
  return profileOf(merged, done, cpu / done);
}

/** The request rate the scale section derives its figures for. */
export const SCALE_REQUESTS_PER_SECOND = 100;
/** A job's price for the payment lines: the load test's quote (load-bodies.ts). */
const JOB_PRICE_USD = 240;
/** Bookings that become a paid job. */
const JOB_SHARE = 0.5;
/** Haulers paid in a month at that volume (Connect's active accounts). */
const ACTIVE_HAULERS = 5_000;

function keyMix(tally: Tally, calls: number): string {
  return Object.entries(tally.writesByKey)
    .filter(([, units]) => units > 0)
    .sort(([, a], [, b]) => b - a)
    .map(([key, units]) => `${fixed(units / calls)} ${key}`)
    .join(', ');
}

export function callCostsSection(
  calls: Outcome<CallCost[]>,
  minute: Outcome<OfferMinuteResult>,
  page: { bytes: number; requests: number } | undefined,
): string {
  const title = '## 9. What each call costs, and 100 requests a second';
  if (!calls.ok) return `${title}\n\n${failed(calls)}`;
  const how = `How measured (\`scripts/bench/scale/call-costs.ts\`): the local stack in a child process (dynalite, s3rver, the SES and Stripe stand-ins); this process sets the variables the local server gives its functions, imports the real handlers and calls each with a Function URL event, one call at a time, on the load test's bodies (\`load-endpoints.ts\`: every call takes a visitor's success path on data of its own). ${CALL_COST_BENCH.warmUp} warm-up calls, then ${CALL_COST_BENCH.calls} measured per endpoint. CPU is \`process.cpuUsage\` around the call: our code and its AWS SDK, the stand-ins excluded (they run in the other process). DynamoDB calls and request units are counted by wrapping the SDK clients' \`send\` (\`meter.ts\`), every call asked for \`ReturnConsumedCapacity\`, which dynalite answers for item reads and writes by item size as DynamoDB bills them (a Query's units estimated from the bytes it returned); GSI copies are not in dynalite's count (the derivation adds them). Emails are SendEmail calls SES accepted; S3 calls every S3 command. The offer round is the offer job's figure per request from section 8.`;
  const rows = calls.value.map((call) => [
    `${call.name} (\`${call.path}\`)`,
    `${fixed(call.cpuMs.p50)} / ${fixed(call.cpuMs.mean)} ms`,
    `${fixed(call.wallMs)} ms`,
    `${fixed(call.tally.dynamoCalls / call.calls)} (${commandMix(call.tally, call.calls)})`,
    fixed(call.tally.readUnits / call.calls),
    `${fixed(call.tally.writeUnits / call.calls)} (${keyMix(call.tally, call.calls)})`,
    fixed(call.tally.emails / call.calls),
    fixed(
      Object.entries(call.tally.other)
        .filter(([name]) => name.startsWith('s3:'))
        .reduce((sum, [, count]) => sum + count, 0) / call.calls,
    ),
  ]);
  const profiles: Record<string, CallProfile> = {};
  for (const call of calls.value) {
    profiles[call.name] = profileOf(call.tally, call.calls, call.cpuMs.mean);
  }
  if (minute.ok) {
    const round = offerRoundProfile(minute.value);
    profiles['offer round'] = round;
    rows.push([
      'offer round (scheduled, per request, section 8)',
      `${fixed(round.cpuMs)} ms (mean)`,
      '',
      fixed(round.dynamoCalls),
      fixed(round.readUnits),
      `${fixed(round.writeUnits)} (${fixed(round.outboxWriteUnits)} OUTBOX, ${fixed(round.leadWriteUnits)} LEAD)`,
      fixed(round.emails),
      '0',
    ]);
  }
  const parts = [
    title,
    how,
    table(
      [
        'call',
        'CPU of our code, p50 / mean',
        'wall time, local (p50)',
        'DynamoDB calls',
        'read units',
        'write units (by key)',
        'emails',
        'S3 calls',
      ],
      rows,
    ),
  ];
  if (!minute.ok) {
    parts.push('**The derivation needs section 8 (the offer round) in the same run.**');
    return [...parts, took(calls)].join('\n\n');
  }
  const scale = costAtScale({
    requestsPerSecond: SCALE_REQUESTS_PER_SECOND,
    profiles,
    ...(page === undefined ? {} : { page }),
    job: {
      priceUsd: JOB_PRICE_USD,
      platformFeeBasisPoints: PAYMENT_TERMS.platformFeeBasisPoints,
      share: JOB_SHARE,
    },
    activeHaulers: ACTIVE_HAULERS,
  });
  const a = AWS_ASSUMPTIONS;
  const perBooking = TRAFFIC_MIX.reduce((sum, entry) => sum + entry.perBooking, 0);
  const mix = table(
    ['per booking', 'requests', 'at 100 a second of the mix', 'priced as'],
    TRAFFIC_MIX.map((entry) => [
      entry.what,
      String(entry.perBooking),
      `${fixed(entry.perBooking * scale.bookingsPerSecond, 2)} /s`,
      entry.priced === 'page' ? 'CloudFront (static)' : entry.priced,
    ]),
  );
  const derivation = `The mix (\`TRAFFIC_MIX\` in \`scripts/bench/cost-model.ts\`): ${perBooking} requests a booking, so ${SCALE_REQUESTS_PER_SECOND} requests a second are **${fixed(scale.bookingsPerSecond, 2)} bookings a second** (${n(Math.round(scale.bookingsPerSecond * 86_400))} a day). A call's time in AWS is its measured CPU × ${fixed(a.cpuSlowdownAt512Mb, 2)} (a 512 MB Lambda has 512/1,769 of a vCPU) + ${a.dynamoCallMs} ms a DynamoDB call + ${a.sesCallMs} ms an email + ${a.s3CallMs} ms an S3 call (assumed round trips in the region). Lead writes are counted ${a.gsiWriteFactor} times (the table and the by-status and by-reference indexes, which project every attribute).`;
  const figures = table(
    ['at 100 requests a second', ''],
    [
      [
        'Lambda invocations (API)',
        `${fixed(scale.lambdaPerSecond, 1)} /s, plus the offer job once a minute`,
      ],
      ['Lambda concurrency (mean instances busy)', `**${fixed(scale.concurrency, 1)}**`],
      [
        'DynamoDB on demand',
        `**${fixed(scale.readUnitsPerSecond, 0)} RRU/s, ${fixed(scale.writeUnitsPerSecond, 0)} WRU/s**`,
      ],
      ['the OUTBOX partition', `${fixed(scale.outboxWriteUnitsPerSecond, 0)} WRU/s of its 1,000`],
      [
        'by-status GSI, busiest partition (at most)',
        `${fixed(scale.statusPartitionWriteUnitsPerSecond, 0)} WRU/s of its 1,000`,
      ],
      ['SES', `**${fixed(scale.emailsPerSecond, 1)} emails/s**`],
      [
        'offer job (CPU at 512 MB / its 25 s budget a minute)',
        `${fixed(scale.offerJobBudgetShare * 100, 0)} %`,
      ],
    ],
  );
  const monthlyTotal = scale.monthly.reduce((sum, line) => sum + line.usd, 0);
  const monthly = table(
    ['service', 'what is billed a month (30 days)', 'USD'],
    [
      ...scale.monthly.map((line) => [line.service, line.basis, usd(line.usd)]),
      ['**total**', '', `**${usd(monthlyTotal)}**`],
    ],
  );
  const paymentTotal = scale.payments.reduce((sum, line) => sum + line.usd, 0);
  const payments = table(
    ['payments (issue 39)', 'basis', 'USD a month'],
    [
      ...scale.payments.map((line) => [line.service, line.basis, usd(line.usd)]),
      [
        '**fees less revenue**',
        `negative: the platform keeps ${usd(-paymentTotal)} after Stripe`,
        `**${usd(paymentTotal)}**`,
      ],
    ],
  );
  const first = scale.limits[0]!;
  const limits = table(
    ['limit', 'used at 100 requests a second', 'capacity', 'share', 'what raises it'],
    scale.limits.map((limit, i) => [
      i === 0 ? `**${limit.limit}: the first limit hit**` : limit.limit,
      fixed(limit.used, limit.capacity === 1 ? 2 : 1),
      n(limit.capacity),
      `${fixed((limit.used / limit.capacity) * 100, 0)} %`,
      limit.raise,
    ]),
  );
  return [
    ...parts,
    '### 100 requests a second of the real mix',
    derivation,
    mix,
    figures,
    `Monthly cost at that rate (prices as in section 5; ${page === undefined ? 'page views not measured in this run, so their CloudFront bytes are left out' : "page views at section 1's measured bytes and requests"}): **${usd(monthlyTotal)}** for AWS, before photo storage and the fixed monthly fees.`,
    monthly,
    `Payment fees (\`PAYMENT_FEES\`, Stripe's US card price ${PAYMENT_FEES.cardPercent}% + $${PAYMENT_FEES.cardFixedUsd}, Connect Express $${PAYMENT_FEES.connectActiveAccountMonthUsd} an active account a month + ${PAYMENT_FEES.payoutPercent}% + $${PAYMENT_FEES.payoutFixedUsd} a payout), with ${JOB_SHARE * 100}% of bookings a paid job at $${JOB_PRICE_USD} and the platform fee of ${PAYMENT_TERMS.platformFeeBasisPoints / 100}% (\`PAYMENT_TERMS\`), ${n(ACTIVE_HAULERS)} haulers paid a month:`,
    payments,
    `The limits, the nearest first: **${first.limit}** is hit first (${fixed((first.used / first.capacity) * 100, 0)} % of it at 100 requests a second).`,
    limits,
    took(calls),
  ].join('\n\n');
}

export function burstSection(outcome: Outcome<BurstResult>): string {
  const title = '## 10. A burst with SES at one email a second';
  if (!outcome.ok) return `${title}\n\n${failed(outcome)}`;
  const r = outcome.value;
  const how = `How measured (\`scripts/bench/scale/burst.ts\`): the local stack (\`scripts/local/server.ts\` in a child process, its lead table in memory, its offer timer off) with the SES stand-in limited to ${BURST_BENCH.sesMaxSendRate} email a second (\`SES_MAX_SEND_RATE\`, beyond it SES's own 429 \`TooManyRequestsException\`). ${r.bookings} bookings (photos uploaded first, as the load test does) sent evenly over ${BURST_BENCH.spreadMs / 1000} s to ${BURST_BENCH.haulers} active haulers based in the bookings' ZIP; the offer job (\`POST /__local/run-offers\`) run until every request has its three offers; the first offered hauler quotes through the API and the homeowner accepts through the card page (\`acceptQuote\`: a Checkout Session, the test card 4242… saved on the Stripe stand-in's hosted page, then the return POSTed); then the outbox's sender (\`POST /__local/drain-outbox\`, each run ${DRAIN_STEP_MS / 60_000} minutes later than the last on the stack's clock, so that a throttled email's backoff passes while the rest is sent, one run at a time as the minute job runs it; each run paces at ${OUTBOX_RATE_SHARE * 100}% of SES's rate, \`OUTBOX_RATE_SHARE\`) until a run finds nothing due and the outbox holds nothing. Then every email each lead's ledger holds must be \`sent\`, the SES stand-in's store must hold exactly that many emails about the burst's leads (to the homeowner, or naming the request's id, reference or address), none twice, and exactly one lead stored per booking.`;
  const statuses = Object.entries(r.statusCounts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, count]) => [key, n(count)]);
  const rows = [
    ['bookings, leads stored', `${n(r.bookings)}, ${n(r.leadsStored)}`],
    ['offers per request', `${Math.min(...r.offersPerLead)} to ${Math.max(...r.offersPerLead)}`],
    [
      'emails owed (ledgers: sent), delivered (SES store), distinct',
      `${n(r.ledgerSent)}, ${n(r.storeEmails)}, ${n(r.storeDistinct)}`,
    ],
    ['emails never sent', n(r.ledgerUnsettled)],
    ['5xx answers', n(r.serverErrors)],
    ['from the first booking to the last acceptance', `${fixed(r.burstSeconds)} s`],
    [
      '**drain time** (last acceptance to an empty outbox)',
      `**${fixed(r.drainSeconds)} s** in ${r.drainRuns} sender runs`,
    ],
  ];
  return [
    title,
    how,
    table(['', ''], rows),
    'Answers by step and status:',
    table(['step and status', 'answers'], statuses),
    `No call answered 5xx while SES refused most emails at first: an email SES refused for now is in the outbox, so its call answers as if sent (\`queued\`, decision 054 amended) and the sender delivers it, as the figures above show. The drain's floor is the emails owed over SES's rate: ${n(r.ledgerSent)} emails at ${BURST_BENCH.sesMaxSendRate} a second paced at ${OUTBOX_RATE_SHARE * 100}% is ${fixed(r.ledgerSent / (BURST_BENCH.sesMaxSendRate * OUTBOX_RATE_SHARE))} s, less what went out during the burst itself. A production account at 14 a second needs about ${fixed(r.ledgerSent / (14 * OUTBOX_RATE_SHARE), 0)} s of sending for the same burst, spread over the minute job's runs.`,
    took(outcome),
  ].join('\n\n');
}
