/**
 * Finishes the pre-rendered build in build/client:
 * 1. moves the not-found page to 404.html, the file servers answer unknown paths with;
 * 2. inlines the stylesheet and starts the page's scripts after the load event
 *    (docs/decisions/023-first-paint-critical-path.md; on the home and content pages, their
 *    islands': decisions 024 and 041), then gives every page a
 *    Content-Security-Policy meta tag that allows its own inline scripts and style by hash
 *    (docs/decisions/005-csp-hashes-per-page.md);
 * 3. writes sitemap.xml and robots.txt for the origin in VITE_SITE_ORIGIN;
 * 4. writes .br and .gz copies of text files for the local server (CloudFront compresses itself).
 */
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { publicPagePaths } from '../../frontend/content/site-pages';
import { paths } from '../../frontend/shared/paths';
import { siteOriginFrom } from '../../frontend/shared/site-origin';
import { deferScripts, inlineStylesheets, startIslands } from './critical-path';
import type { IslandsManifest } from './island-entries';
import { withPagePolicy } from './csp-hashes';

const root = path.resolve(import.meta.dirname, '../..');
const clientDir = path.join(root, 'build/client');
const origin = siteOriginFrom(process.env.VITE_SITE_ORIGIN);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

// 1. The not-found page.
const notFoundDir = path.join(clientDir, paths.notFound.slice(1));
if (existsSync(path.join(notFoundDir, 'index.html'))) {
  renameSync(path.join(notFoundDir, 'index.html'), path.join(clientDir, '404.html'));
  rmSync(notFoundDir, { recursive: true, force: true });
  rmSync(path.join(clientDir, `${paths.notFound.slice(1)}.data`), { force: true });
}
if (!existsSync(path.join(clientDir, '404.html'))) throw new Error('build/client/404.html is missing');

// 2. The critical path, then per-page script and style hashes (of the final inline content).
const readAsset = (href: string) => readFileSync(path.join(clientDir, href), 'utf8');
// Written by the client build (scripts/build/island-entries.ts).
const islands = JSON.parse(
  readFileSync(path.join(root, 'build/islands.json'), 'utf8'),
) as IslandsManifest;
const htmlFiles = walk(clientDir).filter((file) => file.endsWith('.html'));
let islandPages = 0;
for (const file of htmlFiles) {
  const prerendered = inlineStylesheets(readFileSync(file, 'utf8'), readAsset);
  const withIsland = startIslands(prerendered, islands);
  if (withIsland !== prerendered) islandPages += 1;
  const html = deferScripts(withIsland);
  writeFileSync(file, withPagePolicy(html));
}

// 3. Sitemap and robots.
const urls = publicPagePaths()
  .map((page) => `  <url><loc>${origin}${page}</loc></url>`)
  .join('\n');
writeFileSync(
  path.join(clientDir, 'sitemap.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
);
writeFileSync(
  path.join(clientDir, 'robots.txt'),
  `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`,
);

// 4. Precompressed copies for the local server.
const COMPRESSIBLE = /\.(html|js|css|json|xml|txt|svg|data|webmanifest)$/;
let compressed = 0;
for (const file of walk(clientDir).filter((f) => COMPRESSIBLE.test(f))) {
  const body = readFileSync(file);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  compressed += 1;
}

console.log(
  `postbuild: ${htmlFiles.length} pages with CSP hashes (${islandPages} hydrating islands only), ${publicPagePaths().length} URLs in sitemap.xml for ${origin}, ${compressed} files precompressed`,
);
