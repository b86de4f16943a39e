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
        // React, React DOM and React Router load on every page: one chunk instead of three saves
        // requests and compresses better (docs/decisions/023-first-paint-critical-path.md).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
