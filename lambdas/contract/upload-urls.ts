import * as z from 'zod/mini';
import { LIMITS } from './limits';
import { submissionIdSchema } from './fields';
import { MESSAGES } from './messages';
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

/** Per-file checks that need the kind: allowed MIME types and size caps, naming the file's position. */
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

/**
 * One call per form attempt, listing every file to upload. 1 to 10 photos (a retry may upload
 * only some of them; the booking call enforces the minimum of 2), or exactly one video alone.
 */
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

/** create-upload-urls' answer: one presigned upload per file, in the order of the request's `files`. */
export const uploadUrlsResponseSchema = z.object({
  uploads: z.array(
    z.object({
      /** 1-based position, as in 'Failed to upload photo {n}'. */
      index: z.number(),
      /** The object key the PUT writes: `incoming/{submissionId}/{timestamp}_{index}.{ext}` (quarantine). */
      key: z.string(),
      /** PUT the file's bytes here, exactly `size` bytes (Content-Length is signed). */
      url: z.string(),
      /** Send exactly these headers with the PUT. */
      headers: z.record(z.string(), z.string()),
      /** The link to put in photoUrls / videoUrl once the PUT succeeded. */
      publicUrl: z.string(),
    }),
  ),
});

export type UploadUrlsResponse = z.output<typeof uploadUrlsResponseSchema>;
export type PresignedUpload = UploadUrlsResponse['uploads'][number];

/**
 * The headers a browser sends with each presigned PUT (create-upload-urls names their values).
 * The bucket's CORS rule allows exactly these, in AWS and in the local stand-in; Content-Length is
 * set by the browser and never preflighted.
 */
export const UPLOAD_HEADER_NAMES = ['content-type', 'cache-control', 'if-none-match'] as const;
