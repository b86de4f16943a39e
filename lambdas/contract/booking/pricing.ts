// The form's and the emails' estimates: docs/decisions/015-pricing-table.md. The state figures are
// our own copy's, held to it by frontend/content/pricing.test.ts.
import { dollars } from '../core/en-us-format';
import type { LoadSize } from './job-choices';

export interface PriceRange {
  low: number;
  high: number;
}

export const NATIONAL_RANGES: Record<LoadSize, PriceRange> = {
  'few-items': { low: 75, high: 150 },
  quarter: { low: 150, high: 250 },
  half: { low: 250, high: 450 },
  'three-quarter': { low: 400, high: 650 },
  full: { low: 550, high: 900 },
};

/**
 * Only where our copy says so: `span` maps the national sizes onto the state's whole range,
 * `factor` raises lows by the smaller and highs by the larger of the copy's "X-Y% more".
 */
export type StatePricing =
  { kind: 'span'; low: number; high: number } | { kind: 'factor'; low: number; high: number };

export const STATE_PRICING: Record<string, { abbreviation: string; pricing: StatePricing }> = {
  Alabama: { abbreviation: 'AL', pricing: { kind: 'span', low: 100, high: 400 } },
  Alaska: { abbreviation: 'AK', pricing: { kind: 'factor', low: 1.2, high: 1.5 } },
  California: { abbreviation: 'CA', pricing: { kind: 'span', low: 150, high: 500 } },
  Hawaii: { abbreviation: 'HI', pricing: { kind: 'span', low: 200, high: 600 } },
  Mississippi: { abbreviation: 'MS', pricing: { kind: 'span', low: 85, high: 280 } },
};

// Steps of $5: precise enough, and the spans' ends stay exact.
const roundToFive = (value: number): number => Math.round(value / 5) * 5;

const NATIONAL_LOW = NATIONAL_RANGES['few-items'].low;
const NATIONAL_HIGH = NATIONAL_RANGES.full.high;

function applyPricing(range: PriceRange, pricing: StatePricing): PriceRange {
  if (pricing.kind === 'factor') {
    return {
      low: roundToFive(range.low * pricing.low),
      high: roundToFive(range.high * pricing.high),
    };
  }
  const scale = (value: number) =>
    roundToFive(
      pricing.low +
        ((value - NATIONAL_LOW) * (pricing.high - pricing.low)) / (NATIONAL_HIGH - NATIONAL_LOW),
    );
  return { low: scale(range.low), high: scale(range.high) };
}

const normalise = (text: string): string =>
  text.trim().toLowerCase().replace(/\./g, '').replace(/\s+/g, ' ');

/** 'alabama' and ' AL ' name Alabama; 'Ala.' is not guessed. Undefined: the national table. */
export function pricedStateFor(stateText: string): string | undefined {
  const wanted = normalise(stateText);
  if (wanted === '') return undefined;
  return Object.keys(STATE_PRICING).find(
    (name) => normalise(name) === wanted || normalise(STATE_PRICING[name]!.abbreviation) === wanted,
  );
}

export function estimateFor(size: LoadSize, stateText: string): PriceRange {
  const national = NATIONAL_RANGES[size];
  const state = pricedStateFor(stateText);
  return state === undefined ? national : applyPricing(national, STATE_PRICING[state]!.pricing);
}

/** '$150–$250': an en dash, no spaces. */
export function formatRange(range: PriceRange): string {
  return `${dollars(range.low)}–${dollars(range.high)}`;
}

export const ESTIMATE_NOTE = 'Estimate only: your hauler confirms a flat rate before pickup.';
