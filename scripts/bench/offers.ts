/**
 * Section 7: the matching step of an offer round for a booking in a ZIP that 1,000 eligible
 * haulers cover: the coverage Query, the profile and daily-count reads, the ranking
 * (`matchHaulers`, as the offer job runs it). Each hauler is written straight to the table (its
 * profile and its coverage item for the ZIP: the only items the step reads), at distances of 0
 * to 25 miles in tenths, so many share a distance, and most already offered some time today.
 * Measured beside it: the same step reading all 1,000 profiles before ranking, which the
 * chunked reads avoid.
 */
import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { VALID_HAULER_APPLICATION } from '../../test/fixtures/hauler';
import { findCoveringHaulers } from '../../lambdas/shared/haulers/coverage-store';
import { matchHaulers } from '../../lambdas/shared/offers/offer-matching';
import { rankHaulers } from '../../lambdas/shared/offers/offer-ranking';
import type { OfferedHauler } from '../../lambdas/shared/offers/offer-ranking';
import { readOfferCandidates } from '../../lambdas/shared/offers/offer-store';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';
import { LOCAL_CREDENTIALS, LOCAL_LEADS_TABLE } from '../local/aws-stand-ins';
import { percentile } from './stats';
import { addDays, utcToday } from '#contract/core/calendar-date';
import { OFFER_DEFAULTS } from '#contract/loop/offers';

export const OFFERS_BENCH = {
  haulers: 1_000,
  zipCode: '85001',
  maxMiles: 25,
  /** Share of haulers offered a job earlier today (the rest never). */
  offeredShare: 0.6,
  warmUp: 30,
  runs: 300,
  allReadRuns: 60,
  seed: 20_261_124,
} as const;

export interface Latency {
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export interface OffersResult {
  haulers: number;
  runs: number;
  /** `matchHaulers` for one round of OFFER_DEFAULTS.batchSize. */
  matchMs: Latency;
  /** Profiles read by one round's matching, on average. */
  profilesRead: number;
  /** Query, every profile, then the ranking. */
  readAllMs: Latency;
  allReadRuns: number;
}

/** mulberry32: small, fast and seeded; not for anything secret. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const round = (ms: number) => Math.round(ms * 100) / 100;
const latency = (values: number[]): Latency => ({
  p50: round(percentile(values, 50)),
  p90: round(percentile(values, 90)),
  p99: round(percentile(values, 99)),
  max: round(Math.max(...values)),
});

async function load(table: LeadTable, now: Date): Promise<void> {
  const random = seeded(OFFERS_BENCH.seed);
  const insuranceExpiresOn = addDays(utcToday(now), 365);
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < OFFERS_BENCH.haulers; i += 1) {
    const haulerId = `bench-hauler-${String(i).padStart(4, '0')}`;
    const lastOfferedAt =
      random() < OFFERS_BENCH.offeredShare
        ? new Date(now.getTime() - Math.floor(random() * 8 * 3_600_000)).toISOString()
        : undefined;
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
      ...(lastOfferedAt === undefined ? {} : { lastOfferedAt }),
    };
    const miles = Math.round(random() * OFFERS_BENCH.maxMiles * 10) / 10;
    items.push({ pk: `HAULER#${haulerId}`, sk: 'PROFILE', ...profile });
    items.push({ pk: `COVER#${OFFERS_BENCH.zipCode}`, sk: haulerId, miles });
  }
  for (let i = 0; i < items.length; i += 25) {
    const requests = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    let pending = requests;
    while (pending.length > 0) {
      const result = await table.client.send(
        new BatchWriteCommand({ RequestItems: { [table.tableName]: pending } }),
      );
      pending = (result.UnprocessedItems?.[table.tableName] ?? []) as typeof requests;
    }
  }
}

export async function measureOffers(dynamoEndpoint: string): Promise<OffersResult> {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: dynamoEndpoint,
      region: 'us-east-1',
      credentials: LOCAL_CREDENTIALS,
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  const table = { client, tableName: LOCAL_LEADS_TABLE };
  try {
    const now = new Date();
    await load(table, now);
    const request = {
      zipCode: OFFERS_BENCH.zipCode,
      offers: [],
      settings: OFFER_DEFAULTS,
      now,
      wanted: OFFER_DEFAULTS.batchSize,
    };
    for (let i = 0; i < OFFERS_BENCH.warmUp; i += 1) await matchHaulers(table, request);

    const match: number[] = [];
    let read = 0;
    for (let i = 0; i < OFFERS_BENCH.runs; i += 1) {
      const start = performance.now();
      const ranked = await matchHaulers(table, request);
      match.push(performance.now() - start);
      read += ranked.length;
    }
    const all: number[] = [];
    for (let i = 0; i < OFFERS_BENCH.allReadRuns; i += 1) {
      const start = performance.now();
      const covering = await findCoveringHaulers(table, OFFERS_BENCH.zipCode);
      const found = await readOfferCandidates(
        table,
        covering.map((h) => h.haulerId),
        now,
      );
      rankHaulers({ covering, ...found, offers: [], settings: OFFER_DEFAULTS, now });
      all.push(performance.now() - start);
    }
    const result: OffersResult = {
      haulers: OFFERS_BENCH.haulers,
      runs: match.length,
      matchMs: latency(match),
      profilesRead: Math.round(read / match.length),
      readAllMs: latency(all),
      allReadRuns: all.length,
    };
    console.log(
      `  matching p50 ${result.matchMs.p50} ms, p99 ${result.matchMs.p99} ms; reading all ${OFFERS_BENCH.haulers}: p50 ${result.readAllMs.p50} ms`,
    );
    return result;
  } finally {
    client.destroy();
  }
}
