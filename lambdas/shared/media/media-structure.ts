/**
 * A web page behind `FF D8 FF E0` has a JPEG's magic number but is no JPEG: each check walks its
 * format from the first byte to the last and answers the first problem (the rules per format are
 * listed in docs/security.md). A file built to be both passes; nosniff and a sandboxing CSP keep
 * browsers from running it.
 */
import { crc32 } from 'node:zlib';
import type { MediaContentType } from '#contract/booking/media-types';
import { bytesAt } from './byte-source';
import type { ByteSource } from './byte-source';
import { isoMediaProblem, webmProblem } from './container-structure';

const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);
const ascii = (b: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...b.subarray(start, end));

// JPEG (ITU-T T.81, annex B)

const SOF_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);
/** Lossless frames carry no quantisation tables. */
const LOSSLESS_SOF = new Set([0xc3, 0xc7, 0xcb, 0xcf]);
const MAX_SEGMENTS = 1000;

async function jpegProblem(source: ByteSource): Promise<string | undefined> {
  const soi = await bytesAt(source, 0, 2);
  if (soi?.[0] !== 0xff || soi[1] !== 0xd8) return 'JPEG: no start-of-image marker';
  let offset = 2;
  let frame: number | undefined;
  let quantisation = false;
  for (let segments = 0; segments < MAX_SEGMENTS; segments += 1) {
    const head = await bytesAt(source, offset, 4);
    if (head === undefined) return 'JPEG: the file ends inside its headers';
    if (head[0] !== 0xff) return `JPEG: no marker at byte ${offset}`;
    const marker = head[1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // a fill byte before the marker
      continue;
    }
    if (marker === 0x00 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      return `JPEG: marker ${marker.toString(16)} before the scan`;
    }
    const length = view(head).getUint16(2);
    const end = offset + 2 + length;
    if (length < 2 || end > source.size) return 'JPEG: a segment runs past the end of the file';
    if (SOF_MARKERS.has(marker)) {
      const sof = await bytesAt(source, offset + 4, length - 2);
      if (sof === undefined || length < 8) return 'JPEG: frame header too short';
      const [precision = 0, , , , , components = 0] = sof;
      const lines = view(sof).getUint16(1);
      const samples = view(sof).getUint16(3);
      if (![8, 12, 16].includes(precision) || lines === 0 || samples === 0) {
        return 'JPEG: frame header with no size';
      }
      if (components < 1 || components > 4 || length !== 8 + 3 * components) {
        return 'JPEG: frame header with a wrong component count';
      }
      frame = marker;
    } else if (marker === 0xdb) {
      quantisation = true;
    } else if (marker === 0xda) {
      const sos = await bytesAt(source, offset + 4, 1);
      const components = sos?.[0] ?? 0;
      if (frame === undefined) return 'JPEG: a scan before the frame header';
      if (!quantisation && !LOSSLESS_SOF.has(frame)) return 'JPEG: no quantisation table';
      if (components < 1 || components > 4 || length !== 6 + 2 * components) {
        return 'JPEG: scan header with a wrong component count';
      }
      if (end > source.size - 2) return 'JPEG: no image data after the scan header';
      const eoi = await bytesAt(source, source.size - 2, 2);
      if (eoi?.[0] !== 0xff || eoi[1] !== 0xd9) return 'JPEG: the file does not end with EOI';
      return undefined;
    }
    offset = end;
  }
  return 'JPEG: too many segments';
}

// PNG (ISO/IEC 15948)

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Bit depths allowed for each colour type. */
const PNG_DEPTHS: Readonly<Record<number, readonly number[]>> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

async function pngProblem(source: ByteSource): Promise<string | undefined> {
  const signature = await bytesAt(source, 0, 8);
  if (signature === undefined || PNG_SIGNATURE.some((b, i) => signature[i] !== b)) {
    return 'PNG: no signature';
  }
  let offset = 8;
  let imageData = false;
  for (let index = 0; offset < source.size; index += 1) {
    const head = await bytesAt(source, offset, 8);
    if (head === undefined) return 'PNG: the file ends inside a chunk header';
    const length = view(head).getUint32(0);
    const type = ascii(head, 4, 8);
    if (!/^[A-Za-z]{4}$/.test(type) || length > 0x7fffffff) return 'PNG: not a chunk';
    const body = await bytesAt(source, offset + 4, 4 + length + 4);
    if (body === undefined) return `PNG: the ${type} chunk runs past the end of the file`;
    const stored = view(body).getUint32(4 + length);
    if (crc32(body.subarray(0, 4 + length)) !== stored) return `PNG: bad CRC in ${type}`;
    if (index === 0) {
      if (type !== 'IHDR' || length !== 13) return 'PNG: IHDR is not the first chunk';
      const ihdr = view(body.subarray(4, 17));
      const [depth, colour, compression, filter, interlace] = body.subarray(12, 17);
      if (ihdr.getUint32(0) === 0 || ihdr.getUint32(4) === 0) return 'PNG: an image with no size';
      if (!(PNG_DEPTHS[colour ?? -1] ?? []).includes(depth ?? 0)) return 'PNG: bad bit depth';
      if (compression !== 0 || filter !== 0 || (interlace ?? 2) > 1) return 'PNG: bad IHDR';
    } else if (type === 'IHDR') {
      return 'PNG: a second IHDR';
    }
    if (type === 'IDAT') imageData = true;
    offset += 12 + length;
    if (type === 'IEND') {
      if (!imageData) return 'PNG: no image data';
      return offset === source.size ? undefined : 'PNG: data after IEND';
    }
  }
  return 'PNG: no IEND chunk';
}

// WebP (RFC 9649)

async function webpFrameProblem(
  source: ByteSource,
  type: string,
  offset: number,
  length: number,
): Promise<string | undefined> {
  if (type === 'VP8 ') {
    const frame = await bytesAt(source, offset, 10);
    if (frame === undefined || length < 10) return 'WebP: VP8 frame too short';
    const keyFrame = ((frame[0] ?? 1) & 1) === 0;
    const startCode = frame[3] === 0x9d && frame[4] === 0x01 && frame[5] === 0x2a;
    const width = view(frame).getUint16(6, true) & 0x3fff;
    const height = view(frame).getUint16(8, true) & 0x3fff;
    if (!keyFrame || !startCode || width === 0 || height === 0) return 'WebP: bad VP8 frame';
  } else {
    const frame = await bytesAt(source, offset, 5);
    if (frame === undefined || length < 5 || frame[0] !== 0x2f) return 'WebP: bad VP8L frame';
    if (((frame[4] ?? 0) & 0xe0) !== 0) return 'WebP: bad VP8L version';
  }
  return undefined;
}

async function webpProblem(source: ByteSource): Promise<string | undefined> {
  const head = await bytesAt(source, 0, 12);
  if (head === undefined || ascii(head, 0, 4) !== 'RIFF' || ascii(head, 8, 12) !== 'WEBP') {
    return 'WebP: no RIFF WEBP header';
  }
  if (view(head).getUint32(4, true) + 8 !== source.size) {
    return 'WebP: the RIFF size is not the file size';
  }
  let offset = 12;
  let first: string | undefined;
  const seen = new Set<string>();
  while (offset < source.size) {
    const chunk = await bytesAt(source, offset, 8);
    if (chunk === undefined) return 'WebP: the file ends inside a chunk header';
    const type = ascii(chunk, 0, 4);
    const length = view(chunk).getUint32(4, true);
    const end = offset + 8 + length + (length % 2);
    if (!/^[A-Z0-9 ]{4}$/i.test(type) || end > source.size)
      return 'WebP: a chunk runs past the end';
    first ??= type;
    seen.add(type);
    if (type === 'VP8 ' || type === 'VP8L') {
      const problem = await webpFrameProblem(source, type, offset + 8, length);
      if (problem !== undefined) return problem;
    }
    offset = end;
  }
  if (first === 'VP8 ' || first === 'VP8L') return undefined;
  if (first !== 'VP8X') return 'WebP: the first chunk is not an image';
  const still = seen.has('VP8 ') || seen.has('VP8L');
  const animated = seen.has('ANIM') && seen.has('ANMF');
  return still || animated ? undefined : 'WebP: no image in the extended format';
}

// GIF (GIF89a specification)

/** Skips data sub-blocks (a length byte, then that many bytes) up to the zero terminator. */
async function afterSubBlocks(source: ByteSource, start: number): Promise<number | undefined> {
  let offset = start;
  for (;;) {
    const length = (await bytesAt(source, offset, 1))?.[0];
    if (length === undefined) return undefined;
    offset += 1 + length;
    if (length === 0) return offset;
  }
}

const colourTableBytes = (packed: number) =>
  (packed & 0x80) === 0 ? 0 : 3 * 2 ** ((packed & 7) + 1);

async function gifProblem(source: ByteSource): Promise<string | undefined> {
  const head = await bytesAt(source, 0, 13);
  const signature = head === undefined ? '' : ascii(head, 0, 6);
  if (head === undefined || (signature !== 'GIF87a' && signature !== 'GIF89a')) {
    return 'GIF: no header';
  }
  if (view(head).getUint16(6, true) === 0 || view(head).getUint16(8, true) === 0) {
    return 'GIF: an image with no size';
  }
  let offset = 13 + colourTableBytes(head[10] ?? 0);
  let images = 0;
  for (;;) {
    const introducer = (await bytesAt(source, offset, 1))?.[0];
    if (introducer === 0x3b) {
      if (images === 0) return 'GIF: no image';
      return offset + 1 === source.size ? undefined : 'GIF: data after the trailer';
    }
    let next: number | undefined;
    if (introducer === 0x21) {
      next = await afterSubBlocks(source, offset + 2);
    } else if (introducer === 0x2c) {
      const descriptor = await bytesAt(source, offset, 10);
      if (descriptor === undefined) return 'GIF: the file ends inside an image descriptor';
      const codeStart = offset + 10 + colourTableBytes(descriptor[9] ?? 0);
      const codeSize = (await bytesAt(source, codeStart, 1))?.[0] ?? 0;
      if (codeSize < 2 || codeSize > 8) return 'GIF: bad LZW code size';
      next = await afterSubBlocks(source, codeStart + 1);
      images += 1;
    } else {
      return introducer === undefined ? 'GIF: no trailer' : `GIF: unknown block at ${offset}`;
    }
    if (next === undefined) return 'GIF: the file ends inside a block';
    offset = next;
  }
}

const CHECKS: Readonly<
  Record<MediaContentType, (source: ByteSource) => Promise<string | undefined>>
> = {
  'image/jpeg': jpegProblem,
  'image/png': pngProblem,
  'image/webp': webpProblem,
  'image/gif': gifProblem,
  'image/heic': (source) => isoMediaProblem(source, 'image'),
  'image/heif': (source) => isoMediaProblem(source, 'image'),
  'video/mp4': (source) => isoMediaProblem(source, 'movie'),
  'video/quicktime': (source) => isoMediaProblem(source, 'movie'),
  'video/webm': webmProblem,
};

export function structureProblem(
  type: MediaContentType,
  source: ByteSource,
): Promise<string | undefined> {
  return CHECKS[type](source);
}
