// The containers the form accepts: ISO base media (MP4, MOV, HEIC/HEIF; ISO/IEC 14496-12) and WebM
// (EBML, RFC 8794; Matroska, RFC 9559). Only headers are read: boxes and elements skip by size.
import type { ByteSource } from './byte-source';
import { bytesAt } from './byte-source';

const MAX_BOXES = 10_000;

interface Box {
  type: string;
  start: number;
  body: number;
  end: number;
}

const fourCc = (b: Uint8Array, at: number) => String.fromCharCode(...b.subarray(at, at + 4));
const BOX_TYPE = /^[\x20-\x7e\xa9]{4}$/;

/** The boxes that fill [start, end) exactly, or the problem; size 0 ("to the end") when allowed. */
async function boxesIn(
  source: ByteSource,
  start: number,
  end: number,
  topLevel: boolean,
): Promise<Box[] | string> {
  const boxes: Box[] = [];
  for (let offset = start; offset < end;) {
    if (boxes.length === MAX_BOXES) return 'too many boxes';
    const head = offset + 8 <= end ? await bytesAt(source, offset, 8) : undefined;
    if (head === undefined) return 'a box header runs past the end';
    const type = fourCc(head, 4);
    if (!BOX_TYPE.test(type)) return `no box at byte ${offset}`;
    const short = new DataView(head.buffer, head.byteOffset, 8).getUint32(0);
    let size = short;
    let header = 8;
    if (short === 1) {
      const large = await bytesAt(source, offset + 8, 8);
      if (large === undefined) return 'a box header runs past the end';
      size = Number(new DataView(large.buffer, large.byteOffset, 8).getBigUint64(0));
      header = 16;
    } else if (short === 0) {
      if (!topLevel) return `the ${type} box has no size`;
      size = end - offset;
    }
    if (type === 'uuid') header += 16;
    if (size < header || offset + size > end) return `the ${type} box runs past the end`;
    boxes.push({ type, start: offset, body: offset + header, end: offset + size });
    offset += size;
  }
  return boxes;
}

const named = (boxes: readonly Box[], type: string) => boxes.filter((box) => box.type === type);

/**
 * An ISO base media file: boxes that add up to the file, `ftyp` first, and then either a movie
 * (exactly one `moov` holding `mvhd` and a `trak`, and media data) or an image (a `meta` box with
 * a `pict` handler, a primary item, item info and locations, and its data in `mdat` or `idat`).
 */
export async function isoMediaProblem(
  source: ByteSource,
  kind: 'movie' | 'image',
): Promise<string | undefined> {
  const top = await boxesIn(source, 0, source.size, true);
  if (typeof top === 'string') return `ISO media: ${top}`;
  const [ftyp] = top;
  if (ftyp?.type !== 'ftyp') return 'ISO media: ftyp is not the first box';
  const brands = ftyp.end - ftyp.body;
  if (brands < 8 || brands % 4 !== 0) return 'ISO media: bad ftyp box';

  if (kind === 'movie') {
    const movies = named(top, 'moov');
    if (movies.length !== 1 || movies[0] === undefined) return 'ISO media: not one moov box';
    if (named(top, 'mdat').length === 0) return 'ISO media: no media data';
    const inside = await boxesIn(source, movies[0].body, movies[0].end, false);
    if (typeof inside === 'string') return `ISO media: moov: ${inside}`;
    if (named(inside, 'mvhd').length !== 1 || named(inside, 'trak').length === 0) {
      return 'ISO media: moov without a movie header and a track';
    }
    return undefined;
  }

  const metas = named(top, 'meta');
  if (metas.length !== 1 || metas[0] === undefined) return 'ISO media: not one meta box';
  // `meta` is a full box: a version and flags come before its children.
  const inside = await boxesIn(source, metas[0].body + 4, metas[0].end, false);
  if (typeof inside === 'string') return `ISO media: meta: ${inside}`;
  const [handler] = named(inside, 'hdlr');
  const handlerType = handler && (await bytesAt(source, handler.body + 8, 4));
  if (handlerType === undefined || fourCc(handlerType, 0) !== 'pict') {
    return 'ISO media: not an image (no pict handler)';
  }
  for (const required of ['pitm', 'iinf', 'iloc']) {
    if (named(inside, required).length !== 1) return `ISO media: no ${required} box`;
  }
  if (named(top, 'mdat').length === 0 && named(inside, 'idat').length === 0) {
    return 'ISO media: no image data';
  }
  return undefined;
}

// WebM

const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TRACKS = 0x1654ae6b;
const CLUSTER = 0x1f43b675;
const CLUSTER_TIMESTAMP = 0xe7;
const MAX_ELEMENTS = 10_000;

interface Element {
  id: number;
  body: number;
  /** The end of its data, or undefined for an unknown size (a live recording). */
  end: number | undefined;
}

/** An element header at `offset`: a 1-4 byte ID and a 1-8 byte size (RFC 8794, section 4). */
async function elementAt(source: ByteSource, offset: number): Promise<Element | undefined> {
  const head = await source.read(offset, 12);
  const idLength = Math.clz32(head[0] ?? 0) - 23;
  if (idLength < 1 || idLength > 4 || head.length < idLength + 1) return undefined;
  let id = 0;
  for (let i = 0; i < idLength; i += 1) id = id * 256 + (head[i] ?? 0);
  const first = head[idLength] ?? 0;
  const sizeLength = Math.clz32(first) - 23;
  if (sizeLength < 1 || sizeLength > 8 || head.length < idLength + sizeLength) return undefined;
  let size = first & (0xff >> sizeLength);
  let unknown = size === 0xff >> sizeLength;
  for (let i = 1; i < sizeLength; i += 1) {
    const byte = head[idLength + i] ?? 0;
    size = size * 256 + byte;
    unknown &&= byte === 0xff;
  }
  const body = offset + idLength + sizeLength;
  if (unknown) return { id, body, end: undefined };
  if (!Number.isSafeInteger(size)) return undefined;
  return { id, body, end: body + size };
}

/** The children that fill [start, end) exactly, all of known size, or the problem. */
async function elementsIn(
  source: ByteSource,
  start: number,
  end: number,
): Promise<Element[] | string> {
  const children: Element[] = [];
  for (let offset = start; offset < end;) {
    if (children.length === MAX_ELEMENTS) return 'too many elements';
    const element = await elementAt(source, offset);
    if (element === undefined) return `no element at byte ${offset}`;
    if (element.end === undefined || element.end > end) return 'an element runs past its parent';
    children.push(element);
    offset = element.end;
  }
  return children;
}

/**
 * A WebM file: an EBML header of doctype `webm`, then a Segment that is the rest of the file and
 * holds Info, Tracks and at least one Cluster. A Segment or Cluster of unknown size (a live
 * recording) is walked up to its first Cluster, whose first child must be its timestamp.
 */
export async function webmProblem(source: ByteSource): Promise<string | undefined> {
  const header = await elementAt(source, 0);
  if (header?.id !== EBML || header.end === undefined) return 'WebM: no EBML header';
  const fields = await elementsIn(source, header.body, header.end);
  if (typeof fields === 'string') return `WebM: EBML header: ${fields}`;
  const docType = fields.find((field) => field.id === DOC_TYPE);
  const nameLength = (docType?.end ?? 0) - (docType?.body ?? 0);
  const name =
    docType && nameLength <= 16 ? await source.read(docType.body, nameLength) : undefined;
  if (name === undefined || new TextDecoder().decode(name).replace(/\0+$/, '') !== 'webm') {
    return 'WebM: the doctype is not webm';
  }
  const segment = await elementAt(source, header.end);
  if (segment?.id !== SEGMENT) return 'WebM: no Segment after the EBML header';
  const segmentEnd = segment.end ?? source.size;
  if (segmentEnd !== source.size) return 'WebM: the Segment is not the rest of the file';

  const seen = new Set<number>();
  for (let offset = segment.body, count = 0; offset < segmentEnd; count += 1) {
    if (count === MAX_ELEMENTS) return 'WebM: too many elements';
    const element = await elementAt(source, offset);
    if (element === undefined) return `WebM: no element at byte ${offset}`;
    seen.add(element.id);
    if (element.end === undefined) {
      if (element.id !== CLUSTER) return 'WebM: an element of unknown size';
      const first = await elementAt(source, element.body);
      if (first?.id !== CLUSTER_TIMESTAMP || first.end === undefined) {
        return 'WebM: a cluster without its timestamp';
      }
      break;
    }
    if (element.end > segmentEnd) return 'WebM: an element runs past the end';
    offset = element.end;
  }
  if (!seen.has(INFO) || !seen.has(TRACKS)) return 'WebM: no Info or Tracks';
  return seen.has(CLUSTER) ? undefined : 'WebM: no Cluster';
}
