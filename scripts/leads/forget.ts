/**
 * Forgetting one homeowner: the deletion behind `npm run leads -- forget <submission id>`
 * (docs/security.md, "Retention and deletion").
 *
 * Deletes, at once rather than at the end of the retention period:
 * - the lead item, its upload batch and the confirmation window of its address (lead-store);
 * - every version of every object under `quote-photos/{id}/` (released photos and video),
 *   `incoming/{id}/` and `incoming/jobs/{id}/` (quarantine), `job-proof/{id}/` (the job's
 *   disposal receipt and after-photos), and of the archive `leads/{id}.json`: the bucket is
 *   versioned, so deleting only the current version would leave the data behind;
 * - CloudFront's cached copies of `/quote-photos/{id}/*`, when a distribution id is given.
 * The site-wide daily confirmation count names nobody and stays.
 */
import { CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import type { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import {
  DeleteObjectsCommand,
  ListObjectVersionsCommand,
  ListObjectsV2Command,
} from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { deleteLeadItems } from '../../lambdas/shared/leads/lead-store';
import { OUTBOX_PK, dynamoOutbox } from '../../lambdas/shared/mail/outbox';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';
import {
  INCOMING_PREFIX,
  JOB_PROOF_PREFIX,
  MEDIA_PREFIX,
  incomingJobFolder,
  leadArchiveKey,
} from '#contract/booking/media-keys';

export interface ForgetDeps {
  leads: LeadTable;
  s3: S3Client;
  bucket: string;
  /** With a distribution id, cached photo responses are invalidated too. */
  cloudfront?: { client: CloudFrontClient; distributionId: string };
  now: () => Date;
}

export interface ForgetReport {
  submissionId: string;
  /** False when no lead item existed (already forgotten, expired, or never booked). */
  leadFound: boolean;
  /** `pk/sk` of each table item deleted. */
  tableItems: string[];
  /** Object versions and delete markers removed, by key. */
  objectVersions: { key: string; versionId?: string }[];
  /** The CloudFront invalidation's id, when one was made. */
  invalidationId?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ObjectVersion = { key: string; versionId?: string };

/** Every version and delete marker under a prefix (all pages). */
async function listVersions(
  deps: Pick<ForgetDeps, 's3' | 'bucket'>,
  prefix: string,
): Promise<ObjectVersion[]> {
  const found: ObjectVersion[] = [];
  let keyMarker: string | undefined;
  let versionIdMarker: string | undefined;
  do {
    const page = await deps.s3.send(
      new ListObjectVersionsCommand({
        Bucket: deps.bucket,
        Prefix: prefix,
        KeyMarker: keyMarker,
        VersionIdMarker: versionIdMarker,
      }),
    );
    for (const entry of [...(page.Versions ?? []), ...(page.DeleteMarkers ?? [])]) {
      if (entry.Key !== undefined) {
        found.push({ key: entry.Key, ...(entry.VersionId ? { versionId: entry.VersionId } : {}) });
      }
    }
    keyMarker = page.IsTruncated === true ? page.NextKeyMarker : undefined;
    versionIdMarker = page.IsTruncated === true ? page.NextVersionIdMarker : undefined;
  } while (keyMarker !== undefined);
  return found;
}

/**
 * The objects under a prefix of a store without versioning. Only the local stack's s3rver takes
 * this path (it answers ListObjectVersions with MethodNotAllowed); there, the current object is
 * all there is.
 */
async function listCurrent(
  deps: Pick<ForgetDeps, 's3' | 'bucket'>,
  prefix: string,
): Promise<ObjectVersion[]> {
  const found: ObjectVersion[] = [];
  let token: string | undefined;
  do {
    const page = await deps.s3.send(
      new ListObjectsV2Command({ Bucket: deps.bucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const entry of page.Contents ?? []) if (entry.Key) found.push({ key: entry.Key });
    token = page.IsTruncated === true ? page.NextContinuationToken : undefined;
  } while (token !== undefined);
  return found;
}

/** Every version (the current object alone in s3rver) under a prefix. */
export async function objectsUnder(
  deps: Pick<ForgetDeps, 's3' | 'bucket'>,
  prefix: string,
): Promise<ObjectVersion[]> {
  try {
    return await listVersions(deps, prefix);
  } catch (error) {
    const name = (error as { name?: unknown }).name;
    if (name !== 'MethodNotAllowed' && name !== 'NotImplemented') throw error;
    return listCurrent(deps, prefix);
  }
}

export async function deleteAll(
  deps: Pick<ForgetDeps, 's3' | 'bucket'>,
  objects: readonly ObjectVersion[],
): Promise<void> {
  // DeleteObjects takes at most 1000 keys per call.
  for (let i = 0; i < objects.length; i += 1000) {
    const batch = objects.slice(i, i + 1000);
    const result = await deps.s3.send(
      new DeleteObjectsCommand({
        Bucket: deps.bucket,
        Delete: {
          Objects: batch.map((o) => ({
            Key: o.key,
            ...(o.versionId === undefined ? {} : { VersionId: o.versionId }),
          })),
          Quiet: true,
        },
      }),
    );
    const failed = result.Errors ?? [];
    if (failed.length > 0) {
      throw new Error(
        `Could not delete ${failed.length} object(s), e.g. ${failed[0]?.Key ?? '?'}: ${failed[0]?.Code ?? '?'}`,
      );
    }
  }
}

/**
 * Deletes everything the site holds about one request (see the module comment). Safe to run
 * again: a second run finds nothing and says so. Throws on a malformed id, so a typo can never
 * widen a prefix to other homeowners' files.
 */
export async function forgetLead(submissionId: string, deps: ForgetDeps): Promise<ForgetReport> {
  const id = submissionId.trim().toLowerCase();
  if (!UUID.test(id)) throw new Error(`Not a submission id (a UUID): ${submissionId}`);

  const { lead, deletedKeys } = await deleteLeadItems(deps.leads, id);
  // Emails still owed hold the homeowner's address and message (decision 054).
  const outbox = dynamoOutbox(deps.leads);
  const owed = await outbox.owedBy({ kind: 'lead', id });
  for (const item of owed) await outbox.remove({ kind: 'lead', id }, item.key);

  const archive = leadArchiveKey(id);
  const listed = await Promise.all([
    objectsUnder(deps, `${MEDIA_PREFIX}/${id}/`),
    objectsUnder(deps, `${INCOMING_PREFIX}/${id}/`),
    objectsUnder(deps, incomingJobFolder(id)),
    objectsUnder(deps, `${JOB_PROOF_PREFIX}/${id}/`),
    // As a prefix `leads/{id}.json` would also match `leads/{id}.json.bak`: the key itself only.
    objectsUnder(deps, archive).then((found) => found.filter((o) => o.key === archive)),
  ]);
  const mine = listed.flat();
  await deleteAll(deps, mine);

  let invalidationId: string | undefined;
  if (deps.cloudfront !== undefined) {
    const answer = await deps.cloudfront.client.send(
      new CreateInvalidationCommand({
        DistributionId: deps.cloudfront.distributionId,
        InvalidationBatch: {
          CallerReference: `forget-${id}-${deps.now().getTime()}`,
          Paths: { Quantity: 1, Items: [`/${MEDIA_PREFIX}/${id}/*`] },
        },
      }),
    );
    invalidationId = answer.Invalidation?.Id;
  }

  return {
    submissionId: id,
    leadFound: lead !== undefined,
    tableItems: [...deletedKeys, ...owed.map((item) => `${OUTBOX_PK}/lead#${id}#${item.key}`)],
    objectVersions: mine,
    ...(invalidationId === undefined ? {} : { invalidationId }),
  };
}
