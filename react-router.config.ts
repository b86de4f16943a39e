import type { Config } from '@react-router/dev/config';
import { allPrerenderPaths } from './frontend/content/site-pages';

/**
 * Framework mode without a server: every route is rendered to static HTML at build time and
 * hydrates into the SPA (docs/decisions/002-prerendered-spa.md).
 */
export default {
  appDirectory: 'frontend',
  buildDirectory: 'build',
  ssr: false,
  prerender: allPrerenderPaths,
} satisfies Config;
