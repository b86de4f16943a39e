/**
 * First-load JavaScript of each page type, compressed as CloudFront would serve it (gzip and
 * brotli): every module a page's HTML preloads or imports, whether at once or after the load event. Prints a table; run after a build.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const client = path.resolve(import.meta.dirname, '../../build/client');
export const PAGE_TYPES = {
  home: 'index.html',
  state: 'alabama/index.html',
  Arizona: 'arizona/index.html',
  'Arizona city': 'cities/phoenix/index.html',
  'blog article': 'blog/bulk-trash-vs-junk-removal/index.html',
  haulers: 'haulers/index.html',
  'request (signed link)': 'request/index.html',
  'request with a quote (signed link)': 'request/index.html',
  'not found': '404.html',
} as const;

export function firstLoadJs(htmlFile: string) {
  const html = readFileSync(path.join(client, htmlFile), 'utf8');
  // Any quoted module path: preload links, script sources, imports, and the list that the
  // deferred bootstrap (scripts/build/critical-path.ts) preloads after the load event.
  const modules = new Set([...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const module of modules) {
    const bytes = readFileSync(path.join(client, module));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    brotli += brotliCompressSync(bytes).length;
  }
  return { modules: modules.size, raw, gzip, brotli };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log('| page | modules | raw | gzip | brotli |\n| --- | --- | --- | --- | --- |');
  for (const [name, file] of Object.entries(PAGE_TYPES)) {
    const r = firstLoadJs(file);
    console.log(`| ${name} | ${r.modules} | ${kb(r.raw)} | ${kb(r.gzip)} | ${kb(r.brotli)} |`);
  }
}
