/**
 * A hauler's insurance certificate, from quarantine to the private documents prefix: it is kept
 * only when it is there with the declared size and type, and its bytes are a PDF, JPEG or PNG of
 * that type from the first byte to the last (the booking's structure walk for the images). The
 * copy names the ETag that was checked, so a file swapped in between is never kept.
 */
import { CopyObjectCommand, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { fileTypeFromBuffer } from 'file-type/core';
import { isConditionalWriteConflict, isNotFound } from './aws';
import { TooManyReads, bytesAt, cachedSource } from './byte-source';
import type { ByteSource } from './byte-source';
import type { StoredDocument } from './hauler-store';
import { structureProblem } from './media-structure';
import { HAULER_API_MESSAGES } from '#contract/hauler-api';
import { CERTIFICATE_CONTENT_TYPES } from '#contract/haulers';
import type { CertificateFile } from '#contract/haulers';
import { haulerDocumentKey, incomingCertificateKey } from '#contract/media-keys';

export interface DocumentStoreDeps {
  s3: S3Client;
  bucket: string;
}

export type CertificateKept =
  { ok: true; document: StoredDocument } | { ok: false; message: string };

/** file-type's own "reasonable detection size". */
const DETECTION_BYTES = 4100;
/** Readers look for the end-of-file marker this far from the end (PDF 1.7, annex H). */
const PDF_TAIL_BYTES = 1024;

const ascii = (bytes: Uint8Array | undefined) =>
  bytes === undefined ? '' : String.fromCharCode(...bytes);

/** `%PDF-1.x` first and `%%EOF` near the end: a whole file, not a page behind a PDF header. */
export async function pdfProblem(source: ByteSource): Promise<string | undefined> {
  if (!/^%PDF-\d\.\d$/.test(ascii(await bytesAt(source, 0, 8)))) return 'PDF: no header';
  const tailLength = Math.min(PDF_TAIL_BYTES, source.size);
  const tail = ascii(await bytesAt(source, source.size - tailLength, tailLength));
  if (!tail.includes('%%EOF')) return 'PDF: no end-of-file marker';
  return undefined;
}

async function wholeFileProblem(
  type: keyof typeof CERTIFICATE_CONTENT_TYPES,
  source: ByteSource,
): Promise<string | undefined> {
  const detected = await fileTypeFromBuffer(await source.read(0, DETECTION_BYTES));
  if (detected?.mime !== type) return `detected ${detected?.mime ?? 'nothing'}`;
  try {
    return type === 'application/pdf'
      ? await pdfProblem(source)
      : await structureProblem(type, source);
  } catch (error) {
    if (error instanceof TooManyReads) return 'too many reads';
    throw error;
  }
}

/**
 * Checks the application's upload in quarantine and copies it to
 * `hauler-documents/{haulerId}/{name}.{ext}`; the answer's message is the contract's, for the
 * `insuranceCertificate` field.
 */
export async function keepCertificate(
  deps: DocumentStoreDeps,
  haulerId: string,
  declared: CertificateFile,
  name: string,
  now: Date,
): Promise<CertificateKept> {
  const extension = CERTIFICATE_CONTENT_TYPES[declared.contentType];
  const incomingKey = incomingCertificateKey(haulerId, extension);
  const notUploaded = { ok: false, message: HAULER_API_MESSAGES.certificateNotUploaded } as const;
  const notReal = { ok: false, message: HAULER_API_MESSAGES.certificateNotReal } as const;
  let head;
  try {
    head = await deps.s3.send(new HeadObjectCommand({ Bucket: deps.bucket, Key: incomingKey }));
  } catch (error) {
    if (isNotFound(error)) return notUploaded;
    throw error;
  }
  if ((head.ContentLength ?? -1) !== declared.size) return notUploaded;
  if ((head.ContentType ?? '').toLowerCase() !== declared.contentType) return notReal;
  const etag = head.ETag;
  const source = cachedSource(declared.size, async (start, end) => {
    const object = await deps.s3.send(
      new GetObjectCommand({
        Bucket: deps.bucket,
        Key: incomingKey,
        Range: `bytes=${start}-${end}`,
        ...(etag === undefined ? {} : { IfMatch: etag }),
      }),
    );
    return object.Body === undefined ? new Uint8Array() : object.Body.transformToByteArray();
  });
  let problem: string | undefined;
  try {
    problem = await wholeFileProblem(declared.contentType, source);
  } catch (error) {
    if (isConditionalWriteConflict(error)) return notUploaded;
    throw error;
  }
  if (problem !== undefined) return notReal;
  const key = haulerDocumentKey(haulerId, name, extension);
  try {
    await deps.s3.send(
      new CopyObjectCommand({
        Bucket: deps.bucket,
        Key: key,
        CopySource: `${deps.bucket}/${incomingKey}`,
        ...(etag === undefined ? {} : { CopySourceIfMatch: etag }),
        MetadataDirective: 'REPLACE',
        ContentType: declared.contentType,
      }),
    );
  } catch (error) {
    // Replaced between the check and the copy: what was checked is gone.
    if (isConditionalWriteConflict(error)) return notUploaded;
    throw error;
  }
  const document: StoredDocument = {
    key,
    contentType: declared.contentType,
    size: declared.size,
    uploadedAt: now.toISOString(),
  };
  return { ok: true, document };
}
