import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './index.js';

/**
 * Tables live in the module that owns them, `modules/<m>/<m>.schema.ts` (issue #7), and db/schema/index.ts
 * re-exports every one: a table missing here would be missing from drizzle-kit's migrations and from the
 * typed client.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const modulesDir = path.resolve(here, '../../modules');

const tablesOf = (exports: Record<string, unknown>) =>
  Object.values(exports).filter((v): v is PgTable => is(v, PgTable));

describe('db/schema/index.ts', () => {
  it('re-exports every table of every modules/<m>/<m>.schema.ts, and nothing else', async () => {
    const owned: PgTable[] = [];
    for (const module of await readdir(modulesDir)) {
      const files = await readdir(path.join(modulesDir, module));
      for (const file of files.filter((f) => f.endsWith('.schema.ts'))) {
        expect(file, `a schema file is named after its module`).toBe(`${module}.schema.ts`);
        owned.push(...tablesOf(await import(path.join(modulesDir, module, file))));
      }
    }
    const exported = tablesOf(schema);
    expect(owned.length).toBeGreaterThan(0);
    expect(new Set(exported)).toEqual(new Set(owned));
    expect(new Set(exported.map(getTableName)).size).toBe(exported.length);
  });

  it('holds no table file of its own any more', async () => {
    const files = (await readdir(here)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(files).toEqual(['index.ts']);
  });
});
