/**
 * Section 8: the offer job's minute at national volume (issue 42, item 2). 1,000 requests due in
 * one minute over 100 ZIP codes and 10,000 approved haulers (each covering 3 of those ZIPs, so
 * 300 cover each), written straight to dynalite with BatchWrite (and the leads with the lead
 * store's own create). Then the real job (`runOffersJob`, its own defaults: 10 leads at a time,
 * none started after 25 s) runs once at the minute, and again a minute later if it left leads
 * due. dynalite and the SES stand-in run in processes of their own, so the CPU time counted here
 * is the job's own code with its AWS SDK. Every offer must be sent exactly once: three a request,
 * each lead's ledger `sent`, and every email in the SES stand-in's store unique.
 */
import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { VALID_HAULER_APPLICATION } from '../../../test/fixtures/hauler';
import {
  DEFAULT_OFFER_BUDGET_MS,
  DEFAULT_OFFER_CONCURRENCY,
  runOffersJob,
} from '../../../lambdas/hauler-offers/offers-job';
import type { OffersJobReport } from '../../../lambdas/hauler-offers/offers-job';
import { createLead, getLead } from '../../../lambdas/shared/leads/lead-store';
import { dynamoOutbox } from '../../../lambdas/shared/mail/outbox';
import type { OfferedHauler } from '../../../lambdas/shared/offers/offer-ranking';
import type { LeadTable } from '../../../lambdas/shared/runtime/table-handle';
import { LOCAL_CREDENTIALS, LOCAL_LEADS_TABLE } from '../../local/aws-stand-ins';
import { bookedLead } from '../load-bodies';
import { installMeter, takeTally } from './meter';
import type { Tally } from './meter';
import { addDays, utcToday } from '#contract/core/calendar-date';
import { OFFER_DEFAULTS } from '#contract/loop/offers';

export const MINUTE_BENCH = {
  leads: 1_000,
  haulers: 10_000,
  zipCodes: 100,
  zipsPerHauler: 3,
  firstZip: 85_001,
  maxMinutes: 20,
} as const;

export interface MinuteRun {
  /** Seconds after the first run's minute. */
  minute: number;
  due: number;
  done: number;
  left: number;
  failed: number;
  sent: number;
  seconds: number;
  cpuMs: number;
  tally: Tally;
}

export interface OfferMinuteResult {
  leads: number;
  haulers: number;
  seedSeconds: number;
  concurrency: number;
  budgetMs: number;
  runs: MinuteRun[];
  /** Offer emails in the SES stand-in's store, and how many distinct. */
  emails: number;
  distinctEmails: number;
  /** Leads whose three offer emails are recorded sent in their ledger. */
  leadsAllSent: number;
}

const zipOf = (i: number) => String(MINUTE_BENCH.firstZip + (i % MINUTE_BENCH.zipCodes));

async function batchWrite(table: LeadTable, items: Record<string, unknown>[]) {
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  // Four batches in flight: dynalite is one process, this only keeps it busy.
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      let pending = batches[next++]!.map((Item) => ({ PutRequest: { Item } }));
      while (pending.length > 0) {
        const result = await table.client.send(
          new BatchWriteCommand({ RequestItems: { [table.tableName]: pending } }),
        );
        pending = (result.UnprocessedItems?.[table.tableName] ?? []) as typeof pending;
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

async function seed(table: LeadTable, now: Date): Promise<string[]> {
  const insuranceExpiresOn = addDays(utcToday(now), 365);
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < MINUTE_BENCH.haulers; i += 1) {
    const haulerId = `minute-hauler-${String(i).padStart(5, '0')}`;
    const profile: OfferedHauler = {
      ...VALID_HAULER_APPLICATION,
      haulerId,
      email: `${haulerId}@example.com`,
      status: 'active',
      certificate: VALID_HAULER_APPLICATION.insuranceCertificate,
      insuranceExpiresOn,
      appliedAt: now.toISOString(),
      updatedAt: now.toISOString(),
      history: [],
      version: 3,
      linkVersion: 1,
    };
    items.push({ pk: `HAULER#${haulerId}`, sk: 'PROFILE', ...profile });
    for (let z = 0; z < MINUTE_BENCH.zipsPerHauler; z += 1) {
      // Hauler i covers ZIPs i, i+1, i+2 (mod 100), 0 to 25 miles away.
      items.push({ pk: `COVER#${zipOf(i + z)}`, sk: haulerId, miles: (i * 7 + z * 3) % 26 });
    }
  }
  await batchWrite(table, items);
  const ids: string[] = [];
  const booked = new Date(now.getTime() - 30_000);
  for (let i = 0; i < MINUTE_BENCH.leads; i += 10) {
    const created = await Promise.all(
      Array.from({ length: 10 }, async (_, j) => {
        const lead = bookedLead('https://www.example.com', 'minute', i + j, booked);
        const placed = { ...lead, request: { ...lead.request, zipCode: zipOf(i + j) } };
        return (await createLead(table, placed)).lead.submissionId;
      }),
    );
    ids.push(...created);
  }
  return ids;
}

interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string };
}

export async function measureOfferMinute(
  dynamoEndpoint: string,
  sesEndpoint: string,
): Promise<OfferMinuteResult> {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: dynamoEndpoint,
      region: 'us-east-1',
      credentials: LOCAL_CREDENTIALS,
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  const ses = new SESv2Client({
    endpoint: sesEndpoint,
    region: 'us-east-1',
    credentials: LOCAL_CREDENTIALS,
  });
  const table = { client, tableName: LOCAL_LEADS_TABLE };
  const secret = Buffer.from('bench-offer-minute-link-secret-0123456789');
  const meter = installMeter();
  const info = console.info;
  try {
    const minute = new Date();
    const seedStart = performance.now();
    const ids = await seed(table, minute);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    console.log(
      `  seeded ${MINUTE_BENCH.haulers} haulers and ${ids.length} due requests in ${seedSeconds.toFixed(1)} s`,
    );
    // The job logs a line a lead; a million characters of console are not what is measured.
    console.info = () => undefined;
    const runs: MinuteRun[] = [];
    // Minute after minute until nothing is left due (a loaded machine may need more of them).
    for (let m = 0; m < MINUTE_BENCH.maxMinutes; m += 1) {
      const at = new Date(minute.getTime() + m * 60_000);
      takeTally();
      const cpu = process.cpuUsage();
      const start = performance.now();
      const report: OffersJobReport = await runOffersJob({
        table,
        ses,
        sender: 'quotes@example.com',
        outbox: dynamoOutbox(table),
        secrets: () => Promise.resolve({ current: secret, accepted: [secret] }),
        publicBaseUrl: 'https://www.example.com',
        operationsAddress: 'operations@example.com',
        settings: { ...OFFER_DEFAULTS },
        emitMetric: () => undefined,
        now: () => at,
      });
      const seconds = (performance.now() - start) / 1000;
      const used = process.cpuUsage(cpu);
      const run: MinuteRun = {
        minute: m,
        due: report.due,
        done: report.leads.length,
        left: report.left,
        failed: report.failed,
        sent: report.leads.reduce((sum, lead) => sum + lead.sent, 0),
        seconds,
        cpuMs: (used.user + used.system) / 1000,
        tally: takeTally(),
      };
      runs.push(run);
      console.log(
        `  minute ${m}: ${run.done} of ${run.due} due requests in ${seconds.toFixed(1)} s (${run.left} left, ${run.failed} failed), ${run.sent} offers sent, ${run.tally.dynamoCalls} DynamoDB calls`,
      );
      // A later minute finds only the leads left (the others are due again in 15 minutes).
      if (report.left === 0 && report.failed === 0) break;
    }
    const store = (await (await fetch(`${sesEndpoint}/store`)).json()) as { emails: StoredMail[] };
    const offers = store.emails.filter((mail) => mail.subject.startsWith('New job near'));
    let leadsAllSent = 0;
    for (const id of ids) {
      const lead = await getLead(table, id);
      const emails = (lead?.emails ?? {}) as Record<string, unknown>;
      if (['offer-1', 'offer-2', 'offer-3'].every((key) => emails[key] === 'sent'))
        leadsAllSent += 1;
    }
    return {
      leads: ids.length,
      haulers: MINUTE_BENCH.haulers,
      seedSeconds,
      concurrency: DEFAULT_OFFER_CONCURRENCY,
      budgetMs: DEFAULT_OFFER_BUDGET_MS,
      runs,
      emails: offers.length,
      distinctEmails: new Set(
        offers.map((mail) => `${mail.destination.to.join()}|${mail.body.text}`),
      ).size,
      leadsAllSent,
    };
  } finally {
    console.info = info;
    meter.stop();
    client.destroy();
    ses.destroy();
  }
}

/** The checks the section fails on: every request offered, every offer once. */
export function offerMinuteProblems(result: OfferMinuteResult): string[] {
  const problems: string[] = [];
  const expected = result.leads * OFFER_DEFAULTS.batchSize;
  if (result.leadsAllSent !== result.leads)
    problems.push(`${result.leads - result.leadsAllSent} requests without their three offers sent`);
  if (result.emails !== expected) problems.push(`${result.emails} offer emails, not ${expected}`);
  if (result.distinctEmails !== result.emails)
    problems.push(`${result.emails - result.distinctEmails} offer emails sent twice`);
  if (result.runs.some((run) => run.seconds > 60)) problems.push('a run took more than its minute');
  return problems;
}
