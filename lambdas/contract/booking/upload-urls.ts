import * as z from 'zod/mini';
import { LIMITS } from '../core/limits';
import { submissionIdSchema } from '../core/fields';
import { MESSAGES } from '../core/messages';
import { isPhotoContentType, isVideoContentType } from './media-types';

const uploadFileSchema = z.strictObject(
  {
    kind: z.enum(['photo', 'video'], { error: MESSAGES.fileKindInvalid }),
    contentType: z.string({ error: 'contentType must be a MIME type such as image/jpeg' }),
    size: z
      .number({ error: MESSAGES.fileSizeInvalid })
      .check(z.int(MESSAGES.fileSizeInvalid), z.positive(MESSAGES.fileSizeInvalid)),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? MESSAGES.unknownFields(issue.keys)
        : 'Each file must be an object with kind, contentType and size',
  },
);

export type UploadFile = z.output<typeof uploadFileSchema>;

function checkUploadFiles(files: readonly UploadFile[], ctx: z.core.$RefinementCtx): void {
  const videoCount = files.filter((file) => file.kind === 'video').length;
  if (videoCount > 0 && files.length > 1) {
    ctx.addIssue({ code: 'custom', path: ['files'], message: MESSAGES.photosOrVideo });
  }
  files.forEach((file, index) => {
    const n = index + 1;
    if (file.kind === 'photo') {
      if (!isPhotoContentType(file.contentType)) {
        ctx.addIssue({
          code: 'custom',
          path: ['files', index, 'contentType'],
          message: `Photo ${n}: ${MESSAGES.photoNotImage}`,
        });
      }
      if (file.size > LIMITS.photoMaxBytes) {
        ctx.addIssue({
          code: 'custom',
          path: ['files', index, 'size'],
          message: MESSAGES.photoTooLarge(n),
        });
      }
    } else {
      if (!isVideoContentType(file.contentType)) {
        ctx.addIssue({
          code: 'custom',
          path: ['files', index, 'contentType'],
          message: MESSAGES.videoNotVideo,
        });
      }
      if (file.size > LIMITS.videoMaxBytes) {
        ctx.addIssue({
          code: 'custom',
          path: ['files', index, 'size'],
          message: MESSAGES.videoTooLarge,
        });
      }
    }
  });
}

/** From 1 photo: a retry uploads only the failed ones, and booking enforces the minimum. */
export const uploadUrlsRequestSchema = z
  .strictObject(
    {
      submissionId: submissionIdSchema,
      files: z
        .array(uploadFileSchema, { error: 'files must be a list' })
        .check(
          z.minLength(1, MESSAGES.noFiles),
          z.maxLength(LIMITS.photos.max, MESSAGES.tooManyPhotos),
        ),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? MESSAGES.unknownFields(issue.keys)
          : MESSAGES.bodyNotObject,
    },
  )
  .check(z.superRefine((request, ctx) => checkUploadFiles(request.files, ctx)));

export type UploadUrlsRequest = z.output<typeof uploadUrlsRequestSchema>;

/** One presigned upload per file, in the order of the request's `files`. */
export const uploadUrlsResponseSchema = z.object({
  uploads: z.array(
    z.object({
      /** 1-based, as in 'Failed to upload photo {n}'. */
      index: z.number(),
      key: z.string(),
      /** Exactly `size` bytes: Content-Length is signed. */
      url: z.string(),
      headers: z.record(z.string(), z.string()),
      /** For photoUrls or videoUrl, once the PUT succeeded. */
      publicUrl: z.string(),
    }),
  ),
});

export type UploadUrlsResponse = z.output<typeof uploadUrlsResponseSchema>;
export type PresignedUpload = UploadUrlsResponse['uploads'][number];

// The bucket's CORS rule allows exactly these (in AWS and locally); the browser sets
// Content-Length itself, and it is never preflighted.
export const UPLOAD_HEADER_NAMES = ['content-type', 'cache-control', 'if-none-match'] as const;
