import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { islandEntries } from './scripts/build/island-entries';

export default defineConfig({
  publicDir: 'frontend/public',
  plugins: [tailwindcss(), reactRouter(), islandEntries()],
  build: {
    // Source maps stay out of the deployed bundle; the site has no secrets but needs no maps either.
    sourcemap: false,
    rolldownOptions: {
      output: {
        // React and React DOM load on every page, React Router on every page but the content
        // pages, which hydrate their header only (docs/decisions/024-content-page-islands.md).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            // What the home page and /haulers need to wait for the visitor before loading their
            // form (frontend/shared/hydration/when-needed-dom.ts), the ids they share with the form, the
            // home page's form island's own helpers and Vite's preload helper: a few KB without
            // React, which the form island loads at once (decision 041), in one request rather
            // than one per importing pair of chunks.
            {
              name: 'deferred-forms',
              test: /^\0vite[\\/]preload-helper|[\\/]frontend[\\/](shared[\\/](hydration[\\/]when-needed-dom|quote-form-id|scroll-to-quote-form)|features[\\/](quote-form[\\/](quote-submit-id|draft[\\/]draft-key|location[\\/]zip-from-link)|hauler-application[\\/]apply-ids))\./,
            },
            // The top bar's own modules, which every page loads (the app through the root route,
            // content pages through the header island): one file rather than eight, most of
            // them under 2 KB, each costing a request. A module missing here only costs that.
            {
              name: 'site-header',
              test: /[\\/]frontend[\\/](components[\\/](layout[\\/](site-header|site-link|menu-button|use-media-query|mobile-menu|native-dropdowns|popover|menu-timings)|icons[\\/]|sections[\\/]close-other-answers)|shared[\\/](paths|hydration[\\/]page-hydration|site)\.)|[\\/]lambdas[\\/]contract[\\/]core[\\/]pages\.|node_modules[\\/]clsx[\\/]/,
            },
          ],
        },
      },
    },
  },
});
