/**
 * Where quote media lives, and how a public link maps back to its object key.
 *
 * Uploads land in private quarantine, `incoming/{submissionId}/{file}`, which CloudFront never
 * serves and which expires after a day. When the request is booked, send-booking-emails checks
 * each file's bytes and copies it to `quote-photos/{submissionId}/{file}`, the public link the
 * browser was given and the emails show. Both Lambdas use this module: create-upload-urls to name
 * the objects, send-booking-emails to check that a link points into the submission's own folder.
 */

/** The spec's storage bucket name, kept as the key prefix so CloudFront's /quote-photos/* maps 1:1. */
export const MEDIA_PREFIX = 'quote-photos';

/** Private quarantine for uploads not yet checked and booked; never served, expires in a day. */
export const INCOMING_PREFIX = 'incoming';

/** Lead archive `leads/{submissionId}.json` beside the media; CloudFront never serves it. */
export const LEADS_PREFIX = 'leads';

/** The S3 archive of a lead (written after the DynamoDB item, never read to decide anything). */
export function leadArchiveKey(submissionId: string): string {
  return `${LEADS_PREFIX}/${submissionId}.json`;
}

/** `{timestamp}_{index}.{ext}`: the spec's file name pattern, and nothing else (no '/', '..', '?'). */
const FILE_NAME = /^\d{1,16}_\d{1,2}\.[a-z0-9]{2,5}$/;

/** `quote-photos/{submissionId}/{timestamp}_{index}.{ext}`; index is 1-based. */
export function mediaObjectKey(
  submissionId: string,
  timestamp: number,
  index: number,
  extension: string,
): string {
  return `${MEDIA_PREFIX}/${submissionId}/${timestamp}_${index}.${extension}`;
}

/** `incoming/{submissionId}/{timestamp}_{index}.{ext}`: where the presigned PUT writes. */
export function incomingObjectKey(
  submissionId: string,
  timestamp: number,
  index: number,
  extension: string,
): string {
  return `${INCOMING_PREFIX}/${submissionId}/${timestamp}_${index}.${extension}`;
}

/** The quarantined upload behind a public key: `quote-photos/{id}/{file}` → `incoming/{id}/{file}`. */
export function incomingKeyFor(publicKey: string): string {
  if (!publicKey.startsWith(`${MEDIA_PREFIX}/`)) throw new Error(`Not a media key: ${publicKey}`);
  return `${INCOMING_PREFIX}/${publicKey.slice(MEDIA_PREFIX.length + 1)}`;
}

/** Configuration may carry a trailing slash; links must not get a double one. */
export function normaliseBaseUrl(publicBaseUrl: string): string {
  return publicBaseUrl.replace(/\/+$/, '');
}

export function publicUrlFor(publicBaseUrl: string, key: string): string {
  return `${normaliseBaseUrl(publicBaseUrl)}/${key}`;
}

/** The folder every link of this submission must start with. */
export function submissionFolderUrl(publicBaseUrl: string, submissionId: string): string {
  return `${normaliseBaseUrl(publicBaseUrl)}/${MEDIA_PREFIX}/${submissionId}/`;
}

/**
 * The object key behind a public link, or undefined when the link is not a file in this
 * submission's own folder: another host, another submission, a sub-folder, a query string, an
 * encoded character or a path trick all fail the exact file-name pattern.
 */
export function keyFromPublicUrl(
  url: string,
  publicBaseUrl: string,
  submissionId: string,
): string | undefined {
  const folder = submissionFolderUrl(publicBaseUrl, submissionId);
  if (!url.startsWith(folder)) return undefined;
  const fileName = url.slice(folder.length);
  if (!FILE_NAME.test(fileName)) return undefined;
  return `${MEDIA_PREFIX}/${submissionId}/${fileName}`;
}
