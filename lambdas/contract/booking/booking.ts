import * as z from 'zod/mini';
import { LIMITS } from '../core/limits';
import { MESSAGES } from '../core/messages';
import { homeownerFieldsSchema, submissionIdSchema } from '../core/fields';
import { checkPickupDate, jobChoicesShape, pickupFieldsParsed } from './job-choice-schemas';

/** 2 to 10 photos, or one video, never both: the message to show, or undefined. */
export function mediaSelectionError(selection: {
  photoCount: number;
  hasVideo: boolean;
}): string | undefined {
  const { photoCount, hasVideo } = selection;
  if (hasVideo && photoCount > 0) return MESSAGES.photosOrVideo;
  if (photoCount > LIMITS.photos.max) return MESSAGES.tooManyPhotos;
  if (!hasVideo && photoCount < LIMITS.photos.min) return MESSAGES.mediaRequired;
  return undefined;
}

export function videoDurationError(seconds: number): string | undefined {
  return seconds > LIMITS.videoMaxSeconds ? MESSAGES.videoTooLong : undefined;
}

/** Filled only by bots; answered with a fake success: docs/decisions/017-abuse-limits.md. */
export const HONEYPOT_FIELD = 'website';

export function isHoneypotFilled(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || !(HONEYPOT_FIELD in body)) return false;
  const value: unknown = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  return value !== undefined && value !== '';
}

const mediaUrl = z
  .url({ protocol: /^https?$/, error: MESSAGES.mediaUrlInvalid })
  .check(z.maxLength(LIMITS.mediaUrlMaxLength, MESSAGES.mediaUrlInvalid));

const MEDIA_KEYS: readonly PropertyKey[] = ['photoUrls', 'photoCount', 'hasVideo', 'videoUrl'];

// The cross-field checks run once the media fields parsed: a bad name is still reported beside
// a bad photo count, and a missing photoUrls array is not reported twice.
function mediaFieldsParsed(payload: {
  issues: ReadonlyArray<{ readonly code?: string; readonly path?: readonly PropertyKey[] }>;
}): boolean {
  return payload.issues.every((issue) => {
    const head = issue.path?.[0];
    if (head === undefined) return issue.code === 'unrecognized_keys';
    return !MEDIA_KEYS.includes(head);
  });
}

export const bookingRequestSchema = z
  .strictObject(
    {
      ...homeownerFieldsSchema.shape,
      photoUrls: z
        .array(mediaUrl, { error: 'photoUrls must be a list of links' })
        .check(z.maxLength(LIMITS.photos.max, MESSAGES.tooManyPhotos)),
      photoCount: z
        .number({ error: 'photoCount must be a number' })
        .check(
          z.int('photoCount must be a whole number'),
          z.gte(0, 'photoCount must not be negative'),
        ),
      hasVideo: z.boolean({ error: 'hasVideo must be true or false' }),
      submissionId: submissionIdSchema,
      videoUrl: z.optional(mediaUrl),
      ...jobChoicesShape,
      // A string, so the browser can send its hidden field as is; only '' passes.
      [HONEYPOT_FIELD]: z.optional(
        z.string({ error: MESSAGES.honeypotFilled }).check(z.maxLength(0, MESSAGES.honeypotFilled)),
      ),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? MESSAGES.unknownFields(issue.keys)
          : MESSAGES.bodyNotObject,
    },
  )
  .check(
    z.superRefine(
      (request, ctx) => {
        const { photoUrls, photoCount, hasVideo, videoUrl } = request;
        const hasVideoUrl = videoUrl !== undefined;
        const selectionError = mediaSelectionError({
          photoCount: photoUrls.length,
          hasVideo: hasVideoUrl,
        });
        if (selectionError !== undefined) {
          const path = selectionError === MESSAGES.photosOrVideo ? 'videoUrl' : 'photoUrls';
          ctx.addIssue({ code: 'custom', path: [path], message: selectionError });
        }
        if (new Set(photoUrls).size !== photoUrls.length) {
          ctx.addIssue({ code: 'custom', path: ['photoUrls'], message: MESSAGES.duplicatePhoto });
        }
        if (photoCount !== photoUrls.length) {
          ctx.addIssue({
            code: 'custom',
            path: ['photoCount'],
            message: MESSAGES.photoCountMismatch,
          });
        }
        if (hasVideo !== hasVideoUrl) {
          ctx.addIssue({ code: 'custom', path: ['hasVideo'], message: MESSAGES.hasVideoMismatch });
        }
      },
      { when: mediaFieldsParsed },
    ),
    z.superRefine(checkPickupDate, { when: pickupFieldsParsed }),
  );

export type BookingRequestInput = z.input<typeof bookingRequestSchema>;
export type BookingRequest = z.output<typeof bookingRequestSchema>;

/**
 * `requestLink`: the confirmation email's signed "View your request" link, answered only to the
 * call that stored the request (see send-booking-emails.ts for why no repeat gets it).
 */
export const bookingResponseSchema = z.object({
  ok: z.literal(true),
  reference: z.string(),
  requestLink: z.optional(z.string()),
});
export type BookingResponse = z.output<typeof bookingResponseSchema>;
