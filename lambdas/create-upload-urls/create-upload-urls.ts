// Media go straight to S3: each URL allows only the declared key, type and size, never an
// overwrite. Quarantine, one batch per submission: decision 017.
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { claimUploadBatch } from '../shared/runtime/abuse-counters';
import { apiError, invalidRequest } from '../shared/runtime/http';
import type { LeadTable } from '../shared/runtime/table-handle';
import type { ApiErrorBody } from '#contract/core/api';
import { LIMITS } from '#contract/core/limits';
import { incomingObjectKey, mediaObjectKey, publicUrlFor } from '#contract/booking/media-keys';
import { extensionFor } from '#contract/booking/media-types';
import type { MediaContentType } from '#contract/booking/media-types';
import { MESSAGES } from '#contract/core/messages';
import { uploadUrlsRequestSchema } from '#contract/booking/upload-urls';
import type {
  PresignedUpload,
  UploadFile,
  UploadUrlsResponse,
} from '#contract/booking/upload-urls';

export interface CreateUploadUrlsDeps {
  s3: S3Client;
  table: LeadTable;
  bucket: string;
  publicBaseUrl: string;
  now: () => Date;
  /** Seconds the URLs stay valid; LIMITS.uploadUrlExpirySeconds in production. */
  expiresIn: number;
}

export type CreateUploadUrlsOutcome =
  { statusCode: 200; body: UploadUrlsResponse } | { statusCode: 400 | 409; body: ApiErrorBody };

const CACHE_CONTROL = `max-age=${LIMITS.photoCacheControlSeconds}`;

// SigV4 never signs Cache-Control, so CloudFront's policy on /quote-photos/* enforces it.
export function uploadHeaders(contentType: string): Record<string, string> {
  return {
    'Content-Type': contentType,
    'Cache-Control': CACHE_CONTROL,
    'If-None-Match': '*',
  };
}

async function presignUpload(
  file: UploadFile,
  index: number,
  submissionId: string,
  timestamp: number,
  deps: CreateUploadUrlsDeps,
): Promise<PresignedUpload> {
  const contentType = file.contentType as MediaContentType;
  const extension = extensionFor(contentType);
  const key = incomingObjectKey(submissionId, timestamp, index, extension);
  const command = new PutObjectCommand({
    Bucket: deps.bucket,
    Key: key,
    ContentType: contentType,
    ContentLength: file.size,
    CacheControl: CACHE_CONTROL,
    IfNoneMatch: '*',
  });
  const url = await getSignedUrl(deps.s3, command, {
    expiresIn: deps.expiresIn,
    // The presigner leaves content-type unsigned by default; sign it so the type can't be swapped.
    signableHeaders: new Set(['content-type']),
  });
  return {
    index,
    key,
    url,
    headers: uploadHeaders(contentType),
    // Where the file will be once the booking call has checked it and released it.
    publicUrl: publicUrlFor(
      deps.publicBaseUrl,
      mediaObjectKey(submissionId, timestamp, index, extension),
    ),
  };
}

export async function createUploadUrls(
  body: unknown,
  deps: CreateUploadUrlsDeps,
): Promise<CreateUploadUrlsOutcome> {
  const parsed = uploadUrlsRequestSchema.safeParse(body);
  if (!parsed.success) return invalidRequest(parsed.error.issues);
  const { submissionId, files } = parsed.data;
  const batch = await claimUploadBatch(deps.table, submissionId, files, deps.now());
  if (batch.outcome === 'refused') {
    return { statusCode: 409, body: apiError('upload_limit', MESSAGES.uploadBatchUsed) };
  }
  // One timestamp for the whole batch: the files of one attempt sort together in the folder.
  const timestamp = deps.now().getTime();
  const uploads = await Promise.all(
    files.map((file, i) => presignUpload(file, i + 1, submissionId, timestamp, deps)),
  );
  return { statusCode: 200, body: { uploads } };
}
