import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';

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

/** Files worth compressing: text. Fonts (woff2) and images are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|wasm)$/;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every compressible file of
 * the build, each only when smaller than the file, so the server sends them as they are with
 * `Content-Encoding` (issue #9 "First load": `@fastify/static` `preCompressed`, plugins/web-static.ts) and
 * never compresses per request. index.html is left alone: the server writes the signing meta into it per
 * request, so no file on disk is what it sends.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = '';
  return {
    name: 'cc-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const bytes = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(bytes, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gz(bytes, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < bytes.length) await writeFile(`${file}.br`, br);
          if (gzipped.length < bytes.length) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}

/**
 * The bundle report, only with `ANALYZE=1` (issue #9): a treemap of every chunk and the modules in it, with
 * their gzip and brotli sizes, in `dist/stats.html` (`ANALYZE=1 npm run build -w @cc/web`). An analysis build
 * is for looking at, not for deploying: the report is served like any other file of dist.
 */
function bundleReport(): Plugin[] {
  if (process.env.ANALYZE !== '1') return [];
  return [
    visualizer({
      filename: 'stats.html',
      emitFile: true,
      template: 'treemap',
      gzipSize: true,
      brotliSize: true,
    }),
  ];
}

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const ownSources = [path.join(repoRoot, 'apps/web/src'), path.join(repoRoot, 'packages')].map(
  (dir) => dir + path.sep,
);

/**
 * Our own modules (the app and the workspace packages) run nothing on import but declarations, so a module
 * whose exports nobody uses is left out, even when a barrel (`features/messages/index.ts`,
 * `@cc/contracts`) re-exports it — without this every barrel drags all it re-exports into the chunk of its
 * first importer (issue #9: the message page and its antd Tabs, List and Pagination came with the frame).
 * Stylesheets are imported for their effect and stay. npm packages keep their own `sideEffects` field.
 */
function hasSideEffects(id: string): boolean | undefined {
  if (!ownSources.some((dir) => id.startsWith(dir)) || id.includes(`${path.sep}node_modules${path.sep}`))
    return undefined;
  return /\.css($|\?)/.test(id);
}

// The dev server proxies the three server-owned prefixes (API.md §1); everything else is the SPA.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react(), signSecretMeta(), precompress(), ...bundleReport()],
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
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: hasSideEffects,
        // Building a zod schema has no effect but the schema, so a schema nobody uses is dropped, with zod
        // itself when no schema is left: the frame imports constants from @cc/contracts modules that also
        // declare schemas (issue #9). WARNING: a `z.…` call kept only for its effect would be dropped too.
        manualPureFunctions: ['z'],
      },
      output: {
        // The poster engine's fabric.js in a chunk of its own, named so that e2e/first-load.e2e.ts can check the
        // frame never loads it (issue #9). The article editor's ProseMirror stays in the article chunk: a group of
        // its own without its dependencies made a circular import between the two chunks and /article crashed.
        codeSplitting: {
          groups: [{ name: 'poster-engine', test: /[\\/]node_modules[\\/]fabric[\\/]/ }],
        },
      },
    },
  },
});
