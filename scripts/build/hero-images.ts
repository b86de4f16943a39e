/**
 * Renders the hero image (frontend/assets/hero.svg, or a photo put in its place) into the widths
 * and formats a phone needs, under frontend/public/images/generated/. Runs before every build.
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import {
  HERO_ASPECT,
  HERO_FORMATS,
  HERO_PUBLIC_DIR,
  HERO_WIDTHS,
  heroFile,
} from '../../frontend/shared/hero-image';

const root = path.resolve(import.meta.dirname, '../..');
const assets = path.join(root, 'frontend/assets');
const source = readdirSync(assets).find((file) => /^hero\.(svg|jpe?g|png|webp|avif)$/.test(file));
if (!source) throw new Error(`No hero image found in ${assets} (hero.svg, hero.jpg, ...)`);

const outDir = path.join(root, 'frontend/public', HERO_PUBLIC_DIR);
mkdirSync(outDir, { recursive: true });

const quality = { avif: 50, webp: 70, jpg: 75 } as const;

for (const width of HERO_WIDTHS) {
  const height = Math.round((width * HERO_ASPECT.height) / HERO_ASPECT.width);
  for (const format of HERO_FORMATS) {
    const target = path.join(root, 'frontend/public', heroFile(width, format));
    if (existsSync(target)) continue;
    // density scales an SVG so it is rasterised sharp at the largest width.
    const image = sharp(path.join(assets, source), { density: 144 }).resize(width, height, {
      fit: 'cover',
    });
    const encoded =
      format === 'avif'
        ? image.avif({ quality: quality.avif })
        : format === 'webp'
          ? image.webp({ quality: quality.webp })
          : image.jpeg({ quality: quality.jpg, progressive: true, mozjpeg: true });
    await encoded.toFile(target);
  }
}
console.log(`hero images: ${HERO_WIDTHS.length * HERO_FORMATS.length} files in ${outDir}`);
