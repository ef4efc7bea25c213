import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * A minimal built web app (`index.html` and one asset) in a fresh directory under the system temp dir, for
 * tests whose app must serve the web routes (`GET /`, `GET /*`, plugins/web-static.ts) whether or not
 * `apps/web` has been built — a fresh clone in CI has no `apps/web/dist`. Registers an `afterAll` that removes
 * it; call at the top level of a test file.
 * @returns `create()`, which writes the files and answers the directory (absolute path), for a config's `webDist`
 */
export function useWebDistFixture(): { create(): Promise<string> } {
  const dir = path.join(tmpdir(), `cc-web-dist-${randomUUID()}`);
  afterAll(() => rm(dir, { recursive: true, force: true }));
  return {
    async create() {
      await mkdir(path.join(dir, 'assets'), { recursive: true });
      await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
      await writeFile(path.join(dir, 'assets', 'index-fixture.js'), 'console.log(1)');
      return dir;
    },
  };
}
