// A 200 MB video is checked by reading its box headers, not by downloading it. A read that goes on
// from inside the last fetch doubles the next one (64 KiB up to 4 MiB): a walk through a whole GIF
// costs a handful of requests, a hop from box header to box header one small one.

export interface ByteSource {
  readonly size: number;
  /** Bytes [offset, offset + length) clipped to the file; fewer when the file ends first. */
  read(offset: number, length: number): Promise<Uint8Array>;
}

/** `length` bytes at `offset`, or undefined when the file ends first. */
export async function bytesAt(
  source: ByteSource,
  offset: number,
  length: number,
): Promise<Uint8Array | undefined> {
  if (offset < 0 || offset + length > source.size) return undefined;
  const bytes = await source.read(offset, length);
  return bytes.length === length ? bytes : undefined;
}

/** A file that takes more requests than a media file ever needs is refused, not walked forever. */
export class TooManyReads extends Error {
  constructor(readonly reads: number) {
    super(`More than ${reads} range reads`);
    this.name = 'TooManyReads';
  }
}

/** Fetches bytes [start, end] inclusive (an HTTP Range), e.g. a ranged S3 GetObject. */
export type RangeFetch = (start: number, end: number) => Promise<Uint8Array>;

const FIRST_BLOCK = 64 * 1024;
const LARGEST_BLOCK = 4 * 1024 * 1024;
const KEPT_BLOCKS = 4;
export const MAX_READS = 200;

interface Block {
  start: number;
  bytes: Uint8Array;
}

export function cachedSource(size: number, fetch: RangeFetch, maxReads = MAX_READS): ByteSource {
  const blocks: Block[] = [];
  let reads = 0;
  let nextBlock = FIRST_BLOCK;
  let lastStart = -1;
  let lastEnd = -1;

  const cached = (offset: number, length: number): Uint8Array | undefined => {
    for (const block of blocks) {
      if (offset >= block.start && offset + length <= block.start + block.bytes.length) {
        return block.bytes.subarray(offset - block.start, offset - block.start + length);
      }
    }
    return undefined;
  };

  return {
    size,
    async read(offset: number, length: number): Promise<Uint8Array> {
      const start = Math.max(0, Math.min(offset, size));
      const wanted = Math.max(0, Math.min(length, size - start));
      if (wanted === 0) return new Uint8Array();
      const hit = cached(start, wanted);
      if (hit !== undefined) return hit;
      const onward = start >= lastStart && start <= lastEnd;
      nextBlock = onward ? Math.min(nextBlock * 2, LARGEST_BLOCK) : FIRST_BLOCK;
      const fetchLength = Math.min(Math.max(wanted, nextBlock), size - start);
      reads += 1;
      if (reads > maxReads) throw new TooManyReads(maxReads);
      const bytes = await fetch(start, start + fetchLength - 1);
      lastStart = start;
      lastEnd = start + bytes.length;
      blocks.unshift({ start, bytes });
      blocks.length = Math.min(blocks.length, KEPT_BLOCKS);
      return bytes.subarray(0, Math.min(wanted, bytes.length));
    },
  };
}

/** A ByteSource over bytes in memory (tests, and files already read). */
export function bufferSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read: async (offset, length) => bytes.subarray(offset, offset + length),
  };
}
