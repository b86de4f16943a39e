// The coverage items (COVER#{zip} / {haulerId}, the distance) and each hauler's coverage manifest
// (HAULER#{id} / COVERAGE: the ZIPs listed, the spec they were written for, the writer's claim).
import * as z from 'zod/mini';
import { itemKeyOf } from './hauler-model';
import { parseStored } from '../runtime/stored-item';

export const coverageSpecSchema = z.object({ baseZipCode: z.string(), radiusMiles: z.number() });
export type CoverageSpec = z.output<typeof coverageSpecSchema>;

export const coverageItemSchema = z.object({ sk: z.string(), miles: z.number() });

export interface CoveringHauler {
  haulerId: string;
  distanceMiles: number;
}

export function coveringHaulerFromItem(item: Record<string, unknown>): CoveringHauler {
  const { sk, miles } = parseStored(coverageItemSchema, item, 'coverage', itemKeyOf(item));
  return { haulerId: sk, distanceMiles: miles };
}

export const coverageManifestSchema = z.object({
  zips: z.optional(z.array(z.string())),
  spec: z.optional(z.nullable(coverageSpecSchema)),
  written: z.optional(z.boolean()),
  claimToken: z.optional(z.string()),
  claimedAt: z.optional(z.number()),
});
export type CoverageManifest = z.output<typeof coverageManifestSchema>;

export function coverageManifestFromItem(item: Record<string, unknown>): CoverageManifest {
  return parseStored(coverageManifestSchema, item, 'coverage manifest', itemKeyOf(item));
}
