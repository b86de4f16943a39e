/**
 * A burst against the local stack with SES at one email a second (issue 42, item 4): bookings in
 * a minute, each offered to three haulers, quoted by the first and accepted; then the outbox's
 * sender drains what SES refused. At the end every email a lead's ledger holds is `sent`, the
 * SES stand-in's store holds exactly that many emails about the burst's leads and none twice, no
 * answer was a 5xx (an email SES throttled is kept and answered 200), and every booking stored
 * one lead. Used by `npm run bench` (section 10, 200 bookings) and by the e2e suite's
 * `burst.faults.spec.ts` (20 bookings): plain `fetch`, so both can drive it.
 */
import { performance } from 'node:perf_hooks';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { getLead } from '../../../lambdas/shared/leads/lead-store';
import type { Lead } from '../../../lambdas/shared/models/lead-model';
import { leadOffers } from '../../../lambdas/shared/models/offer-model';
import type { LeadTable } from '../../../lambdas/shared/runtime/table-handle';
import Stripe from 'stripe';
import { haulerIn } from '../../../test/support/testing-haulers';
import { recordHaulerPayouts } from '../../../lambdas/shared/haulers/hauler-payouts';
import type { KnownPayouts } from '../../../lambdas/shared/payments/payout-account';
import {
  CARD_FIELDS,
  type TestStandIn,
  onboardedAccount,
  postForm,
} from '../../local/stripe/testing';
import { checkoutReturnOf } from '#contract/money/payments';
import { decideQuoteBody, haulerQuoteBody } from '../load-bodies';
import { LOAD_ENDPOINTS } from '../load-endpoints';
import { API_PATHS, CONTENT_SHA256_HEADER, sha256Hex } from '#contract/core/api';
import { OUTBOX_MAX_AGE_MS, dynamoOutbox } from '../../../lambdas/shared/mail/outbox';
import { OFFER_DEFAULTS } from '#contract/loop/offers';

/** Section 10 of `npm run bench`: the issue's burst. */
export const BURST_BENCH = {
  bookings: 200,
  spreadMs: 60_000,
  offersPerLead: false,
  // 200 bookings × 3 offers over a cap of 20 offers a hauler a day: 30 at least.
  haulers: 40,
  sesMaxSendRate: 1,
} as const;

/** How much later on the stack's clock each of the drain's sender runs is than the last. */
export const DRAIN_STEP_MS = 5 * 60_000;

export interface BurstStack {
  siteOrigin: string;
  /** The SES stand-in's own origin (its `/store`). */
  sesOrigin: string;
  /** The stack's lead table, read directly to check what was stored. */
  table: LeadTable;
  /** The secret the stack verifies links with: links signed here are links it mailed. */
  linkSecret: Buffer;
  /** The stack's Stripe stand-in: the haulers' payout account, the homeowners' cards. */
  stripeOrigin: string;
}

export interface BurstOptions {
  bookings: number;
  /** The bookings are sent evenly over this long (0: all at once). */
  spreadMs: number;
  /** Run the offer job for each lead alone (`only`): a shared stack's other leads keep their clock. */
  offersPerLead: boolean;
  /** Haulers written before the burst, all based in the bookings' ZIP. */
  haulers: number;
  log?: (line: string) => void;
}

export interface Answer {
  step: string;
  status: number;
  code?: string;
}

export interface BurstResult {
  bookings: number;
  answers: Answer[];
  /** Answers by step and status, e.g. `booking 200: 200`. */
  statusCounts: Record<string, number>;
  /** 5xx answers: none, even while SES throttles (a throttled email is kept, answered 200). */
  serverErrors: number;
  leadsStored: number;
  offersPerLead: number[];
  /** Emails the leads' ledgers hold as sent, and what the SES stand-in's store holds of them. */
  ledgerSent: number;
  ledgerUnsettled: number;
  /** Every ledger entry by status (`sent`, `withheld`, `given-up`, …). */
  ledgerStatuses: Record<string, number>;
  storeEmails: number;
  storeDistinct: number;
  /** From the burst's first booking to the last acceptance, and from there to an empty outbox. */
  burstSeconds: number;
  drainSeconds: number;
  drainRuns: number;
}

async function post(
  origin: string,
  path: string,
  payload: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const body = JSON.stringify(payload);
  const response = await fetch(origin + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CONTENT_SHA256_HEADER]: await sha256Hex(body) },
    body,
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = { text };
  }
  return { status: response.status, json };
}

const answerOf = (step: string, r: { status: number; json: Record<string, unknown> }): Answer => {
  const error = r.json.error as { code?: string } | undefined;
  return { step, status: r.status, ...(error?.code === undefined ? {} : { code: error.code }) };
};

/**
 * The homeowner accepts the lead's first quote as the request page does: the accept opens a
 * Checkout Session, the card is saved on the stand-in's hosted page, and the page's return POSTs it.
 */
export async function acceptQuote(stack: BurstStack, lead: Lead): Promise<Answer> {
  const body = decideQuoteBody(stack.linkSecret, lead, 0, new Date());
  const opened = await post(stack.siteOrigin, API_PATHS.decideQuote, body);
  const url = opened.json.checkoutUrl;
  // Payments on (the local stack): the card saved on the stand-in's page, then the page's return.
  if (opened.status !== 200 || typeof url !== 'string') return answerOf('acceptance', opened);
  const saved = await postForm(url, { number: '4242424242424242', ...CARD_FIELDS });
  if (saved.status !== 303 || saved.location === null) {
    return { step: 'acceptance', status: saved.status, code: 'card_not_saved' };
  }
  const checkout = checkoutReturnOf(new URL(saved.location).hash);
  const answer = await post(stack.siteOrigin, API_PATHS.decideQuote, { ...body, checkout });
  return answerOf('acceptance', answer);
}

/** One payout account onboarded at the stand-in, as "Set up payouts" leaves a hauler. */
async function payoutAccount(stack: BurstStack): Promise<KnownPayouts> {
  const origin = new URL(stack.stripeOrigin);
  const stripe = new Stripe('sk_test_burst', {
    host: origin.hostname,
    port: Number(origin.port),
    protocol: 'http',
    telemetry: false,
  });
  const accountId = await onboardedAccount({ stripe } as TestStandIn);
  return { accountId, state: 'enabled', asOf: Math.floor(Date.now() / 1000) };
}

async function eachLimit<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  at: number;
}

/** Every email the SES stand-in has accepted since `since` (epoch seconds). */
async function storedMail(stack: BurstStack, since: number): Promise<StoredMail[]> {
  const response = await fetch(`${stack.sesOrigin}/store?since=${since}`);
  return ((await response.json()) as { emails: StoredMail[] }).emails;
}

/** An email is about a lead when it goes to its homeowner or names its id, reference or address. */
function isAbout(mail: StoredMail, lead: Lead): boolean {
  const text = `${mail.destination.to.join(' ')} ${mail.subject} ${mail.body.text ?? ''} ${mail.body.html ?? ''}`;
  return (
    text.includes(lead.request.email) ||
    text.includes(lead.submissionId) ||
    text.includes(lead.reference)
  );
}

async function leadsWithEmails(table: LeadTable, prefix: string): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await table.client.send(
      new ScanCommand({
        TableName: table.tableName,
        FilterExpression: 'sk = :lead AND begins_with(#r.#e, :prefix)',
        ExpressionAttributeNames: { '#r': 'request', '#e': 'email' },
        ExpressionAttributeValues: { ':lead': 'LEAD', ':prefix': prefix },
        ...(start === undefined ? {} : { ExclusiveStartKey: start }),
      }),
    );
    count += page.Items?.length ?? 0;
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return count;
}

export async function runBurst(stack: BurstStack, options: BurstOptions): Promise<BurstResult> {
  const log = options.log ?? (() => undefined);
  const answers: Answer[] = [];
  const since = Math.floor(Date.now() / 1000);
  const booking = LOAD_ENDPOINTS.find((endpoint) => endpoint.path === API_PATHS.sendBookingEmails)!;
  const prepared = await booking.prepare(options.bookings, {
    siteOrigin: stack.siteOrigin,
    leads: stack.table,
    linkSecret: stack.linkSecret,
  });
  const bodies = prepared.bodies as { submissionId: string; email: string; zipCode: string }[];
  const zipCode = bodies[0]!.zipCode;
  // Payments on: a hauler quotes only with payouts enabled (decision 055).
  const payouts = await payoutAccount(stack);
  for (let i = 0; i < options.haulers; i += 1) {
    const hauler = await haulerIn(stack.table, 'active', new Date(), { baseZipCode: zipCode });
    await recordHaulerPayouts(stack.table, hauler.haulerId, payouts);
  }
  const prefix = bodies[0]!.email.replace(/-\d+@example\.com$/, '-');
  log(
    `  ${options.bookings} bookings prepared (photos uploaded), ${options.haulers} haulers in ${zipCode}`,
  );

  // The bookings, evenly over the spread, each answered whenever the stack answers.
  const started = performance.now();
  const gap = options.spreadMs / options.bookings;
  await Promise.all(
    bodies.map(async (body, i) => {
      if (gap > 0) await new Promise((resolve) => setTimeout(resolve, i * gap));
      answers.push(
        answerOf('booking', await post(stack.siteOrigin, API_PATHS.sendBookingEmails, body)),
      );
    }),
  );
  log(`  bookings sent in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // Offer rounds until every lead has its three offers.
  const ids = bodies.map((body) => body.submissionId);
  let waiting = ids;
  for (let run = 0; waiting.length > 0; run += 1) {
    if (run > 20) throw new Error(`${waiting.length} leads without three offers after 20 runs`);
    if (options.offersPerLead) {
      for (const id of waiting) {
        answers.push(
          answerOf(
            'offer run',
            await post(stack.siteOrigin, '/__local/run-offers', { submissionId: id }),
          ),
        );
      }
    } else {
      answers.push(answerOf('offer run', await post(stack.siteOrigin, '/__local/run-offers', {})));
    }
    const still: string[] = [];
    for (const id of waiting) {
      const lead = await getLead(stack.table, id);
      if (lead === undefined || leadOffers(lead).length < OFFER_DEFAULTS.batchSize) still.push(id);
    }
    waiting = still;
  }
  log(`  every lead offered to ${OFFER_DEFAULTS.batchSize} haulers`);

  // The first offered hauler quotes; the homeowner accepts.
  await eachLimit(ids, 4, async (id) => {
    const lead = (await getLead(stack.table, id))!;
    const quote = await post(
      stack.siteOrigin,
      API_PATHS.sendQuote,
      haulerQuoteBody(stack.linkSecret, lead, leadOffers(lead)[0]![0], new Date()),
    );
    answers.push(answerOf('hauler quote', quote));
    answers.push(await acceptQuote(stack, (await getLead(stack.table, id))!));
  });
  const burstSeconds = (performance.now() - started) / 1000;
  log(`  quotes and acceptances done, ${burstSeconds.toFixed(0)} s after the first booking`);

  // The sender, run after run as the minute job would.
  const drainStart = performance.now();
  let drainRuns = 0;
  // Each run DRAIN_STEP_MS later on the stack's clock than the last, as if the minute job had run
  // a few times between: the email SES throttled waits out its backoff (up to its cap) while the
  // rest is sent. All of it well inside the outbox's three days (an email older than that is
  // given up, which would not be the burst's doing). A run with nothing due is the end only when
  // no email is left waiting at all.
  const outbox = dynamoOutbox(stack.table);
  const stillOwed = async () => (await outbox.due(new Date(8.64e15), 1)).length;
  for (let k = 1; ; k += 1) {
    if (k * DRAIN_STEP_MS > OUTBOX_MAX_AGE_MS / 2) {
      throw new Error(`outbox not empty after ${k} runs`);
    }
    const at = new Date(Date.now() + k * DRAIN_STEP_MS).toISOString();
    const run = await post(stack.siteOrigin, '/__local/drain-outbox', { at });
    answers.push(answerOf('drain', run));
    drainRuns += 1;
    if (run.status !== 200) throw new Error(`drain-outbox answered ${run.status}`);
    if (drainRuns % 10 === 0) log(`  drain run ${drainRuns}: ${JSON.stringify(run.json)}`);
    if (run.json.due === 0 && (await stillOwed()) === 0) break;
  }
  const drainSeconds = (performance.now() - drainStart) / 1000;
  log(`  outbox empty after ${drainRuns} sender runs, ${drainSeconds.toFixed(0)} s`);

  const leads = await Promise.all(ids.map(async (id) => (await getLead(stack.table, id))!));
  const statuses = leads.flatMap((lead) => Object.values(lead.emails));
  const mail = (await storedMail(stack, since)).filter((m) => leads.some((l) => isAbout(m, l)));
  const statusCounts: Record<string, number> = {};
  for (const answer of answers) {
    const key = `${answer.step} ${answer.status}${answer.code === undefined ? '' : ` ${answer.code}`}`;
    statusCounts[key] = (statusCounts[key] ?? 0) + 1;
  }
  return {
    bookings: options.bookings,
    answers,
    statusCounts,
    serverErrors: answers.filter((a) => a.status >= 500).length,
    leadsStored: await leadsWithEmails(stack.table, prefix),
    offersPerLead: leads.map((lead) => leadOffers(lead).length),
    ledgerSent: statuses.filter((status) => status === 'sent').length,
    ledgerUnsettled: statuses.filter((status) => status !== 'sent' && status !== 'withheld').length,
    ledgerStatuses: Object.fromEntries(
      [...new Set(statuses)].map((status) => [status, statuses.filter((s) => s === status).length]),
    ),
    storeEmails: mail.length,
    storeDistinct: new Set(
      mail.map((m) => `${m.destination.to.join()}|${m.subject}|${m.body.text ?? ''}`),
    ).size,
    burstSeconds,
    drainSeconds,
    drainRuns,
  };
}

/** What fails the burst: anything lost, doubled or answered with a server error. */
export function burstProblems(result: BurstResult): string[] {
  const problems: string[] = [];
  if (result.serverErrors > 0) problems.push(`${result.serverErrors} server errors (5xx)`);
  if (result.leadsStored !== result.bookings)
    problems.push(`${result.leadsStored} leads stored for ${result.bookings} bookings`);
  if (result.offersPerLead.some((count) => count !== OFFER_DEFAULTS.batchSize))
    problems.push('a lead without exactly three offers');
  if (result.ledgerUnsettled > 0) {
    const how = Object.entries(result.ledgerStatuses)
      .filter(([status]) => status !== 'sent' && status !== 'withheld')
      .map(([status, count]) => `${count} ${status}`)
      .join(', ');
    problems.push(`${result.ledgerUnsettled} emails never sent (${how})`);
  }
  if (result.storeEmails !== result.ledgerSent)
    problems.push(`${result.storeEmails} emails delivered for ${result.ledgerSent} owed`);
  if (result.storeDistinct !== result.storeEmails)
    problems.push(`${result.storeEmails - result.storeDistinct} emails delivered twice`);
  return problems;
}
