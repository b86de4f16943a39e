import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { headerIslandEntry } from './scripts/build/header-island-entry';

export default defineConfig({
  publicDir: 'frontend/public',
  plugins: [tailwindcss(), reactRouter(), headerIslandEntry()],
  build: {
    // Source maps stay out of the deployed bundle; the site has no secrets but needs no maps either.
    sourcemap: false,
    rolldownOptions: {
      output: {
        // React and React DOM load on every page, React Router on every page but the content
        // pages, which hydrate their header only (docs/decisions/024-content-page-islands.md).
        // Vite's preload helper and the bundler's runtime go with React, which every page loads.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|^\0(vite[\\/]preload-helper|rolldown[\\/]runtime)/,
            },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            // The top bar's own modules, which every page loads (the app through the root route,
            // content pages through the header island): one file rather than eight, most of
            // them under 2 KB, each costing a request. A module missing here only costs that.
            {
              name: 'site-header',
              test: /[\\/]frontend[\\/](components[\\/](layout[\\/](site-header|site-link|menu-button|use-media-query|mobile-menu|native-dropdowns|popover|menu-timings)|icons[\\/]|sections[\\/]close-other-answers)|shared[\\/](paths|page-hydration|site)\.)|[\\/]lambdas[\\/]contract[\\/]pages\.|node_modules[\\/]clsx[\\/]/,
            },
            // What the home page and /haulers need to wait for the visitor before loading their
            // form (frontend/shared/when-needed.ts) and the ids they share with the form: a few
            // hundred bytes, in one request rather than one per importing pair of chunks.
            {
              name: 'deferred-forms',
              test: /[\\/]frontend[\\/](shared[\\/]when-needed|features[\\/](quote-form[\\/](quote-submit-id|draft-key)|hauler-application[\\/]apply-ids))\./,
            },
          ],
        },
      },
    },
  },
});
