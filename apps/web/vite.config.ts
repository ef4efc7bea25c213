import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const api = 'http://127.0.0.1:3000';

// The dev server proxies the three server-owned prefixes (API.md §1); everything else is the SPA.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/fileservice': api,
      '/media': api,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
});
