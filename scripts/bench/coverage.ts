/**
 * Section 6: "which active haulers cover ZIP X" with 10,000 active haulers in dynalite. Each
 * hauler goes the real way (application, confirmation, approval, which writes its coverage items
 * through the store); then the lookup is timed, one at a time, over a few thousand ZIPs drawn the
 * way bookings would come in.
 *
 * Bases: most haulers work from a metro area (a ZIP within 25 miles of one of the site's 250
 * cities, five per state), the rest from anywhere in the 50 states and DC. Draws come from a
 * seeded generator, so two runs load the same haulers and look up the same ZIPs.
 */
import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import zipcodes from 'zipcodes';
import { states } from '../../frontend/content/states';
import { coveredZips, findServedZip } from '../../lambdas/shared/haulers/coverage';
import { findCoveringHaulers } from '../../lambdas/shared/haulers/coverage-store';
import type { CoverageSync } from '../../lambdas/shared/haulers/coverage-store';
import {
  approveHauler,
  confirmHaulerEmail,
  createHauler,
  newHauler,
} from '../../lambdas/shared/haulers/hauler-store';
import { haulerApplication } from '../../test/support/testing-haulers';
import { LOCAL_CREDENTIALS, LOCAL_LEADS_TABLE } from '../local/aws-stand-ins';
import { percentile } from './stats';
import { addDays, utcToday } from '#contract/core/calendar-date';
import type { ServiceRadiusMiles } from '#contract/haulers/haulers';

export const COVERAGE_BENCH = {
  haulers: 10_000,
  /**
   * Share of haulers by radius: most work 10 to 25 miles out. A mix of 40/35/20/5 % made 1.48
   * million items, over 5 minutes to load here (decision 030): the 5 % at 100 miles alone wrote a
   * quarter of them.
   */
  radiusMix: [
    [10, 0.5],
    [25, 0.4],
    [50, 0.09],
    [100, 0.01],
  ] as ReadonlyArray<readonly [ServiceRadiusMiles, number]>,
  metroShare: 0.7,
  metroMiles: 25,
  haulersAtOnce: 8,
  warmUpLookups: 200,
  lookups: 3_000,
  seed: 20_261_124,
} as const;

export interface CoverageResult {
  haulers: number;
  /** Coverage items written: one per (covered ZIP, hauler). */
  items: number;
  loadSeconds: number;
  lookups: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  haulersFound: { mean: number; p99: number; max: number; noneShare: number };
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

/** Draws ZIPs the way haulers settle and bookings come in: mostly metro, some anywhere. */
async function zipDrawer(random: () => number): Promise<() => string> {
  const anywhere: string[] = [];
  for (const zip of Object.keys(zipcodes.codes)) {
    if ((await findServedZip(zip)) !== undefined) anywhere.push(zip);
  }
  const metros = await Promise.all(
    states
      .flatMap((state) => state.cities)
      .map(async (city) =>
        (await coveredZips(city.zip, COVERAGE_BENCH.metroMiles)).map((zip) => zip.zipCode),
      ),
  );
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  return () => (random() < COVERAGE_BENCH.metroShare ? pick(pick(metros)) : pick(anywhere));
}

function radiusDrawer(random: () => number): () => ServiceRadiusMiles {
  return () => {
    let draw = random();
    for (const [miles, share] of COVERAGE_BENCH.radiusMix) {
      if (draw < share) return miles;
      draw -= share;
    }
    return COVERAGE_BENCH.radiusMix[0]![0];
  };
}

export async function measureCoverage(dynamoEndpoint: string): Promise<CoverageResult> {
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
    const random = seeded(COVERAGE_BENCH.seed);
    const drawZip = await zipDrawer(random);
    const drawRadius = radiusDrawer(random);
    const now = new Date();
    const insuranceExpiresOn = addDays(utcToday(now), 365);
    const plan = Array.from({ length: COVERAGE_BENCH.haulers }, () => ({
      baseZipCode: drawZip(),
      serviceRadiusMiles: drawRadius(),
    }));

    let items = 0;
    let next = 0;
    let loaded = 0;
    const started = performance.now();
    const loadOne = async (overrides: (typeof plan)[number]) => {
      const { hauler } = await createHauler(table, newHauler(haulerApplication(overrides), now));
      await confirmHaulerEmail(table, hauler.haulerId, { now });
      const approved = await approveHauler(table, hauler.haulerId, { now, insuranceExpiresOn });
      const coverage: CoverageSync | undefined = approved.ok ? approved.coverage : undefined;
      if (coverage?.outcome !== 'written') {
        throw new Error(`Hauler ${hauler.haulerId} got no coverage: ${JSON.stringify(approved)}`);
      }
      items += coverage.zips;
      loaded += 1;
      if (loaded % 1000 === 0) {
        const seconds = (performance.now() - started) / 1000;
        console.log(`  ${loaded} haulers, ${items} coverage items, ${seconds.toFixed(0)} s`);
      }
    };
    const worker = async () => {
      while (next < plan.length) await loadOne(plan[next++]!);
    };
    await Promise.all(Array.from({ length: COVERAGE_BENCH.haulersAtOnce }, worker));
    const loadSeconds = (performance.now() - started) / 1000;

    for (let i = 0; i < COVERAGE_BENCH.warmUpLookups; i += 1) {
      await findCoveringHaulers(table, drawZip());
    }
    const latencies: number[] = [];
    const found: number[] = [];
    for (let i = 0; i < COVERAGE_BENCH.lookups; i += 1) {
      const zip = drawZip();
      const start = performance.now();
      const haulers = await findCoveringHaulers(table, zip);
      latencies.push(performance.now() - start);
      found.push(haulers.length);
    }
    const round = (ms: number) => Math.round(ms * 100) / 100;
    const result: CoverageResult = {
      haulers: plan.length,
      items,
      loadSeconds,
      lookups: latencies.length,
      latencyMs: {
        p50: round(percentile(latencies, 50)),
        p90: round(percentile(latencies, 90)),
        p99: round(percentile(latencies, 99)),
        max: round(Math.max(...latencies)),
      },
      haulersFound: {
        mean: found.reduce((sum, n) => sum + n, 0) / found.length,
        p99: percentile(found, 99),
        max: Math.max(...found),
        noneShare: found.filter((n) => n === 0).length / found.length,
      },
    };
    console.log(
      `  lookup p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms; ${items} items loaded in ${loadSeconds.toFixed(0)} s`,
    );
    return result;
  } finally {
    client.destroy();
  }
}
