/**
 * Compiles the server for production (issue #7 "A compiled server, tsx out of production"):
 * `src/main.ts` and the workspace code it imports (`@cc/*`, TypeScript sources) are bundled by esbuild into
 * `dist/main.js` (ESM, node20, with a source map; `node --enable-source-maps` maps stack traces back to
 * `src/`), and the sanitizer's worker thread (`src/lib/sanitize-worker.ts`) into `dist/sanitize-worker.js`.
 * npm dependencies stay external and load from node_modules at run time, so the bundle never contains a
 * devDependency (tsx, drizzle-kit, s3rver, vite, esbuild) and native modules (sharp, argon2) keep their own
 * loaders. The SQL migrations are copied to `dist/migrations`, the folder
 * `db/client.ts` looks in next to the running file, and the demo's video clips (`assets/`) to `dist/assets`.
 *
 *
 * `npm start` builds first, and must start in seconds on a built tree (issue #7), so each build is skipped
 * when its inputs have not changed: a SHA-256 of every input file's path and bytes is written to
 * `dist/.build-stamp` after a build and compared before the next one (contents, not mtimes: a fresh clone or
 * checkout touches every mtime). Inputs: the server's `src`, this file, its package.json and the workspace
 * packages for the server; `apps/web` and the workspace packages for the web app; the lockfile for both.
 *
 * Usage: `node apps/server/build.mjs [--web] [--force]` (`--web`: the web app too, with `npm run build -w
 * @cc/web`; `--force`: ignore the stamps), or `import { buildServer } from './build.mjs'`.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const serverDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(serverDir, '../..');
export const distDir = path.join(serverDir, 'dist');
const webDir = path.join(root, 'apps/web');
const STAMP = '.build-stamp';
const SKIP_DIRS = new Set(['node_modules', 'dist', '.vite', 'coverage', 'data']);

/** The file at `p`, or every file under the directory `p` (absolute paths), skipping output and dependencies. */
function filesAt(p) {
  if (!existsSync(p)) return [];
  if (statSync(p).isFile()) return [p];
  return readdirSync(p, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() && SKIP_DIRS.has(entry.name) ? [] : filesAt(path.join(p, entry.name)),
  );
}

/**
 * The stamp of a build: SHA-256 (hex) over each input file's path (relative to the repository) and bytes,
 * in sorted order, after `extra` (settings that change the output, e.g. the web app's `VITE_*` build-time
 * variables). `inputs` are files or directories relative to the repository root.
 */
export function inputsHash(inputs, extra = '') {
  const hash = createHash('sha256').update(extra).update('\0');
  const files = new Set(inputs.flatMap((p) => filesAt(path.join(root, p))));
  for (const file of [...files].sort()) {
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

const SERVER_INPUTS = [
  'apps/server/src',
  'apps/server/assets',
  'apps/server/build.mjs',
  'apps/server/package.json',
  'packages',
  'package-lock.json',
];
const WEB_INPUTS = ['apps/web', 'packages', 'package-lock.json', 'tsconfig.base.json'];

/** Runs `build` unless `dir/.build-stamp` matches the inputs' hash; writes the stamp after a build. */
async function buildIfChanged(name, dir, inputs, build, force, extra = '') {
  const stampFile = path.join(dir, STAMP);
  const hash = inputsHash(inputs, extra);
  if (!force && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash) {
    console.log(`${name}: up to date (${path.relative(root, dir)})`);
    return;
  }
  const started = Date.now();
  await build();
  writeFileSync(stampFile, hash);
  console.log(
    `${name}: built ${path.relative(root, dir)} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** The `VITE_*` environment variables (sorted `name=value` lines): Vite bakes them into the web bundle. */
function viteEnv() {
  return Object.keys(process.env)
    .filter((k) => k.startsWith('VITE_'))
    .sort()
    .map((k) => `${k}=${process.env[k]}`)
    .join('\n');
}

function buildWeb() {
  const res = spawnSync('npm', ['run', 'build', '-w', '@cc/web'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`web build failed (${res.status ?? res.signal})`);
}

/** esbuild plugin: every bare import is external except the workspace's own `@cc/*` packages. */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@cc/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * esbuild's options for the server bundle (also used by `src/lib/sanitize-worker.test.ts`, which runs the
 * bundled worker thread).
 * @param outdir where `main.js` and `sanitize-worker.js` go, relative to apps/server or absolute
 */
export function serverBuildOptions(outdir) {
  return {
    absWorkingDir: serverDir,
    // the sanitizer's worker thread is a second entry (issue #8 item 3): src/lib/sanitize-html.ts starts
    // `sanitize-worker.js` from the directory of the running bundle
    entryPoints: { main: 'src/main.ts', 'sanitize-worker': 'src/lib/sanitize-worker.ts' },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [externalNpmPackages],
    // Bundled CommonJS (none today) would call require(); ESM has none, so give it one.
    banner: {
      js: "import { createRequire as __ccCreateRequire } from 'node:module';\nconst require = __ccCreateRequire(import.meta.url);",
    },
  };
}

/**
 * Builds `dist/main.js` and `dist/sanitize-worker.js` (+ `.map`) and `dist/migrations/` from scratch.
 * @returns esbuild's metafile (inputs and outputs, bytes)
 * @throws when esbuild reports an error (type errors are `tsc`'s job, not esbuild's)
 */
export async function buildServer() {
  rmSync(distDir, { recursive: true, force: true });
  mkdirSync(distDir, { recursive: true });
  const result = await esbuild.build(serverBuildOptions('dist'));
  assertRuntimeImportsOnly(result.metafile);
  cpSync(path.join(serverDir, 'src/db/migrations'), path.join(distDir, 'migrations'), { recursive: true });
  // the demo's video clips and covers (db/demo-videos.ts looks for them next to main.js; issue #9)
  cpSync(path.join(serverDir, 'assets'), path.join(distDir, 'assets'), {
    recursive: true,
    filter: (src) => !src.endsWith('.sh'),
  });
  return result.metafile;
}

/** The npm package a bare import names (`@scope/name/sub` → `@scope/name`, `name/sub` → `name`). */
function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * The bundle may import only Node built-ins and the `dependencies` of the server and the workspace packages it
 * bundles: a devDependency (tsx, drizzle-kit, s3rver, vite, esbuild) is absent from a production install
 * (`npm ci --omit=dev`), so importing one would fail at run time (issue #7 "tsx out of production").
 * @throws Error naming each offending import
 */
export function assertRuntimeImportsOnly(metafile) {
  const allowed = new Set();
  for (const pkg of [
    'apps/server',
    ...readdirSync(path.join(root, 'packages')).map((d) => `packages/${d}`),
  ]) {
    const file = path.join(root, pkg, 'package.json');
    if (existsSync(file))
      Object.keys(JSON.parse(readFileSync(file, 'utf8')).dependencies ?? {}).forEach((d) => allowed.add(d));
  }
  const bad = Object.values(metafile.outputs)
    .flatMap((output) => output.imports)
    .filter((i) => i.external && !i.path.startsWith('node:') && !allowed.has(packageOf(i.path)))
    .map((i) => i.path);
  if (bad.length)
    throw new Error(
      `the server bundle imports packages that are not runtime dependencies: ${[...new Set(bad)].join(', ')}`,
    );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const force = process.argv.includes('--force');
  await buildIfChanged('server', distDir, SERVER_INPUTS, buildServer, force);
  if (process.argv.includes('--web'))
    await buildIfChanged('web', path.join(webDir, 'dist'), WEB_INPUTS, buildWeb, force, viteEnv());
}
