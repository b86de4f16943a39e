import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import sirv from 'sirv';

/** How long browsers and CloudFront may keep a file: hashed assets forever, the rest revalidated. */
export function cacheControlFor(pathname: string): string {
  return pathname.startsWith('/assets/')
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=0, must-revalidate';
}

/**
 * Serves the pre-rendered build the way the CloudFront distribution does: `/alabama` and
 * `/alabama/` from `alabama/index.html`, precompressed copies when the browser accepts them, and
 * `404.html` with status 404 for anything else.
 */
export function staticSite(clientDir: string) {
  const notFoundFile = path.join(clientDir, '404.html');
  if (!existsSync(notFoundFile)) {
    throw new Error(`${notFoundFile} is missing: run 'npm run build' first`);
  }
  const notFoundHtml = readFileSync(notFoundFile);
  const notFoundGzip = gzipSync(notFoundHtml);

  const notFound = (req: IncomingMessage, res: ServerResponse) => {
    res.statusCode = 404;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('cache-control', 'no-cache');
    res.setHeader('vary', 'accept-encoding');
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (gzip) res.setHeader('content-encoding', 'gzip');
    res.end(req.method === 'HEAD' ? undefined : gzip ? notFoundGzip : notFoundHtml);
  };

  const serve = sirv(clientDir, {
    etag: true,
    gzip: true,
    brotli: true,
    extensions: ['html'],
    setHeaders: (res, pathname) => {
      res.setHeader('cache-control', cacheControlFor(pathname));
    },
    onNoMatch: notFound,
  });

  return (req: IncomingMessage, res: ServerResponse) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    // The 404 page and React Router's SPA fallback are not pages of their own (the CloudFront
    // Function answers them the same way: infra/functions/route-rewrite.js).
    if (pathname === '/404' || pathname === '/404.html' || pathname.startsWith('/__spa-fallback')) {
      notFound(req, res);
      return;
    }
    // '/alabama/' is the same page as '/alabama'.
    if (pathname.length > 1 && pathname.endsWith('/')) {
      req.url = pathname.slice(0, -1) + (req.url?.slice(pathname.length) ?? '');
    }
    serve(req, res, () => notFound(req, res));
  };
}
