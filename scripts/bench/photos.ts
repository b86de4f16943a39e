/**
 * Ten phone-camera-like photos: 4000x3000 JPEGs of 4 to 6 MB. A smooth gradient alone would
 * compress to a few hundred KB, so per-pixel gaussian noise (like sensor noise) is laid over it;
 * sigma 27 at quality 85 lands at about 4.5 MB, the size of a 12-megapixel phone photo.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export const PHOTO_COUNT = 10;
const WIDTH = 4000;
const HEIGHT = 3000;
const NOISE_SIGMA = 27;
const JPEG_QUALITY = 85;
export const MIN_BYTES = 4 * 1024 * 1024;
export const MAX_BYTES = 6 * 1024 * 1024;

export interface Photo {
  path: string;
  bytes: number;
}

async function makePhoto(dir: string, index: number): Promise<Photo> {
  const hue = index * 36;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},45%,35%)"/><stop offset="1" stop-color="hsl(${hue + 80},40%,65%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <text x="50%" y="50%" font-size="300" text-anchor="middle" fill="#fff">junk pile ${index + 1}</text></svg>`;
  const noise = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: NOISE_SIGMA },
    },
  })
    .raw()
    .toBuffer();
  const jpeg = await sharp(Buffer.from(svg))
    .composite([
      { input: noise, raw: { width: WIDTH, height: HEIGHT, channels: 3 }, blend: 'overlay' },
    ])
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
  if (jpeg.length < MIN_BYTES || jpeg.length > MAX_BYTES) {
    throw new Error(`generated photo ${index + 1} is ${jpeg.length} bytes, not 4 to 6 MB`);
  }
  const file = path.join(dir, `junk-${String(index + 1).padStart(2, '0')}.jpg`);
  await writeFile(file, jpeg);
  return { path: file, bytes: jpeg.length };
}

/** Writes the photos into `dir`, two at a time (a 12-megapixel noise buffer is 36 MB of memory). */
export async function makePhotos(dir: string): Promise<Photo[]> {
  const photos: Photo[] = [];
  for (let i = 0; i < PHOTO_COUNT; i += 2) {
    photos.push(
      ...(await Promise.all(
        [i, i + 1].filter((n) => n < PHOTO_COUNT).map((n) => makePhoto(dir, n)),
      )),
    );
  }
  return photos;
}
