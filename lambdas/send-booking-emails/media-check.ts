/**
 * Booking-time checks of a request's media, and their release from quarantine (decision 017): a
 * file goes public only as this submission's, within its size limit, and of its declared type by
 * its bytes, so the site never serves an attacker's page from its own origin.
 */
import { CopyObjectCommand, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { fileTypeFromBuffer } from 'file-type/core';
import { isNotFound } from '../shared/runtime/aws';
import type { BookingRequest } from '#contract/booking/booking';
import { LIMITS } from '#contract/core/limits';
import { incomingKeyFor, keyFromPublicUrl } from '#contract/booking/media-keys';
import { isPhotoContentType, isVideoContentType } from '#contract/booking/media-types';
import type { MediaContentType } from '#contract/booking/media-types';
import { MESSAGES } from '#contract/core/messages';
import { TooManyReads, cachedSource } from '../shared/media/byte-source';
import type { ByteSource } from '../shared/media/byte-source';
import { structureProblem } from '../shared/media/media-structure';

export interface MediaDeps {
  s3: S3Client;
  bucket: string;
  publicBaseUrl: string;
}

/** One photo or the video of a request, as the visitor knows it ('Photo 2', 'The video'). */
interface MediaItem {
  url: string;
  label: string;
  field: 'photoUrls' | 'videoUrl';
  kind: 'photo' | 'video';
  /** 1-based photo number, for 'Photo 2 is too large'. */
  n: number;
}

/** A file that passed every check: where it waits, where it goes public, and its type. */
export interface CheckedMedia {
  publicKey: string;
  incomingKey: string;
  contentType: string;
  /** Already public (copied by an earlier attempt, quarantine since expired): nothing to copy. */
  released: boolean;
}

export type MediaCheck =
  | { ok: true; media: CheckedMedia[] }
  | { ok: false; message: string; field: 'photoUrls' | 'videoUrl' };

function mediaItems(request: BookingRequest): MediaItem[] {
  const photos = request.photoUrls.map((url, i) => ({
    url,
    label: `Photo ${i + 1}`,
    field: 'photoUrls' as const,
    kind: 'photo' as const,
    n: i + 1,
  }));
  const video =
    request.videoUrl === undefined
      ? []
      : [
          {
            url: request.videoUrl,
            label: 'The video',
            field: 'videoUrl' as const,
            kind: 'video' as const,
            n: 1,
          },
        ];
  return [...photos, ...video];
}

/** One container each, so their first bytes cannot tell them apart reliably. */
const SAME_FAMILY: Readonly<Record<string, string>> = {
  'image/heic': 'image/heif',
  'image/heif': 'image/heif',
  'image/heic-sequence': 'image/heif',
  'image/heif-sequence': 'image/heif',
  'video/mp4': 'video/mp4',
  'video/quicktime': 'video/mp4',
};
const family = (type: string): string => SAME_FAMILY[type] ?? type;

export function bytesMatchDeclaredType(detected: string | undefined, declared: string): boolean {
  return detected !== undefined && family(detected) === family(declared.toLowerCase());
}

/** file-type's own "reasonable detection size": every type we accept is known by then. */
const DETECTION_BYTES = 4100;

type Head = { exists: false } | { exists: true; contentType: string; size: number };

async function head(deps: MediaDeps, key: string): Promise<Head> {
  try {
    const object = await deps.s3.send(new HeadObjectCommand({ Bucket: deps.bucket, Key: key }));
    return {
      exists: true,
      contentType: (object.ContentType ?? '').toLowerCase(),
      size: object.ContentLength ?? 0,
    };
  } catch (error) {
    if (isNotFound(error)) return { exists: false };
    throw error;
  }
}

const photoType = (type: string) => (isPhotoContentType(type) ? type : undefined);
const videoType = (type: string) => (isVideoContentType(type) ? type : undefined);

/** The stored file's bytes, read by ranged GETs: a 200 MB video is checked by its headers. */
function storedFile(deps: MediaDeps, key: string, size: number): ByteSource {
  return cachedSource(size, async (start, end) => {
    const object = await deps.s3.send(
      new GetObjectCommand({ Bucket: deps.bucket, Key: key, Range: `bytes=${start}-${end}` }),
    );
    if (object.Body === undefined) return new Uint8Array();
    return object.Body.transformToByteArray();
  });
}

async function isWhole(declared: MediaContentType, file: ByteSource): Promise<boolean> {
  try {
    return (await structureProblem(declared, file)) === undefined;
  } catch (error) {
    // More range reads than any real photo or video needs: refused like any malformed file.
    if (error instanceof TooManyReads) return false;
    throw error;
  }
}

async function checkItem(
  item: MediaItem,
  publicKey: string,
  deps: MediaDeps,
): Promise<CheckedMedia | string> {
  const incomingKey = incomingKeyFor(publicKey);
  const waiting = await head(deps, incomingKey);
  if (!waiting.exists) {
    // A retry after the quarantine copy expired: the file was checked and released before.
    const released = await head(deps, publicKey);
    if (released.exists) {
      return { publicKey, incomingKey, contentType: released.contentType, released: true };
    }
    return MESSAGES.mediaNotFound(item.label);
  }

  const declared = waiting.contentType;
  const type = item.kind === 'photo' ? photoType(declared) : videoType(declared);
  if (type === undefined) return MESSAGES.mediaContentMismatch(item.label, declared);
  const maxBytes = item.kind === 'photo' ? LIMITS.photoMaxBytes : LIMITS.videoMaxBytes;
  if (waiting.size > maxBytes) {
    return item.kind === 'photo' ? MESSAGES.photoTooLarge(item.n) : MESSAGES.videoTooLarge;
  }
  const file = storedFile(deps, incomingKey, waiting.size);
  const detected = await fileTypeFromBuffer(await file.read(0, DETECTION_BYTES));
  if (!bytesMatchDeclaredType(detected?.mime, declared) || !(await isWhole(type, file))) {
    return MESSAGES.mediaContentMismatch(item.label, declared);
  }
  return { publicKey, incomingKey, contentType: declared, released: false };
}

/** Every link is checked before S3 is asked anything; the first problem names its file. */
export async function checkMedia(request: BookingRequest, deps: MediaDeps): Promise<MediaCheck> {
  const items = mediaItems(request);
  const keys: string[] = [];
  for (const item of items) {
    const key = keyFromPublicUrl(item.url, deps.publicBaseUrl, request.submissionId);
    if (key === undefined) {
      return { ok: false, message: MESSAGES.mediaNotUploaded(item.label), field: item.field };
    }
    keys.push(key);
  }
  const results = await Promise.all(items.map((item, i) => checkItem(item, keys[i] ?? '', deps)));
  const media: CheckedMedia[] = [];
  for (const [i, result] of results.entries()) {
    const item = items[i];
    if (item === undefined) continue;
    if (typeof result === 'string') return { ok: false, message: result, field: item.field };
    media.push(result);
  }
  return { ok: true, media };
}

/** With our metadata, none of the uploader's; copying again is harmless, so a retry repeats it. */
export async function releaseMedia(media: readonly CheckedMedia[], deps: MediaDeps): Promise<void> {
  await Promise.all(
    media
      .filter((file) => !file.released)
      .map((file) =>
        deps.s3.send(
          new CopyObjectCommand({
            Bucket: deps.bucket,
            Key: file.publicKey,
            CopySource: `${deps.bucket}/${file.incomingKey}`,
            MetadataDirective: 'REPLACE',
            ContentType: file.contentType,
            CacheControl: `max-age=${LIMITS.photoCacheControlSeconds}`,
          }),
        ),
      ),
  );
}
