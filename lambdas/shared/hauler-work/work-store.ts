// The hauler's work, filed in their own partition (decision 052): a pointer per offer, keyed by
// when it ends, and per quote, keyed by its pickup day, so the home page reads the live ones with
// two Queries of one partition and one BatchGet of their leads (work-leads.ts), never a scan. Each
// pointer is written before the offer or quote it points to: one whose lead says otherwise is
// ignored.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { haulerWorkFromItem } from '../models/hauler-items-model';
import { queryItems } from '../runtime/paged-query';
import { DAY_MS, epochSeconds } from '../runtime/table-handle';
import { quotesListedSince } from './work-pointers';
import type { LeadTable } from '../runtime/table-handle';
import { addDays } from '#contract/core/calendar-date';
import { KEY_PREFIXES } from '#contract/core/table-keys';
import { HAULER_WORK_LIMITS } from '#contract/haulers/hauler-work';

const partition = (haulerId: string) => `${KEY_PREFIXES.hauler}${haulerId}`;

export const WORK_PREFIXES = { offer: 'WORK#OFFER#', quote: 'WORK#QUOTE#' } as const;

async function putPointer(
  table: LeadTable,
  haulerId: string,
  sk: string,
  submissionId: string,
  expiresAt: number,
): Promise<void> {
  await table.client.send(
    new PutCommand({
      TableName: table.tableName,
      Item: { pk: partition(haulerId), sk, submissionId, expiresAt },
    }),
  );
}

/** Before the offer is recorded: listed until `endsAt`, when no quote can follow it. */
export async function fileOffer(
  table: LeadTable,
  haulerId: string,
  submissionId: string,
  endsAt: string,
): Promise<void> {
  const kept = epochSeconds(Date.parse(endsAt) + DAY_MS);
  await putPointer(
    table,
    haulerId,
    `${WORK_PREFIXES.offer}${endsAt}#${submissionId}`,
    submissionId,
    kept,
  );
}

/** Before the quote is stored: listed while its pickup day is at most `doneDaysShown` past. */
export async function fileQuote(
  table: LeadTable,
  haulerId: string,
  submissionId: string,
  pickupDate: string,
): Promise<void> {
  const last = addDays(pickupDate, HAULER_WORK_LIMITS.doneDaysShown + 1);
  const kept = epochSeconds(Date.parse(`${last}T00:00:00Z`) + DAY_MS);
  await putPointer(
    table,
    haulerId,
    `${WORK_PREFIXES.quote}${pickupDate}#${submissionId}`,
    submissionId,
    kept,
  );
}

async function pointed(
  table: LeadTable,
  haulerId: string,
  from: string,
  to: string,
  limit: number,
): Promise<string[]> {
  const ids: string[] = [];
  const items = queryItems(table, {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': partition(haulerId), ':from': from, ':to': to },
    // Newest (latest end, latest pickup) first: past the limit, the oldest are left out.
    ScanIndexForward: false,
  });
  for await (const item of items) {
    ids.push(haulerWorkFromItem(item).submissionId);
    if (ids.length >= limit) break;
  }
  return ids;
}

/** The leads of offers not yet ended and of quotes whose day is recent or ahead, newest first. */
export async function workLeadIds(
  table: LeadTable,
  haulerId: string,
  now: Date,
): Promise<string[]> {
  const limit = HAULER_WORK_LIMITS.leadsRead;
  const offers = await pointed(
    table,
    haulerId,
    `${WORK_PREFIXES.offer}${now.toISOString()}`,
    `${WORK_PREFIXES.offer}~`,
    limit,
  );
  const since = quotesListedSince(now);
  const quotes = await pointed(
    table,
    haulerId,
    `${WORK_PREFIXES.quote}${since}`,
    `${WORK_PREFIXES.quote}~`,
    limit,
  );
  return [...new Set([...quotes, ...offers])].slice(0, limit);
}
