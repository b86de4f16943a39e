/**
 * Site-wide identity. The origin is fixed at build time (SITE_ORIGIN) so canonical URLs, Open
 * Graph tags and the sitemap name the deployed address; locally it is http://localhost:3000.
 */
import { siteOriginFrom } from './site-origin';

export { SITE_NAME } from '#contract/core/site-name';

export const SITE_ORIGIN: string = siteOriginFrom(import.meta.env.VITE_SITE_ORIGIN);

export function absoluteUrl(path: string): string {
  return `${SITE_ORIGIN}${path}`;
}
