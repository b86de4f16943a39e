// The items that find haulers by something other than their id (decision 030): which haulers use
// an address, whose certificate is due on a day. Each is a pointer only: the caller reads the
// profile and trusts that, so an item left behind by a later change is ignored, never acted on.
import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { certificateDueFromItem, certificateDueListFromItem } from '../models/hauler-items-model';
import { allItems, queryItems } from '../runtime/paged-query';
import { DAY_MS, epochSeconds, unlessConditionFailed } from '../runtime/table-handle';
import type { LeadTable } from '../runtime/table-handle';
import { addDays, utcToday } from '#contract/core/calendar-date';
import { CERTIFICATE_REMINDER_DAYS } from '#contract/haulers/hauler-api';
import { KEY_PREFIXES } from '#contract/core/table-keys';

const emailKey = (email: string, haulerId: string) => ({
  pk: `${KEY_PREFIXES.haulerEmail}${email.trim().toLowerCase()}`,
  sk: haulerId,
});

/**
 * Written before the profile, so no profile is ever without it; never overwritten, so replaying
 * an application cannot give a confirmed hauler's item back its expiry. `expiresAt` follows the
 * profile's: an application that lapses takes its address with it.
 */
export async function putEmailIndex(
  table: LeadTable,
  email: string,
  haulerId: string,
  expiresAt: number | undefined,
): Promise<void> {
  await unlessConditionFailed(
    table.client.send(
      new PutCommand({
        TableName: table.tableName,
        Item: { ...emailKey(email, haulerId), ...(expiresAt === undefined ? {} : { expiresAt }) },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

/** The profile's deletion date, copied; undefined keeps the item for as long as the profile. */
export async function setEmailIndexExpiry(
  table: LeadTable,
  email: string,
  haulerId: string,
  expiresAt: number | undefined,
): Promise<void> {
  await table.client.send(
    new UpdateCommand({
      TableName: table.tableName,
      Key: emailKey(email, haulerId),
      ...(expiresAt === undefined
        ? { UpdateExpression: 'REMOVE expiresAt' }
        : {
            UpdateExpression: 'SET expiresAt = :at',
            ExpressionAttributeValues: { ':at': expiresAt },
          }),
    }),
  );
}

export async function haulerIdsByEmail(table: LeadTable, email: string): Promise<string[]> {
  const items = queryItems(table, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': emailKey(email, '').pk },
    ProjectionExpression: 'sk',
  });
  return (await allItems(items)).map((item) => String(item.sk));
}

export async function deleteEmailIndex(
  table: LeadTable,
  email: string,
  haulerId: string,
): Promise<void> {
  await table.client.send(
    new DeleteCommand({ TableName: table.tableName, Key: emailKey(email, haulerId) }),
  );
}

// Certificates due: CERT_DUE#{day} / {haulerId}, holding the expiry date it was written for.

const dueKey = (day: string, haulerId: string) => ({
  pk: `${KEY_PREFIXES.certificateDue}${day}`,
  sk: haulerId,
});

/** Beside the profile: every day this hauler has a due item under, so forget finds them all. */
const dueListKey = (haulerId: string) => ({
  pk: `${KEY_PREFIXES.hauler}${haulerId}`,
  sk: 'CERT_DUE',
});

/** A due item outlives its day by this much: a job that was down can still catch up. */
const DUE_ITEM_KEPT_DAYS = 30;

export interface CertificateDueDays {
  /** `CERTIFICATE_REMINDER_DAYS` before the expiry, or today when that has passed. */
  reminder: string;
  expiry: string;
}

export function certificateDueDays(insuranceExpiresOn: string, now: Date): CertificateDueDays {
  const reminder = addDays(insuranceExpiresOn, -CERTIFICATE_REMINDER_DAYS);
  const today = utcToday(now);
  return { reminder: reminder < today ? today : reminder, expiry: insuranceExpiresOn };
}

/**
 * Files the certificate under its reminder day and its expiry day. Written before the profile
 * names the new expiry: a crash in between leaves items the job finds stale, never a certificate
 * the job cannot find.
 */
export async function recordCertificateDue(
  table: LeadTable,
  haulerId: string,
  insuranceExpiresOn: string,
  now: Date,
): Promise<CertificateDueDays> {
  const days = certificateDueDays(insuranceExpiresOn, now);
  const dayList = [...new Set([days.reminder, days.expiry])];
  await table.client.send(
    new UpdateCommand({
      TableName: table.tableName,
      Key: dueListKey(haulerId),
      UpdateExpression: 'ADD #days :days',
      ExpressionAttributeNames: { '#days': 'days' },
      ExpressionAttributeValues: { ':days': new Set(dayList) },
    }),
  );
  await table.client.send(
    new BatchWriteCommand({
      RequestItems: {
        [table.tableName]: dayList.map((day) => ({
          PutRequest: {
            Item: {
              ...dueKey(day, haulerId),
              insuranceExpiresOn,
              expiresAt: epochSeconds(Date.parse(`${day}T00:00:00Z`) + DUE_ITEM_KEPT_DAYS * DAY_MS),
            },
          },
        })),
      },
    }),
  );
  return days;
}

export interface CertificateDue {
  haulerId: string;
  /** The expiry the item was written for: stale unless the profile still says it. */
  insuranceExpiresOn: string;
}

export async function certificatesDueOn(table: LeadTable, day: string): Promise<CertificateDue[]> {
  const due: CertificateDue[] = [];
  const items = queryItems(table, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': dueKey(day, '').pk },
  });
  for await (const item of items) {
    const { insuranceExpiresOn } = certificateDueFromItem(item);
    due.push({ haulerId: String(item.sk), insuranceExpiresOn });
  }
  return due;
}

export async function forgetCertificateDue(table: LeadTable, haulerId: string): Promise<number> {
  const read = await table.client.send(
    new GetCommand({ TableName: table.tableName, Key: dueListKey(haulerId), ConsistentRead: true }),
  );
  const list = read.Item === undefined ? {} : certificateDueListFromItem(read.Item);
  const days = [...(list.days ?? [])];
  for (const day of days) {
    await table.client.send(
      new DeleteCommand({ TableName: table.tableName, Key: dueKey(day, haulerId) }),
    );
  }
  await table.client.send(
    new DeleteCommand({ TableName: table.tableName, Key: dueListKey(haulerId) }),
  );
  return days.length;
}

/** Whatever is left in the hauler's partition (email records, counters), for forget. */
export async function forgetHaulerPartition(table: LeadTable, haulerId: string): Promise<void> {
  const items = queryItems(table, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': `${KEY_PREFIXES.hauler}${haulerId}` },
    ProjectionExpression: 'pk, sk',
  });
  for await (const item of items) {
    await table.client.send(
      new DeleteCommand({ TableName: table.tableName, Key: { pk: item.pk, sk: item.sk } }),
    );
  }
}
