/**
 * The local stand-in for the distribution's read-only `/quote-photos/*` behaviour: which object a
 * photo link may name. Only a released file, `quote-photos/{submissionId}/{timestamp}_{index}.{ext}`,
 * is ever asked of S3; every other spelling (an encoded `/` or `\`, dot segments, a double
 * encoding, a NUL, another prefix) answers 404 before any S3 call. Without this, `..%2f` in a photo
 * link reached `leads/{id}.json` (the homeowner's contact details) and unbooked uploads.
 */
import { MEDIA_PREFIX } from '#contract/booking/media-keys';
import { PHOTO_CONTENT_TYPES, VIDEO_CONTENT_TYPES } from '#contract/booking/media-types';

const EXTENSIONS = [...Object.values(PHOTO_CONTENT_TYPES), ...Object.values(VIDEO_CONTENT_TYPES)];

/** A lower-case UUID folder and the spec's `{timestamp}_{index}.{ext}` name, nothing else. */
const RELEASED_KEY = new RegExp(
  `^${MEDIA_PREFIX}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/\\d{1,16}_\\d{1,2}\\.(?:${EXTENSIONS.join('|')})$`,
);

/** True when the path (already normalised, as CloudFront matches behaviours) is a photo link. */
export function isPhotoPath(pathname: string): boolean {
  return pathname.startsWith(`/${MEDIA_PREFIX}/`);
}

/**
 * The object key behind a photo link's raw request target (`req.url`, as CloudFront forwards it
 * to the origin), or undefined. The path is percent-decoded exactly once, as S3 decodes it, and
 * the result must be a released key: so `%252f` stays a literal `%2f` and fails, and nothing
 * decoded can climb out of the submission's folder. The query string is dropped, as CloudFront's
 * photo cache policy drops it.
 */
export function releasedMediaKey(rawTarget: string): string | undefined {
  const [path = ''] = rawTarget.split('?', 1);
  if (!isPhotoPath(path)) return undefined;
  let key: string;
  try {
    key = decodeURIComponent(path.slice(1));
  } catch {
    return undefined;
  }
  return RELEASED_KEY.test(key) ? key : undefined;
}
