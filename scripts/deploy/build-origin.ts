/**
 * The origin a build names (sitemap.xml, robots.txt, the home page's canonical and og:url, all
 * from VITE_SITE_ORIGIN at build time) against the origin the stage's site answers at.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Where each origin was found, by origin. */
export type BuildOrigins = Map<string, string[]>;

const normalise = (origin: string): string => origin.replace(/\/+$/, '').toLowerCase();

export function readBuildOrigins(siteDir: string): BuildOrigins {
  const found: BuildOrigins = new Map();
  const note = (url: string, where: string) => {
    let origin: string;
    try {
      origin = new URL(url).origin;
    } catch {
      origin = url;
    }
    const places = found.get(origin) ?? [];
    if (!places.includes(where)) places.push(where);
    found.set(origin, places);
  };
  const read = (file: string): string | undefined => {
    const full = path.join(siteDir, file);
    return existsSync(full) ? readFileSync(full, 'utf8') : undefined;
  };
  for (const match of (read('sitemap.xml') ?? '').matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)) {
    note(match[1]!, 'sitemap.xml');
  }
  for (const match of (read('robots.txt') ?? '').matchAll(/^Sitemap:\s*(\S+)/gim)) {
    note(match[1]!, 'robots.txt');
  }
  const home = read('index.html') ?? '';
  for (const match of home.matchAll(/<link[^>]*rel="canonical"[^>]*href="([^"]+)"/g)) {
    note(match[1]!, 'canonical tag');
  }
  for (const match of home.matchAll(/<meta[^>]*property="og:url"[^>]*content="([^"]+)"/g)) {
    note(match[1]!, 'og:url');
  }
  return found;
}

/**
 * The origin the stack answers at when it is known before the deploy: `siteUrl`, else the custom
 * domain (infra/bulk-trash-stack.ts decides in that order), else the deployed stack's SiteUrl.
 */
export function expectedSiteOrigin(
  context: Readonly<Record<string, string>>,
  deployedSiteUrl: string | undefined,
): string | undefined {
  if (context.siteUrl !== undefined) return normalise(context.siteUrl);
  if (context.domainName !== undefined) {
    return `https://${context.domainName.toLowerCase().replace(/\.$/, '')}`;
  }
  return deployedSiteUrl === undefined ? undefined : normalise(deployedSiteUrl);
}

/** Why this build must not ship to `expected`, in one sentence with the fix; undefined if fine. */
export function buildOriginProblem(
  siteDir: string,
  expected: string,
  stage: string,
): string | undefined {
  if (!existsSync(siteDir)) return undefined;
  const origins = readBuildOrigins(siteDir);
  const rebuild = `rebuild with VITE_SITE_ORIGIN=${expected} npm run deploy -- ${stage}`;
  if (origins.size === 0) {
    return `The build in ${siteDir} names no origin (no sitemap.xml, robots.txt or canonical tag): ${rebuild}.`;
  }
  const wrong = [...origins].filter(([origin]) => normalise(origin) !== expected);
  if (wrong.length === 0) return undefined;
  const named = wrong.map(([origin, places]) => `${origin} (${places.join(', ')})`).join(' and ');
  return `The build in ${siteDir} names ${named}, but stage ${stage}'s site is ${expected}: ${rebuild}.`;
}
