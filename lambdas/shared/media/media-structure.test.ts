import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MediaContentType } from '#contract/booking/media-types';
import { MAX_READS, TooManyReads, bufferSource, cachedSource } from './byte-source';
import type { ByteSource } from './byte-source';
import { structureProblem } from './media-structure';

const fixture = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures', name));
const PAGE = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

const problemOf = (type: MediaContentType, bytes: Uint8Array) =>
  structureProblem(type, bufferSource(bytes));

/** A photo of a junk pile as a phone would make it: a gradient and a label, 320 x 240. */
const scene = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240">
      <defs><linearGradient id="g"><stop offset="0" stop-color="#a52"/><stop offset="1" stop-color="#2a7"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>
      <text x="50%" y="50%" font-size="40" text-anchor="middle" fill="#fff">junk pile</text></svg>`),
  );

/** Rewrites an ISO media file's major brand (sharp's libheif encodes AV1, so AVIF → HEIC/HEIF). */
const withBrand = (bytes: Buffer, brand: string) => {
  const copy = Buffer.from(bytes);
  copy.write(brand, 8, 'latin1');
  return copy;
};

/** Real files of every accepted type: made by sharp (libvips) here, by ffmpeg for the videos. */
const real: Record<string, { type: MediaContentType; bytes: Buffer }> = {};

beforeAll(async () => {
  const made: [string, MediaContentType, Promise<Buffer> | Buffer][] = [
    ['JPEG, baseline', 'image/jpeg', scene().jpeg().toBuffer()],
    ['JPEG, progressive', 'image/jpeg', scene().jpeg({ progressive: true }).toBuffer()],
    [
      'JPEG, 4:4:4, quality 95',
      'image/jpeg',
      scene().jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toBuffer(),
    ],
    ['JPEG, greyscale', 'image/jpeg', scene().greyscale().jpeg().toBuffer()],
    [
      'JPEG with EXIF (camera and GPS)',
      'image/jpeg',
      scene()
        .withExif({ IFD0: { Make: 'PhoneCam' }, IFD3: { GPSLatitudeRef: 'N' } })
        .jpeg()
        .toBuffer(),
    ],
    ['JPEG with an ICC profile', 'image/jpeg', scene().withIccProfile('p3').jpeg().toBuffer()],
    ['PNG, RGB', 'image/png', scene().png().toBuffer()],
    ['PNG, RGBA', 'image/png', scene().ensureAlpha(0.5).png().toBuffer()],
    ['PNG, palette', 'image/png', scene().png({ palette: true }).toBuffer()],
    ['PNG, 16-bit', 'image/png', scene().png().toColourspace('rgb16').toBuffer()],
    ['PNG, interlaced', 'image/png', scene().png({ progressive: true }).toBuffer()],
    ['WebP, lossy', 'image/webp', scene().webp().toBuffer()],
    ['WebP, lossless', 'image/webp', scene().webp({ lossless: true }).toBuffer()],
    ['WebP with alpha (extended format)', 'image/webp', scene().ensureAlpha(0.5).webp().toBuffer()],
    ['GIF', 'image/gif', scene().gif().toBuffer()],
    [
      'HEIC',
      'image/heic',
      scene()
        .avif()
        .toBuffer()
        .then((b) => withBrand(b, 'heic')),
    ],
    [
      'HEIF',
      'image/heif',
      scene()
        .avif()
        .toBuffer()
        .then((b) => withBrand(b, 'mif1')),
    ],
    ['MP4, moov first', 'video/mp4', fixture('media/video-1s.mp4')],
    ['MP4, moov last', 'video/mp4', fixture('media/video-1s-moov-last.mp4')],
    ['MP4, fragmented', 'video/mp4', fixture('media/video-1s-fragmented.mp4')],
    ['MOV', 'video/quicktime', fixture('media/video-1s.mov')],
    ['WebM, 5 s', 'video/webm', fixture('video-5s.webm')],
    ['WebM, 31 s', 'video/webm', fixture('video-31s.webm')],
  ];
  for (const [name, type, bytes] of made) real[name] = { type, bytes: await bytes };
});

const realNames = () => Object.keys(real);

/** The offset just after the first SOS segment of a JPEG: where its compressed data starts. */
function afterScanHeader(jpeg: Buffer): number {
  let offset = 2;
  while (jpeg[offset + 1] !== 0xda) offset += 2 + jpeg.readUInt16BE(offset + 2);
  return offset + 2 + jpeg.readUInt16BE(offset + 2);
}

/** The top-level boxes of an ISO media file, as [type, start, end]. */
function boxes(file: Buffer): [string, number, number][] {
  const found: [string, number, number][] = [];
  for (let offset = 0; offset < file.length; offset += file.readUInt32BE(offset)) {
    found.push([
      file.toString('latin1', offset + 4, offset + 8),
      offset,
      offset + file.readUInt32BE(offset),
    ]);
  }
  return found;
}

describe('structureProblem', () => {
  it('accepts every real file of every accepted type', async () => {
    expect(realNames()).toHaveLength(23);
    for (const name of realNames()) {
      const { type, bytes } = real[name]!;
      expect(await problemOf(type, bytes), name).toBeUndefined();
    }
  });

  it('accepts only files that really decode: sharp decodes every real image', async () => {
    for (const name of realNames().filter((n) => real[n]!.type.startsWith('image/'))) {
      const { info } = await sharp(real[name]!.bytes).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height], name).toEqual([320, 240]);
    }
  });

  it('refuses a web page behind the first bytes of a JPEG (FF D8 FF E0), which file-type calls a JPEG', async () => {
    const forged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), PAGE]);
    expect(await problemOf('image/jpeg', forged)).toMatch(/^JPEG: /);
  });

  it('refuses a JPEG frame header followed by a web page, which image-size reads as an 8 x 8 JPEG', async () => {
    const app0 = [0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
    const sof = [0xff, 0xc0, 0, 17, 8, 0, 8, 0, 8, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
    const forged = Buffer.concat([Buffer.from([0xff, 0xd8, ...app0, ...sof]), PAGE]);
    expect(await problemOf('image/jpeg', forged)).toBe('JPEG: no marker at byte 39');
    await expect(sharp(forged).raw().toBuffer()).rejects.toThrow();
  });

  it('refuses a real JPEG cut after its scan header and followed by a web page', async () => {
    const jpeg = real['JPEG, baseline']!.bytes;
    const forged = Buffer.concat([jpeg.subarray(0, afterScanHeader(jpeg)), PAGE]);
    expect(await problemOf('image/jpeg', forged)).toBe('JPEG: the file does not end with EOI');
    await expect(sharp(forged).raw().toBuffer()).rejects.toThrow();
  });

  it('refuses a real JPEG with a web page after its end', async () => {
    const forged = Buffer.concat([real['JPEG, baseline']!.bytes, PAGE]);
    expect(await problemOf('image/jpeg', forged)).toBe('JPEG: the file does not end with EOI');
  });

  it('refuses a PNG whose IHDR CRC is broken, as sharp does', async () => {
    const png = Buffer.from(real['PNG, RGB']!.bytes);
    png[29] = (png[29] ?? 0) ^ 0xff;
    expect(await problemOf('image/png', png)).toBe('PNG: bad CRC in IHDR');
    await expect(sharp(png).raw().toBuffer()).rejects.toThrow(/checksum/);
  });

  it('refuses a PNG whose image data CRC is broken, with data after IEND, or a signature and IHDR before a web page', async () => {
    const png = real['PNG, RGB']!.bytes;
    const idat = png.indexOf('IDAT');
    const brokenData = Buffer.from(png);
    brokenData[idat + 6] = (brokenData[idat + 6] ?? 0) ^ 0x01;
    expect(await problemOf('image/png', brokenData)).toBe('PNG: bad CRC in IDAT');
    expect(await problemOf('image/png', Buffer.concat([png, PAGE]))).toBe('PNG: data after IEND');
    expect(await problemOf('image/png', Buffer.concat([png.subarray(0, 33), PAGE]))).toMatch(
      /^PNG: /,
    );
  });

  it('refuses a WebP whose RIFF size is not its size, or a RIFF WEBP header before a web page', async () => {
    const webp = real['WebP, lossy']!.bytes;
    expect(await problemOf('image/webp', webp.subarray(0, -2))).toBe(
      'WebP: the RIFF size is not the file size',
    );
    const forged = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP'), PAGE]);
    forged.writeUInt32LE(forged.length - 8, 4);
    expect(await problemOf('image/webp', forged)).toMatch(/^WebP: /);
  });

  it('refuses a GIF without its trailer, or a GIF header before a web page', async () => {
    const gif = real.GIF!.bytes;
    expect(await problemOf('image/gif', gif.subarray(0, -1))).toBe('GIF: no trailer');
    expect(await problemOf('image/gif', Buffer.concat([gif, PAGE]))).toBe(
      'GIF: data after the trailer',
    );
    const forged = Buffer.concat([gif.subarray(0, 13), PAGE]);
    expect(await problemOf('image/gif', forged)).toMatch(/^GIF: /);
  });

  it('refuses an MP4 without its movie box, with a box past the end, or an ftyp before a web page', async () => {
    const mp4 = real['MP4, moov first']!.bytes;
    const withoutMoov = Buffer.concat(
      boxes(mp4)
        .filter(([type]) => type !== 'moov')
        .map(([, start, end]) => mp4.subarray(start, end)),
    );
    expect(await problemOf('video/mp4', withoutMoov)).toBe('ISO media: not one moov box');
    const longMdat = Buffer.from(mp4);
    const [, mdatStart] = boxes(mp4).find(([type]) => type === 'mdat')!;
    longMdat.writeUInt32BE(longMdat.readUInt32BE(mdatStart) + 1, mdatStart);
    expect(await problemOf('video/mp4', longMdat)).toBe(
      'ISO media: the mdat box runs past the end',
    );
    const forged = Buffer.concat([mp4.subarray(0, 32), PAGE]);
    expect(await problemOf('video/mp4', forged)).toMatch(/^ISO media: /);
  });

  it('refuses a HEIC without its meta box: the right brand is not an image', async () => {
    const heic = real.HEIC!.bytes;
    const withoutMeta = Buffer.concat(
      boxes(heic)
        .filter(([type]) => type !== 'meta')
        .map(([, start, end]) => heic.subarray(start, end)),
    );
    expect(await problemOf('image/heic', withoutMeta)).toBe('ISO media: not one meta box');
  });

  it('refuses a WebM with bytes after its Segment, or an EBML header before a web page', async () => {
    const webm = real['WebM, 5 s']!.bytes;
    expect(await problemOf('video/webm', Buffer.concat([webm, PAGE]))).toBe(
      'WebM: the Segment is not the rest of the file',
    );
    const ebmlEnd = 5 + (webm[4]! & 0x7f);
    expect(await problemOf('video/webm', Buffer.concat([webm.subarray(0, ebmlEnd), PAGE]))).toBe(
      'WebM: no Segment after the EBML header',
    );
  });

  it('refuses a web page declared as any accepted type', async () => {
    const types: MediaContentType[] = [
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/gif',
      'image/heic',
      'image/heif',
      'video/mp4',
      'video/quicktime',
      'video/webm',
    ];
    for (const type of types) expect(await problemOf(type, PAGE), type).toBeDefined();
  });

  it('refuses every real file cut short, at 50 points and by its last byte', async () => {
    for (const name of realNames()) {
      const { type, bytes } = real[name]!;
      const step = Math.max(1, Math.floor(bytes.length / 50));
      for (let cut = 0; cut < bytes.length; cut += step) {
        expect(
          await problemOf(type, bytes.subarray(0, cut)),
          `${name} cut at ${cut}`,
        ).toBeDefined();
      }
      expect(await problemOf(type, bytes.subarray(0, -1)), `${name} minus one byte`).toBeDefined();
    }
  });

  it('agrees with a decoder: sharp cannot decode any of those cut images either', async () => {
    // Up to the last chunk or marker: libpng and libnsgif forgive a cut IEND or trailer, we do not.
    for (const name of realNames().filter((n) => /^(JPEG|PNG|WebP|GIF),/.test(`${n},`))) {
      const { bytes } = real[name]!;
      const step = Math.max(1, Math.floor(bytes.length / 50));
      for (let cut = 0; cut < bytes.length - 12; cut += step) {
        const decode = async () => sharp(bytes.subarray(0, cut)).raw().toBuffer();
        await expect(decode(), `${name} cut at ${cut}`).rejects.toThrow();
      }
    }
  });
});

/** A file of `size` bytes, `head` at the start and zeros after, that counts what is read. */
function countingSource(head: Buffer, size: number) {
  const ranges: [number, number][] = [];
  const source = cachedSource(size, async (start, end) => {
    ranges.push([start, end]);
    const bytes = new Uint8Array(end - start + 1);
    bytes.set(head.subarray(start, end + 1));
    return bytes;
  });
  return { source, ranges, bytesRead: () => ranges.reduce((n, [s, e]) => n + e - s + 1, 0) };
}

describe('reading a stored file', () => {
  it('checks a 200 MB MP4 by its box headers: one read of 64 KiB', async () => {
    const mp4 = real['MP4, moov first']!.bytes;
    const [, mdatStart, mdatEnd] = boxes(mp4).find(([type]) => type === 'mdat')!;
    const size = 200 * 1024 * 1024;
    const head = Buffer.from(mp4.subarray(0, mdatEnd));
    head.writeUInt32BE(size - mdatStart, mdatStart);
    const { source, ranges, bytesRead } = countingSource(head, size);
    expect(await structureProblem('video/mp4', source)).toBeUndefined();
    expect(ranges).toHaveLength(1);
    expect(bytesRead()).toBe(64 * 1024);
  });

  it('walks a whole 15 MB file in a handful of reads, doubling each one up to 4 MiB', async () => {
    const size = 15 * 1024 * 1024;
    const { source, ranges } = countingSource(Buffer.alloc(0), size);
    for (let offset = 0; offset < size; offset += 1000) await source.read(offset, 1000);
    expect(ranges).toHaveLength(9);
    expect(ranges.map(([start, end]) => end - start + 1).slice(0, 7)).toEqual([
      65_536, 131_072, 262_144, 524_288, 1_048_576, 2_097_152, 4_194_304,
    ]);
  });

  it('serves repeated reads from its cache and never reads past the end', async () => {
    const { source, ranges } = countingSource(Buffer.from('abcdef'), 6);
    expect(Buffer.from(await source.read(4, 10)).toString()).toBe('ef');
    expect(Buffer.from(await source.read(0, 2)).toString()).toBe('ab');
    expect(await source.read(6, 1)).toHaveLength(0);
    expect(ranges).toEqual([
      [4, 5],
      [0, 5],
    ]);
  });

  it(`stops a file that needs more than ${MAX_READS} reads`, async () => {
    const source: ByteSource = cachedSource(
      1 << 30,
      async (start, end) => new Uint8Array(end - start + 1),
    );
    await expect(
      (async () => {
        for (let i = 0; i <= MAX_READS; i += 1) await source.read(i * 1_000_000, 1);
      })(),
    ).rejects.toThrow(TooManyReads);
  });
});
