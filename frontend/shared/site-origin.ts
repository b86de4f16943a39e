/**
 * The site's public origin, fixed at build time by VITE_SITE_ORIGIN (locally http://localhost:3000).
 * No `import.meta.env` here: the postbuild script (plain Node) reads this module too.
 */
export const DEFAULT_SITE_ORIGIN = 'http://localhost:3000';

export function siteOriginFrom(configured: string | undefined): string {
  return (configured || DEFAULT_SITE_ORIGIN).replace(/\/+$/, '');
}
