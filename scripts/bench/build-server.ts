/**
 * Serves a build beside the local stack for the pages section, exactly as the local stack serves
 * its own (same static handler, precompressed copies, security headers):
 * - `SHELL=1` (the baseline): the home page as a client-rendered shell, React Router's SPA
 *   fallback (`__spa-fallback.html`, no pre-rendered content) at `/`, so the only difference
 *   Lighthouse sees is pre-rendered HTML versus an empty shell;
 *   it also serves the machine's floor, an empty page, at `FLOOR_PATH` (floor-page.ts);
 * - `CLIENT_DIR=…` (the "before"): an earlier build's `build/client` (before-build.ts).
 *
 * Run as its own process by run.ts: `PORT=3401 UPLOAD_ORIGIN=… SHELL=1 tsx scripts/bench/build-server.ts`.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { securityHeaders } from '../../infra/security-headers';
import { cacheControlFor, staticSite } from '../local/static-site';
import { FLOOR_HTML, FLOOR_PATH } from './floor-page';

const clientDir = path.resolve(
  process.env.CLIENT_DIR ?? path.join(import.meta.dirname, '../../build/client'),
);
const port = Number(process.env.PORT ?? 3401);
const shell = process.env.SHELL === '1';

const file = path.join(clientDir, '__spa-fallback.html');
const variants = shell
  ? {
      br: readFileSync(`${file}.br`),
      gzip: readFileSync(`${file}.gz`),
      identity: readFileSync(file),
    }
  : undefined;
const site = staticSite(clientDir);
const headers = securityHeaders({
  uploadOrigin: process.env.UPLOAD_ORIGIN ?? 'http://localhost:4569',
  upgradeInsecureRequests: false,
});

const server = createServer((req, res) => {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  if (shell && pathname === FLOOR_PATH) {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('cache-control', 'no-cache');
    res.end(req.method === 'HEAD' ? undefined : FLOOR_HTML);
    return;
  }
  if (!variants || pathname !== '/') {
    site(req, res);
    return;
  }
  const accepted = String(req.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', cacheControlFor(pathname));
  res.setHeader('vary', 'accept-encoding');
  if (encoding) res.setHeader('content-encoding', encoding);
  res.end(req.method === 'HEAD' ? undefined : variants[encoding ?? 'identity']);
});
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
