// Temporary settings folders and built sites for the deploy's tests (never a real build).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const VALID_SETTINGS = {
  region: 'us-east-1',
  senderAddress: 'quotes@haul.com',
  operationsAddress: 'dispatch@haul.com',
  alarmEmail: 'alarms@haul.com',
  payments: 'on' as const,
};

/** A folder with one `{stage}.json` per entry (objects are written as JSON, strings as they are). */
export function settingsFolder(files: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bulk-trash-settings-'));
  for (const [stage, content] of Object.entries(files)) {
    writeFileSync(
      path.join(dir, `${stage}.json`),
      typeof content === 'string' ? content : JSON.stringify(content),
    );
  }
  return dir;
}

/** The files of a build that name `origin`, as scripts/build/postbuild.ts and the pages do. */
export function builtSite(origin: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bulk-trash-build-'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'sitemap.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>${origin}/</loc></url>\n  <url><loc>${origin}/alabama</loc></url>\n</urlset>\n`,
  );
  writeFileSync(
    path.join(dir, 'robots.txt'),
    `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`,
  );
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><link rel="canonical" href="${origin}/"/><meta property="og:url" content="${origin}/"/></head><body></body></html>`,
  );
  return dir;
}
