/**
 * Renders the hero image (frontend/assets/hero.svg, or a photo put in its place) into the widths
 * and formats a phone needs, under frontend/public/images/generated/. Runs before every build.
 * The files are made again whenever the source or the recipe changes (a hash of both is kept in
 * node_modules/.cache, out of the deployed files), so swapping the picture is the one-file change decision 007 promises.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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
const quality = { avif: 50, webp: 70, jpg: 75 } as const;
const density = 144;

// What the files are made from: the source's bytes and every setting below.
const recipe = createHash('sha256')
  .update(readFileSync(path.join(assets, source)))
  .update(JSON.stringify({ source, HERO_WIDTHS, HERO_FORMATS, HERO_ASPECT, quality, density }))
  .digest('hex');
const stampFile = path.join(root, 'node_modules/.cache/hero-images.recipe');
const current = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : undefined;
if (current !== recipe) rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
mkdirSync(path.dirname(stampFile), { recursive: true });

for (const width of HERO_WIDTHS) {
  const height = Math.round((width * HERO_ASPECT.height) / HERO_ASPECT.width);
  for (const format of HERO_FORMATS) {
    const target = path.join(root, 'frontend/public', heroFile(width, format));
    if (existsSync(target)) continue;
    // density scales an SVG so it is rasterised sharp at the largest width.
    const image = sharp(path.join(assets, source), { density }).resize(width, height, {
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
writeFileSync(stampFile, `${recipe}\n`);
console.log(
  `hero images: ${HERO_WIDTHS.length * HERO_FORMATS.length} files in ${outDir} (${current === recipe ? 'up to date' : 'made from ' + source})`,
);
