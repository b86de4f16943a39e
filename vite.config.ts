import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  publicDir: 'frontend/public',
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // Source maps stay out of the deployed bundle; the site has no secrets but needs no maps either.
    sourcemap: false,
    rolldownOptions: {
      output: {
        // React, React DOM, React Router and the bundler's own runtime helpers load on every page:
        // one chunk instead of five saves requests (about 800 bytes of headers each) and
        // compresses better (docs/decisions/023-first-paint-critical-path.md).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|^\0(vite[\\/]preload-helper|rolldown[\\/]runtime)/,
            },
          ],
        },
      },
    },
  },
});
