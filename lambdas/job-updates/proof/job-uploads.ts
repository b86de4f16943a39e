/**
 * The accepted hauler's upload URLs for "Job done": presigned PUTs into quarantine, like the
 * certificate's (type and length signed, a few minutes to live), one key per URL under
 * `incoming/jobs/{submissionId}/`. Only while the job may be marked done by this hauler, and
 * counted on the lead: at most JOB_LIMITS.uploadUrlsPerJob URLs per job, retries included.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { JsonResult } from '../../shared/runtime/http';
import { jsonResult } from '../../shared/runtime/http';
import { authoriseLink } from '../../shared/auth/link-auth';
import { refusedLinkResult } from '../../shared/auth/link-results';
import { decideJob, jobFacts } from '../../shared/jobs/job-status';
import type { JobDecision } from '../../shared/jobs/job-status';
import { jobOf } from '../../shared/jobs/lead-job';
import { countedUploads } from '../../shared/models/job-model';
import type { Lead } from '../../shared/models/lead-model';
import { getLead } from '../../shared/leads/lead-store';
import type { LinkHolder } from '../../shared/auth/link-view';
import { leadKey, unlessConditionFailed } from '../../shared/runtime/table-handle';
import type { JobDeps } from '../job-deps';
import { badRequest, fieldError, refused } from '../respond';
import {
  AFTER_PHOTO_CONTENT_TYPES,
  JOB_LIMITS,
  JOB_MESSAGES,
  RECEIPT_CONTENT_TYPES,
} from '#contract/loop/jobs';
import { jobUploadUrlsRequestSchema } from '#contract/loop/job-schemas';
import type { JobUpload, JobUploadUrls } from '#contract/loop/jobs';
import { LIMITS } from '#contract/core/limits';
import { incomingJobKey, jobUploadName } from '#contract/booking/media-keys';
import type { JobUploadKind } from '#contract/booking/media-keys';

/** A lost race reads the lead again; past this the count is contended and answered as such. */
const COUNT_ATTEMPTS = 4;

/** What "Job done" by this hauler would do to the lead as it is. */
export function decideDone(lead: Lead, haulerId: string, now: Date): JobDecision {
  return decideJob('done', jobFacts(lead), {
    now,
    actor: { role: 'hauler', haulerId },
  });
}

/** Why no more files may be uploaded for this job now, or undefined. */
function doneRefusal(lead: Lead, haulerId: string, now: Date): string | undefined {
  const decision = decideDone(lead, haulerId, now);
  if (decision.kind === 'change') return undefined;
  return decision.kind === 'refuse' ? decision.message : JOB_MESSAGES.jobDone;
}

/**
 * Counts `wanted` more URLs on this job: an ADD on `job.uploadUrls` that holds only while the job
 * is this quote's and under the cap (the first count stores the job itself). Also moves the lead's
 * version, so an action that read the lead before writes its `job` again from the counted one.
 * The numbers counted, or the reason it is refused.
 */
async function countUploadUrls(
  deps: JobDeps,
  initial: Lead,
  haulerId: string,
  wanted: number,
): Promise<
  { ok: true; quote: number; first: number } | { ok: false; message: string; lead: Lead }
> {
  let lead = initial;
  for (let attempt = 0; attempt < COUNT_ATTEMPTS; attempt += 1) {
    const refusal = doneRefusal(lead, haulerId, deps.now());
    if (refusal !== undefined) return { ok: false, message: refusal, lead };
    const job = jobOf(lead)!;
    const used = job.uploadUrls ?? 0;
    if (used + wanted > JOB_LIMITS.uploadUrlsPerJob) {
      return { ok: false, message: JOB_MESSAGES.uploadsExhausted, lead };
    }
    const hasJob = lead.job?.quote === job.quote;
    const written = await unlessConditionFailed(
      deps.table.client.send(
        new UpdateCommand({
          TableName: deps.table.tableName,
          Key: leadKey(lead.submissionId),
          ...(hasJob
            ? {
                UpdateExpression: 'ADD #job.#count :wanted, #version :one',
                ConditionExpression:
                  'attribute_exists(pk) AND #job.#quote = :quote AND (attribute_not_exists(#job.#count) OR #job.#count <= :room)',
                ExpressionAttributeNames: {
                  '#job': 'job',
                  '#count': 'uploadUrls',
                  '#quote': 'quote',
                  '#version': 'version',
                },
                ExpressionAttributeValues: {
                  ':wanted': wanted,
                  ':one': 1,
                  ':quote': job.quote,
                  ':room': JOB_LIMITS.uploadUrlsPerJob - wanted,
                },
              }
            : {
                // No job stored for this quote yet (or one of a quote given up since).
                UpdateExpression: 'SET #job = :job ADD #version :one',
                ConditionExpression:
                  'attribute_exists(pk) AND (attribute_not_exists(#job) OR #job.#quote <> :quote)',
                ExpressionAttributeNames: {
                  '#job': 'job',
                  '#quote': 'quote',
                  '#version': 'version',
                },
                ExpressionAttributeValues: {
                  ':job': { ...job, uploadUrls: wanted },
                  ':one': 1,
                  ':quote': job.quote,
                },
              }),
          ReturnValues: 'UPDATED_NEW',
        }),
      ),
    );
    if (written !== undefined) {
      const counted = countedUploads(written.Attributes, lead.submissionId);
      const count = counted.job?.uploadUrls ?? wanted;
      return { ok: true, quote: job.quote, first: count - wanted + 1 };
    }
    const current = await getLead(deps.table, lead.submissionId);
    if (current === undefined) throw new Error('Lead vanished while counting upload URLs');
    lead = current;
  }
  return { ok: false, message: JOB_MESSAGES.uploadsExhausted, lead };
}

async function presign(
  deps: JobDeps,
  key: string,
  file: { contentType: string; size: number },
): Promise<JobUpload> {
  // Type and length are signed: the PUT cannot carry another kind or size of file. A retry gets
  // a new key; the check copies only the bytes it read (by ETag).
  const url = await getSignedUrl(
    deps.s3,
    new PutObjectCommand({
      Bucket: deps.bucket,
      Key: key,
      ContentType: file.contentType,
      ContentLength: file.size,
    }),
    { expiresIn: LIMITS.uploadUrlExpirySeconds, signableHeaders: new Set(['content-type']) },
  );
  return { url, key, headers: { 'Content-Type': file.contentType } };
}

export async function jobUploadUrls(
  body: Record<string, unknown>,
  deps: JobDeps,
): Promise<JsonResult> {
  const auth = await authoriseLink(body, deps, { hauler: ['job'] });
  if (!auth.ok) return refusedLinkResult(auth);
  const parsed = jobUploadUrlsRequestSchema.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues);
  const { receipt, afterPhotos = [] } = parsed.data;
  if (receipt === undefined && afterPhotos.length === 0) {
    return fieldError('receipt', JOB_MESSAGES.receiptRequired);
  }
  const holder: LinkHolder = { claims: auth.claims, viewer: auth.viewer };
  const wanted = (receipt === undefined ? 0 : 1) + afterPhotos.length;
  const counted = await countUploadUrls(deps, auth.lead, auth.hauler.haulerId, wanted);
  if (!counted.ok) return refused(counted.message, counted.lead, holder, deps);

  const { submissionId } = auth.lead;
  let number = counted.first;
  const keyFor = (kind: JobUploadKind, extension: string) =>
    incomingJobKey(submissionId, jobUploadName(counted.quote, number++, kind, extension));
  const answer: JobUploadUrls = {
    ...(receipt === undefined
      ? {}
      : {
          receipt: await presign(
            deps,
            keyFor('receipt', RECEIPT_CONTENT_TYPES[receipt.contentType]),
            receipt,
          ),
        }),
    afterPhotos: [],
  };
  for (const photo of afterPhotos) {
    answer.afterPhotos.push(
      await presign(deps, keyFor('after', AFTER_PHOTO_CONTENT_TYPES[photo.contentType]), photo),
    );
  }
  console.info('job: upload urls', { submissionId, urls: wanted, first: counted.first });
  return jsonResult(200, answer);
}
