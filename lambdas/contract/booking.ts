import * as z from 'zod/mini';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { homeownerFieldsSchema, submissionIdSchema } from './fields';
import { checkPickupDate, jobChoicesShape, pickupFieldsParsed } from './job-choices';

/**
 * The media rule on a selection: 2 to 10 photos, or one video, never both.
 * Returns the message to show, or undefined when the selection may be submitted.
 */
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

/** The video-length rule; the browser reads the duration from the file's metadata. */
export function videoDurationError(seconds: number): string | undefined {
  return seconds > LIMITS.videoMaxSeconds ? MESSAGES.videoTooLong : undefined;
}
/**
 * The honeypot: a field hidden from people (off-screen, aria-hidden, tabIndex -1,
 * autoComplete "off") that form-filling bots fill in.
 *
 * Decision: a filled honeypot is answered with a silent fake success (200 and a reference), and
 * nothing is stored or sent. A 400 would tell the bot's author exactly which field to leave
 * empty. The schema still rejects the field, so no code path can accidentally accept it; the
 * Lambda checks `isHoneypotFilled` before validating and logs the hit.
 */
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

/**
 * Cross-field media checks run only when the media fields themselves parsed, so a bad name still
 * gets reported next to a bad photo count, while a missing photoUrls array is not reported twice.
 */
function mediaFieldsParsed(payload: {
  issues: ReadonlyArray<{ readonly code?: string; readonly path?: readonly PropertyKey[] }>;
}): boolean {
  return payload.issues.every((issue) => {
    const head = issue.path?.[0];
    if (head === undefined) return issue.code === 'unrecognized_keys';
    return !MEDIA_KEYS.includes(head);
  });
}

/** The booking body, plus the submission id, the video's link and the honeypot. */
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

/** What the browser sends (before trimming). */
export type BookingRequestInput = z.input<typeof bookingRequestSchema>;
/** What the Lambda works with (trimmed, validated). */
export type BookingRequest = z.output<typeof bookingRequestSchema>;

export const bookingResponseSchema = z.object({ ok: z.literal(true), reference: z.string() });
export type BookingResponse = z.output<typeof bookingResponseSchema>;
