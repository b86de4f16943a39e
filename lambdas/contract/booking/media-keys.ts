// Uploads land in private quarantine (incoming/) and are copied to the public quote-photos/ once
// their bytes are checked at booking: docs/decisions/017-abuse-limits.md.

/** The spec's bucket name, kept as the prefix so CloudFront's /quote-photos/* maps 1:1. */
export const MEDIA_PREFIX = 'quote-photos';

export const INCOMING_PREFIX = 'incoming';

export const LEADS_PREFIX = 'leads';

/** Haulers' insurance certificates: private, never a CloudFront origin, read by presigned GET. */
export const HAULER_DOCUMENTS_PREFIX = 'hauler-documents';

/** Where the applicant's browser PUTs the certificate: one key per application and type. */
export function incomingCertificateKey(haulerId: string, extension: string): string {
  return `${INCOMING_PREFIX}/haulers/${haulerId}/certificate.${extension}`;
}

/** A hauler's checked document, e.g. haulerDocumentKey(id, 'certificate', 'pdf'). */
export function haulerDocumentKey(haulerId: string, name: string, extension: string): string {
  return `${HAULER_DOCUMENTS_PREFIX}/${haulerId}/${name}.${extension}`;
}

/** Disposal receipts and after-photos of jobs: private, never a CloudFront origin, read by presigned GET. */
export const JOB_PROOF_PREFIX = 'job-proof';

export type JobUploadKind = 'receipt' | 'after';

/** The job uploads' part of quarantine (its lifecycle rule covers them). */
export const INCOMING_JOBS_PREFIX = `${INCOMING_PREFIX}/jobs`;

export function incomingJobFolder(submissionId: string): string {
  return `${INCOMING_JOBS_PREFIX}/${submissionId}/`;
}

/** Each upload URL a key of its own: `{accepted quote}-{number}-{kind}`, e.g. `1-3-receipt.pdf`. */
export function jobUploadName(
  quote: number,
  number: number,
  kind: JobUploadKind,
  extension: string,
): string {
  return `${quote}-${number}-${kind}.${extension}`;
}

export function incomingJobKey(submissionId: string, name: string): string {
  return `${incomingJobFolder(submissionId)}${name}`;
}

/** The checked copy keeps the upload's file name. */
export function jobProofKey(submissionId: string, name: string): string {
  return `${JOB_PROOF_PREFIX}/${submissionId}/${name}`;
}

const JOB_UPLOAD_NAME = /^(\d{1,4})-(\d{1,3})-(receipt|after)\.([a-z]{3,4})$/;

export function parseIncomingJobKey(
  key: string,
  submissionId: string,
):
  | { name: string; quote: number; number: number; kind: JobUploadKind; extension: string }
  | undefined {
  const folder = incomingJobFolder(submissionId);
  if (!key.startsWith(folder)) return undefined;
  const name = key.slice(folder.length);
  const match = JOB_UPLOAD_NAME.exec(name);
  if (match === null) return undefined;
  return {
    name,
    quote: Number(match[1]),
    number: Number(match[2]),
    kind: match[3] as JobUploadKind,
    extension: match[4]!,
  };
}

/** Written after the table item, never read to decide anything. */
export function leadArchiveKey(submissionId: string): string {
  return `${LEADS_PREFIX}/${submissionId}.json`;
}

// The spec's `{timestamp}_{index}.{ext}` and nothing else: no '/', '..' or '?'.
const FILE_NAME = /^\d{1,16}_\d{1,2}\.[a-z0-9]{2,5}$/;

/** `index` is 1-based. */
export function mediaObjectKey(
  submissionId: string,
  timestamp: number,
  index: number,
  extension: string,
): string {
  return `${MEDIA_PREFIX}/${submissionId}/${timestamp}_${index}.${extension}`;
}

export function incomingObjectKey(
  submissionId: string,
  timestamp: number,
  index: number,
  extension: string,
): string {
  return `${INCOMING_PREFIX}/${submissionId}/${timestamp}_${index}.${extension}`;
}

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

export function submissionFolderUrl(publicBaseUrl: string, submissionId: string): string {
  return `${normaliseBaseUrl(publicBaseUrl)}/${MEDIA_PREFIX}/${submissionId}/`;
}

/**
 * Undefined unless the link is a file in this submission's own folder: another host, a sub-folder,
 * a query string, an encoded character or a path trick all fail the exact file-name pattern.
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
