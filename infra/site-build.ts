/**
 * What the pre-rendered site build (`build/client` by default) contains, read at synth time: the
 * routes the CloudFront Function must know and the key of the not-found page. The deployment and
 * the route table come from the same directory, so they cannot disagree.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export interface SiteBuild {
  /** Absolute path of the build directory. */
  dir: string;
  /** False when the directory does not exist (fresh clone, `npm run build` not run). */
  exists: boolean;
  /** Extension-less routes with their own `index.html`, e.g. '/alabama', '/cities/phoenix'. Sorted, without '/'. */
  routes: string[];
  /** Object key (with leading slash) of the not-found page: '/404.html', or '/404/index.html' if that is what the build has. */
  notFoundKey: string;
  /** Whether the not-found page exists in the build. */
  hasNotFoundPage: boolean;
}

/** Folders that never hold pages: hashed assets. */
const NON_PAGE_DIRS = new Set(['assets']);

export function readSiteBuild(dir: string): SiteBuild {
  const absolute = path.resolve(dir);
  if (!existsSync(absolute) || !statSync(absolute).isDirectory()) {
    return {
      dir: absolute,
      exists: false,
      routes: [],
      notFoundKey: '/404.html',
      hasNotFoundPage: false,
    };
  }

  const routes: string[] = [];
  const walk = (relative: string): void => {
    for (const entry of readdirSync(path.join(absolute, relative), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      if (relative === '' && NON_PAGE_DIRS.has(entry.name)) continue;
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (existsSync(path.join(absolute, child, 'index.html'))) routes.push(`/${child}`);
      walk(child);
    }
  };
  walk('');

  const flat404 = existsSync(path.join(absolute, '404.html'));
  const nested404 = existsSync(path.join(absolute, '404', 'index.html'));
  const notFoundKey = !flat404 && nested404 ? '/404/index.html' : '/404.html';
  return {
    dir: absolute,
    exists: true,
    // The not-found page is not a route: '/404' must answer with status 404 like any unknown path.
    routes: routes.filter((route) => route !== '/404').sort(),
    notFoundKey,
    hasNotFoundPage: flat404 || nested404,
  };
}
