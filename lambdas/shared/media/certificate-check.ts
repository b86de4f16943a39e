// A private document (certificate, receipt, after-photo) leaves quarantine only with its declared
// size and type, its bytes that type throughout; the copy names the ETag that was checked, so a
// file swapped in between is never kept.
import { CopyObjectCommand, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { fileTypeFromBuffer } from 'file-type/core';
import { isConditionalWriteConflict, isNotFound } from '../runtime/aws';
import { TooManyReads, cachedSource } from './byte-source';
import type { ByteSource } from './byte-source';
import type { StoredDocument } from '../models/hauler-model';
import { structureProblem } from './media-structure';
import { pdfProblem } from './pdf-structure';
import { HAULER_API_MESSAGES } from '#contract/haulers/hauler-api';
import { CERTIFICATE_CONTENT_TYPES } from '#contract/haulers/haulers';
import type { CertificateFile } from '#contract/haulers/hauler-schemas';
import { haulerDocumentKey, incomingCertificateKey } from '#contract/booking/media-keys';

export interface DocumentStoreDeps {
  s3: S3Client;
  bucket: string;
}

/** file-type's own "reasonable detection size". */
const DETECTION_BYTES = 4100;

export type DocumentType = keyof typeof CERTIFICATE_CONTENT_TYPES;

async function wholeFileProblem(
  type: DocumentType,
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

/** What the upload must be: its type, and its exact size or a size at most `maxBytes`. */
export interface DeclaredDocument {
  contentType: DocumentType;
  size?: number;
  maxBytes?: number;
}

/** An upload in quarantine that passed every check: the version (ETag) that was read. */
export interface CheckedUpload {
  incomingKey: string;
  contentType: DocumentType;
  etag: string | undefined;
}

export type UploadCheck =
  { ok: true; checked: CheckedUpload } | { ok: false; reason: 'not-uploaded' | 'not-real' };

export async function checkUpload(
  deps: DocumentStoreDeps,
  incomingKey: string,
  declared: DeclaredDocument,
): Promise<UploadCheck> {
  let head;
  try {
    head = await deps.s3.send(new HeadObjectCommand({ Bucket: deps.bucket, Key: incomingKey }));
  } catch (error) {
    if (isNotFound(error)) return { ok: false, reason: 'not-uploaded' };
    throw error;
  }
  const size = head.ContentLength ?? -1;
  if (declared.size !== undefined && size !== declared.size) {
    return { ok: false, reason: 'not-uploaded' };
  }
  if (size < 1 || (declared.maxBytes !== undefined && size > declared.maxBytes)) {
    return { ok: false, reason: 'not-real' };
  }
  if ((head.ContentType ?? '').toLowerCase() !== declared.contentType) {
    return { ok: false, reason: 'not-real' };
  }
  const etag = head.ETag;
  const source = cachedSource(size, async (start, end) => {
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
    if (isConditionalWriteConflict(error)) return { ok: false, reason: 'not-uploaded' };
    throw error;
  }
  if (problem !== undefined) return { ok: false, reason: 'not-real' };
  return { ok: true, checked: { incomingKey, contentType: declared.contentType, etag } };
}

/** False when the checked version was replaced or removed since the check. */
export async function copyChecked(
  deps: DocumentStoreDeps,
  checked: CheckedUpload,
  key: string,
): Promise<boolean> {
  try {
    await deps.s3.send(
      new CopyObjectCommand({
        Bucket: deps.bucket,
        Key: key,
        CopySource: `${deps.bucket}/${checked.incomingKey}`,
        ...(checked.etag === undefined ? {} : { CopySourceIfMatch: checked.etag }),
        MetadataDirective: 'REPLACE',
        ContentType: checked.contentType,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalWriteConflict(error) || isNotFound(error)) return false;
    throw error;
  }
}

export interface CheckedCertificate {
  haulerId: string;
  declared: CertificateFile;
  incomingKey: string;
  etag: string | undefined;
}

export type CertificateCheck =
  { ok: true; checked: CheckedCertificate } | { ok: false; message: string };

const notUploaded = { ok: false, message: HAULER_API_MESSAGES.certificateNotUploaded } as const;
const notReal = { ok: false, message: HAULER_API_MESSAGES.certificateNotReal } as const;

/** A refusal carries the contract's message for the `insuranceCertificate` field. */
export async function checkCertificate(
  deps: DocumentStoreDeps,
  haulerId: string,
  declared: CertificateFile,
): Promise<CertificateCheck> {
  const incomingKey = incomingCertificateKey(
    haulerId,
    CERTIFICATE_CONTENT_TYPES[declared.contentType],
  );
  const check = await checkUpload(deps, incomingKey, declared);
  if (!check.ok) return check.reason === 'not-uploaded' ? notUploaded : notReal;
  return { ok: true, checked: { haulerId, declared, incomingKey, etag: check.checked.etag } };
}

export type CertificateKept =
  { ok: true; document: StoredDocument } | { ok: false; message: string };

/** Copies the checked version to `hauler-documents/{haulerId}/{name}.{ext}`, with our metadata. */
export async function keepCertificate(
  deps: DocumentStoreDeps,
  checked: CheckedCertificate,
  name: string,
  now: Date,
): Promise<CertificateKept> {
  const { declared } = checked;
  const key = haulerDocumentKey(
    checked.haulerId,
    name,
    CERTIFICATE_CONTENT_TYPES[declared.contentType],
  );
  const copied = await copyChecked(
    deps,
    { incomingKey: checked.incomingKey, contentType: declared.contentType, etag: checked.etag },
    key,
  );
  if (!copied) return notUploaded;
  const document: StoredDocument = {
    key,
    contentType: declared.contentType,
    size: declared.size,
    uploadedAt: now.toISOString(),
  };
  return { ok: true, document };
}
