// `npm run haulers -- forget ID --yes` deletes at once: the profile, coverage and its list, every
// other item under the hauler's key, their certificate-URL count, their address's hauler-email and
// fresh-link windows, and every version of their documents and quarantined uploads.
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import {
  FRESH_LINK_NAMESPACE,
  HAULER_EMAIL_NAMESPACE,
  addressHash,
} from '../../lambdas/shared/runtime/abuse-counters';
import { forgetHauler } from '../../lambdas/shared/haulers/hauler-store';
import { allItems, queryItems } from '../../lambdas/shared/runtime/paged-query';
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
  const items = queryItems(table, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': `${KEY_PREFIXES.hauler}${haulerId}` },
    ProjectionExpression: 'pk, sk',
  });
  return (await allItems(items)).map((item) => ({ pk: String(item.pk), sk: String(item.sk) }));
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
