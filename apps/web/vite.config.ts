import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const api = 'http://127.0.0.1:3000';

/**
 * The dev server's index.html gets the same `<meta name="cc-sign-secret">` the server writes into the built
 * one (issue #8 item 9, apps/server/src/plugins/web-static.ts; the name is `WEB_SIGN_META` of @cc/contracts),
 * from the same `SIGN_SECRETS` variable: there is no build-time secret. Unset: no meta, and the api-client
 * signs with the development secret, as the server expects by default.
 */
function signSecretMeta(): Plugin {
  return {
    name: 'cc-sign-secret',
    apply: 'serve',
    transformIndexHtml() {
      const secrets = process.env.SIGN_SECRETS
        ? (JSON.parse(process.env.SIGN_SECRETS) as Record<string, string>)
        : {};
      const content = secrets['500'];
      return content ? [{ tag: 'meta', attrs: { name: 'cc-sign-secret', content }, injectTo: 'head' }] : [];
    },
  };
}

// The dev server proxies the three server-owned prefixes (API.md §1); everything else is the SPA.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react(), signSecretMeta()],
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
