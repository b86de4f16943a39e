/**
 * The job's proof for the homeowner's view link and operations' quote link only: presigned GETs
 * of the receipt and after-photos that live JOB_LIMITS.proofGetSeconds, shown in the browser
 * (inline, with the stored type). Any other link, a hauler's included, is the loop's one 403.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { jsonResult } from '../../shared/runtime/http';
import type { JsonResult } from '../../shared/runtime/http';
import { jobOf } from '../../shared/jobs/lead-job';
import { authoriseLink } from '../../shared/auth/link-auth';
import { refusedLinkResult } from '../../shared/auth/link-results';
import type { JobDeps } from '../job-deps';
import { badRequest, refused } from '../respond';
import { AFTER_PHOTO_CONTENT_TYPES, JOB_LIMITS, JOB_MESSAGES } from '#contract/loop/jobs';
import { proofRequestSchema } from '#contract/loop/job-schemas';
import type { ProofUrls } from '#contract/loop/jobs';

const PHOTO_TYPES = new Map<string, string>(
  Object.entries(AFTER_PHOTO_CONTENT_TYPES).map(([type, extension]) => [extension, type]),
);

/** An after-photo's type from its key's extension (the check held its bytes to it). */
function photoType(key: string): string {
  return PHOTO_TYPES.get(key.slice(key.lastIndexOf('.') + 1)) ?? 'image/jpeg';
}

function presignGet(deps: JobDeps, key: string, contentType: string): Promise<string> {
  return getSignedUrl(
    deps.s3,
    new GetObjectCommand({
      Bucket: deps.bucket,
      Key: key,
      ResponseContentDisposition: 'inline',
      ResponseContentType: contentType,
    }),
    { expiresIn: JOB_LIMITS.proofGetSeconds },
  );
}

export async function jobProof(body: Record<string, unknown>, deps: JobDeps): Promise<JsonResult> {
  const auth = await authoriseLink(body, deps, { homeowner: ['view'], operations: ['quote'] });
  if (!auth.ok) return refusedLinkResult(auth);
  const parsed = proofRequestSchema.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues);
  const job = jobOf(auth.lead);
  const receipt = job?.receipt;
  if (job === undefined || receipt === undefined) {
    return refused(JOB_MESSAGES.noReceiptYet, auth.lead, { claims: auth.claims }, deps);
  }
  const answer: ProofUrls = {
    receipt: {
      url: await presignGet(deps, receipt.key, receipt.contentType),
      contentType: receipt.contentType,
      facility: receipt.facility,
      at: receipt.at,
    },
    afterPhotos: await Promise.all(
      (job.afterPhotoKeys ?? []).map((key) => presignGet(deps, key, photoType(key))),
    ),
    expiresInSeconds: JOB_LIMITS.proofGetSeconds,
  };
  console.info('job: proof', {
    submissionId: auth.lead.submissionId,
    role: auth.claims.role,
    afterPhotos: answer.afterPhotos.length,
  });
  return jsonResult(200, answer);
}
