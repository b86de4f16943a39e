/**
 * STAND-IN for issue 10's `forgetLead` (expected in lambdas/shared/lead-store.ts or beside it):
 * deletes one homeowner's data everywhere. When issue 10's function is merged, `leads forget`
 * calls that one instead and this file goes.
 *
 * What goes: the lead item, its upload batch and its address's confirmation window
 * (deleteLeadItems), the photos and video under quote-photos/{id}/ and incoming/{id}/, and the S3
 * archive leads/{id}.json. Signed links for the lead stop working at once (no lead, no page).
 */
import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { deleteLeadItems } from '../../lambdas/shared/lead-store';
import type { LeadTable } from '../../lambdas/shared/lead-store';
import { INCOMING_PREFIX, MEDIA_PREFIX, leadArchiveKey } from '../../lambdas/shared/media-keys';

async function keysUnder(s3: S3Client, bucket: string, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token !== undefined);
  return keys;
}

export async function forgetLead(
  deps: { table: LeadTable; s3: S3Client; bucket: string },
  submissionId: string,
): Promise<{ items: string[]; objects: string[] }> {
  // Objects first: if this fails halfway, the lead is still there to find and forget again.
  const objects = [
    ...(await keysUnder(deps.s3, deps.bucket, `${MEDIA_PREFIX}/${submissionId}/`)),
    ...(await keysUnder(deps.s3, deps.bucket, `${INCOMING_PREFIX}/${submissionId}/`)),
    leadArchiveKey(submissionId),
  ];
  for (let i = 0; i < objects.length; i += 1000) {
    await deps.s3.send(
      new DeleteObjectsCommand({
        Bucket: deps.bucket,
        Delete: { Objects: objects.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
      }),
    );
  }
  const { deletedKeys } = await deleteLeadItems(deps.table, submissionId);
  return { items: deletedKeys, objects };
}
