import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll } from 'vitest';

/** The fixture's one script, under `assets/` (path relative to the built app's root). */
export const FIXTURE_ASSET = 'assets/index-fixture.js';

/**
 * The fixture script's bytes: a few kilobytes of repetitive JavaScript, so that, like a real chunk, it
 * compresses well.
 */
export const FIXTURE_ASSET_BYTES = Buffer.from(
  Array.from({ length: 200 }, (_, i) => `export const value${i} = 'creator centre fixture ${i}';\n`).join(''),
);

/**
 * A minimal built web app in a fresh directory under the system temp dir, for tests whose app must serve the
 * web routes (`GET /`, `GET /*`, plugins/web-static.ts) whether or not `apps/web` has been built — a fresh
 * clone in CI has no `apps/web/dist`. Like the real build (apps/web/vite.config.ts, issue #9) the script has
 * its precompressed copies next to it: `<asset>.br` (brotli) and `<asset>.gz` (gzip), each decoding to
 * `FIXTURE_ASSET_BYTES`. Registers an `afterAll` that removes it; call at the top level of a test file.
 * @returns `create()`, which writes the files and answers the directory (absolute path), for a config's `webDist`
 */
export function useWebDistFixture(): { create(): Promise<string> } {
  const dir = path.join(tmpdir(), `cc-web-dist-${randomUUID()}`);
  afterAll(() => rm(dir, { recursive: true, force: true }));
  return {
    async create() {
      await mkdir(path.join(dir, 'assets'), { recursive: true });
      await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
      const asset = path.join(dir, FIXTURE_ASSET);
      await writeFile(asset, FIXTURE_ASSET_BYTES);
      await writeFile(`${asset}.br`, brotliCompressSync(FIXTURE_ASSET_BYTES));
      await writeFile(`${asset}.gz`, gzipSync(FIXTURE_ASSET_BYTES));
      return dir;
    },
  };
}
