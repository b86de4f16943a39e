import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  publicDir: 'frontend/public',
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // Source maps stay out of the deployed bundle; the site has no secrets but needs no maps either.
    sourcemap: false,
  },
});
