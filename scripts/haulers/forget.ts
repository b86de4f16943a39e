/**
 * Forgetting one hauler: `npm run haulers -- forget ID --yes`. Deletes at once: the profile,
 * coverage items and their list (hauler-store's forgetHauler), every other item under the
 * hauler's key (email records), their certificate-URL count and their address's hauler-email and
 * fresh-link windows, and every version of their documents and quarantined uploads.
 */
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  FRESH_LINK_NAMESPACE,
  HAULER_EMAIL_NAMESPACE,
  addressHash,
} from '../../lambdas/shared/runtime/abuse-counters';
import { forgetHauler } from '../../lambdas/shared/haulers/hauler-store';
import { batchKey, windowKey } from '../../lambdas/shared/runtime/table-handle';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';
import { deleteAll, objectsUnder } from '../leads/forget';
import type { ForgetDeps, ObjectVersion } from '../leads/forget';
import { HAULER_DOCUMENTS_PREFIX, INCOMING_PREFIX } from '#contract/booking/media-keys';
import { KEY_PREFIXES } from '#contract/core/table-keys';

export interface HaulerForgetReport {
  found: boolean;
  coverageRemoved: number;
  /** `pk/sk` of the other items deleted. */
  tableItems: string[];
  objectVersions: ObjectVersion[];
}

async function ownItems(table: LeadTable, haulerId: string) {
  const keys: { pk: string; sk: string }[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await table.client.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `${KEY_PREFIXES.hauler}${haulerId}` },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) keys.push({ pk: String(item.pk), sk: String(item.sk) });
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return keys;
}

export async function forgetHaulerData(
  haulerId: string,
  deps: Pick<ForgetDeps, 's3' | 'bucket'> & { table: LeadTable },
): Promise<HaulerForgetReport> {
  const { hauler, coverageRemoved } = await forgetHauler(deps.table, haulerId);
  const keys = [
    ...(await ownItems(deps.table, haulerId)),
    { pk: batchKey(haulerId).pk, sk: 'CERTIFICATE' },
    ...(hauler === undefined
      ? []
      : [HAULER_EMAIL_NAMESPACE, FRESH_LINK_NAMESPACE].map((namespace) =>
          windowKey(addressHash(hauler.email), namespace),
        )),
  ];
  for (const key of keys) {
    await deps.table.client.send(new DeleteCommand({ TableName: deps.table.tableName, Key: key }));
  }
  const objects = (
    await Promise.all([
      objectsUnder(deps, `${HAULER_DOCUMENTS_PREFIX}/${haulerId}/`),
      objectsUnder(deps, `${INCOMING_PREFIX}/haulers/${haulerId}/`),
    ])
  ).flat();
  await deleteAll(deps, objects);
  return {
    found: hauler !== undefined,
    coverageRemoved,
    tableItems: keys.map((k) => `${k.pk}/${k.sk}`),
    objectVersions: objects,
  };
}
