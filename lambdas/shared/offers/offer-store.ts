// Offers on the lead table (decision 033): each one a conditional write on the lead (open, at the
// offer count read), a per-hauler daily count under the cap, the ranking's `lastOfferedAt`, and the
// lead's `by-due` timer. The quote loop owns the status, quotes and version: never touched here.
import { BatchGetCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addUnderCap } from '../runtime/abuse-counters';
import { queryItems } from '../runtime/paged-query';
import { haulerFromItem } from '../models/hauler-model';
import { haulerKey } from '../haulers/hauler-store';
import { fileOffer } from '../hauler-work/work-store';
import { offerEndsAt } from '../hauler-work/work-pointers';
import { getLead } from '../leads/lead-store';
import { offerNumbered } from '../models/offer-model';
import type { OfferedHauler } from './offer-ranking';
import {
  DAY_MS,
  conditionalWrite,
  epochSeconds,
  leadKey,
  unlessConditionFailed,
} from '../runtime/table-handle';
import type { LeadTable } from '../runtime/table-handle';
import { utcToday } from '#contract/core/calendar-date';
import { OFFER_OPEN_STATUSES } from '#contract/loop/offers';
import type { LeadOffer } from '#contract/loop/offers';
import { DUE_SHARD, KEY_PREFIXES, LEAD_TABLE_INDEXES } from '#contract/core/table-keys';

/** Beside the hauler's profile: how many offers the hauler had that UTC day. */
const dailyOffersKey = (haulerId: string, day: string) => ({
  pk: `${KEY_PREFIXES.hauler}${haulerId}`,
  sk: `OFFERS#${day}`,
});

const KEYS_PER_BATCH_GET = 100;
const BATCH_GET_ATTEMPTS = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Profiles and today's offer counts, strongly consistent (a hauler paused just now is paused). */
export async function readOfferCandidates(
  table: LeadTable,
  haulerIds: readonly string[],
  now: Date,
): Promise<{ profiles: Map<string, OfferedHauler>; offersToday: Map<string, number> }> {
  const day = utcToday(now);
  const profiles = new Map<string, OfferedHauler>();
  const offersToday = new Map<string, number>();
  const keys = haulerIds.flatMap((id) => [haulerKey(id), dailyOffersKey(id, day)]);
  for (let i = 0; i < keys.length; i += KEYS_PER_BATCH_GET) {
    let pending: Record<string, unknown>[] = keys.slice(i, i + KEYS_PER_BATCH_GET);
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt >= BATCH_GET_ATTEMPTS) {
        throw new Error(`BatchGet left ${pending.length} keys unread after ${attempt} attempts`);
      }
      if (attempt > 0) await sleep(25 * 2 ** (attempt - 1));
      const result = await table.client.send(
        new BatchGetCommand({
          RequestItems: { [table.tableName]: { Keys: pending, ConsistentRead: true } },
        }),
      );
      for (const item of result.Responses?.[table.tableName] ?? []) {
        const id = String(item.pk).slice(KEY_PREFIXES.hauler.length);
        if (item.sk === 'PROFILE') profiles.set(id, haulerFromItem(item));
        else offersToday.set(id, Number(item.count ?? 0));
      }
      pending = result.UnprocessedKeys?.[table.tableName]?.Keys ?? [];
    }
  }
  return { profiles, offersToday };
}

/** One more offer for the hauler today, unless it already had `cap`. */
export async function countOffer(
  table: LeadTable,
  haulerId: string,
  now: Date,
  cap: number,
): Promise<'counted' | 'cap'> {
  const day = utcToday(now);
  // Kept a day past its own: the day's count is read until midnight UTC.
  const expiresAt = epochSeconds(Date.parse(`${day}T00:00:00.000Z`) + 2 * DAY_MS);
  const count = await addUnderCap(table, dailyOffersKey(haulerId, day), cap, expiresAt);
  return count === undefined ? 'cap' : 'counted';
}

/**
 * Stores the offer as number `offerCount + 1`, conditioned on the lead being open and still
 * holding `offerCount` offers; undefined when it is not (closed meanwhile, or another run offered).
 */
export async function recordOffer(
  table: LeadTable,
  submissionId: string,
  offerCount: number,
  offer: LeadOffer,
): Promise<number | undefined> {
  const number = offerCount + 1;
  // Filed under the hauler first, so their home page never misses an offer (decision 052).
  await fileOffer(table, offer.haulerId, submissionId, offerEndsAt(offer));
  const values: Record<string, unknown> = { ':one': 1 };
  OFFER_OPEN_STATUSES.forEach((status, i) => (values[`:open${i}`] = status));
  const open = OFFER_OPEN_STATUSES.map((_, i) => `:open${i}`).join(', ');
  const first = offerCount === 0;
  if (first) values[':offers'] = { [number]: offer };
  else Object.assign(values, { ':offer': offer, ':read': offerCount });
  const write = await conditionalWrite(
    table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: leadKey(submissionId),
        UpdateExpression: first
          ? 'SET #offers = :offers, #count = :one'
          : 'SET #offers.#number = :offer, #count = #count + :one',
        ConditionExpression: `attribute_exists(pk) AND #status IN (${open}) AND ${
          first ? 'attribute_not_exists(#count)' : '#count = :read'
        }`,
        ExpressionAttributeNames: {
          '#offers': 'offers',
          '#count': 'offerCount',
          '#status': 'status',
          ...(first ? {} : { '#number': String(number) }),
        },
        ExpressionAttributeValues: values,
      }),
    ),
  );
  if (write.applied) return number;
  if (!write.retried) return undefined;
  // Refused on the SDK's retry: its own first attempt, applied but unheard, when the offer under
  // that number is this one (decision 042).
  const stored = await getLead(table, submissionId);
  const mine = stored === undefined ? undefined : offerNumbered(stored, number);
  return mine?.haulerId === offer.haulerId && mine.sentAt === offer.sentAt ? number : undefined;
}

/** The ranking's rotation: when the hauler was last offered a job (never moved back in time). */
export async function markOffered(table: LeadTable, haulerId: string, at: Date): Promise<void> {
  await unlessConditionFailed(
    table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: haulerKey(haulerId),
        UpdateExpression: 'SET #last = :at',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(#last) OR #last < :at)',
        ExpressionAttributeNames: { '#last': 'lastOfferedAt' },
        ExpressionAttributeValues: { ':at': at.toISOString() },
      }),
    ),
  );
}

/** That round `round` ran at `at`, even when it found nobody: the next waits `roundMinutes`. */
export async function recordOfferRound(
  table: LeadTable,
  submissionId: string,
  round: number,
  at: Date,
): Promise<void> {
  await unlessConditionFailed(
    table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: leadKey(submissionId),
        UpdateExpression: 'SET #round = :round, #roundAt = :at',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(#round) OR #round < :round)',
        ExpressionAttributeNames: { '#round': 'offerRound', '#roundAt': 'offerRoundAt' },
        ExpressionAttributeValues: { ':round': round, ':at': at.toISOString() },
      }),
    ),
  );
}

/** True for the one call that records the first offer email's time. */
export async function recordFirstOffer(
  table: LeadTable,
  submissionId: string,
  at: Date,
): Promise<boolean> {
  const written = await unlessConditionFailed(
    table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: leadKey(submissionId),
        UpdateExpression: 'SET #first = :at',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#first)',
        ExpressionAttributeNames: { '#first': 'firstOfferAt' },
        ExpressionAttributeValues: { ':at': at.toISOString() },
      }),
    ),
  );
  return written !== undefined;
}

/** Sets when the lead is next due, or (undefined) takes it out of the `by-due` index. */
export async function setOfferTimer(
  table: LeadTable,
  submissionId: string,
  dueAt: Date | undefined,
): Promise<void> {
  const { partitionKey, sortKey } = LEAD_TABLE_INDEXES.byDue;
  await unlessConditionFailed(
    table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: leadKey(submissionId),
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#shard': partitionKey, '#due': sortKey },
        ...(dueAt === undefined
          ? { UpdateExpression: 'REMOVE #shard, #due' }
          : {
              UpdateExpression: 'SET #shard = :shard, #due = :due',
              ExpressionAttributeValues: { ':shard': DUE_SHARD, ':due': dueAt.toISOString() },
            }),
      }),
    ),
  );
}

/** Whether this one lead is due at `now` (a strongly consistent read of its timer). */
export async function isLeadDue(
  table: LeadTable,
  submissionId: string,
  now: Date,
): Promise<boolean> {
  const { sortKey } = LEAD_TABLE_INDEXES.byDue;
  const { Item } = await table.client.send(
    new GetCommand({
      TableName: table.tableName,
      Key: leadKey(submissionId),
      ProjectionExpression: '#due',
      ExpressionAttributeNames: { '#due': sortKey },
      ConsistentRead: true,
    }),
  );
  const dueAt = Item?.[sortKey];
  return typeof dueAt === 'string' && dueAt <= now.toISOString();
}

/**
 * The ids of the leads due at `now`, earliest first, at most `limit`: one Query of the sparse
 * `by-due` index (eventually consistent; the job reads each lead itself before acting).
 */
export async function listDueLeads(
  table: LeadTable,
  now: Date,
  limit = Number.POSITIVE_INFINITY,
): Promise<string[]> {
  const { indexName, partitionKey, sortKey } = LEAD_TABLE_INDEXES.byDue;
  const ids: string[] = [];
  const items = queryItems(table, {
    IndexName: indexName,
    KeyConditionExpression: '#shard = :shard AND #due <= :now',
    ExpressionAttributeNames: { '#shard': partitionKey, '#due': sortKey },
    ExpressionAttributeValues: { ':shard': DUE_SHARD, ':now': now.toISOString() },
  });
  for await (const item of items) {
    const pk = String(item.pk);
    if (pk.startsWith(KEY_PREFIXES.lead)) ids.push(pk.slice(KEY_PREFIXES.lead.length));
    if (ids.length >= limit) return ids;
  }
  return ids;
}
