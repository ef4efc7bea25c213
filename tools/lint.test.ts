import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Proves the boundary rules of `eslint.config.js` (issue #7 "Boundaries the linter enforces"): each
 * forbidden import fails with a message naming the rule and the allowed direction, and each allowed import
 * passes. Fixtures live in `tools/lint-fixtures/`, a mirror of the source tree that `eslint .` ignores;
 * a few probes run on the real tree through `lintText` so the generated zones are checked there too.
 */

const repoRoot = path.resolve(import.meta.dirname, '..');
const FIXTURES = 'tools/lint-fixtures';

/** Probes in the real tree are linted without type information (they exist only in memory). */
const untyped: Linter.Config[] = [
  { files: ['**/__lint-probe__.ts'], ...tseslint.configs.disableTypeChecked },
];

/** Lint messages per fixture path relative to `tools/lint-fixtures/`. */
let byFile: Map<string, Linter.LintMessage[]>;

beforeAll(async () => {
  // ignore: false lifts the config's `ignores`, which keeps these files out of `npm run lint`.
  const eslint = new ESLint({ cwd: repoRoot, ignore: false });
  const results = await eslint.lintFiles([`${FIXTURES}/**/*.ts`]);
  byFile = new Map(
    results.map((r) => [
      path.relative(path.join(repoRoot, FIXTURES), r.filePath).split(path.sep).join('/'),
      r.messages,
    ]),
  );
}, 120_000);

/** The messages of one fixture; fails when the fixture was not linted at all. */
function messagesOf(file: string): Linter.LintMessage[] {
  const messages = byFile.get(file);
  if (!messages) throw new Error(`fixture ${file} was not linted`);
  return messages;
}

const forbidden: { file: string; ruleId: string; says: string[] }[] = [
  {
    file: 'apps/web/src/features/video/bad-imports-content.ts',
    ruleId: 'import-x/no-restricted-paths',
    says: [
      '[feature-isolation] features/video may not import features/content',
      'a feature never imports another feature',
      'Allowed: app → features → components/lib',
    ],
  },
  {
    file: 'apps/web/src/features/video/bad-imports-app.ts',
    ruleId: 'import-x/no-restricted-paths',
    says: ['[layer-direction] features/ may not import app/', 'Allowed: app → features → components/lib'],
  },
  {
    file: 'apps/web/src/lib/bad-imports-feature.ts',
    ruleId: 'import-x/no-restricted-paths',
    says: ['[layer-direction] lib/ and components/ may not import features/ or app/', 'Allowed:'],
  },
  {
    file: 'apps/web/src/components/bad-imports-app.ts',
    ruleId: 'import-x/no-restricted-paths',
    says: ['[layer-direction] lib/ and components/ may not import features/ or app/'],
  },
  {
    file: 'apps/web/src/lib/bad-imports-server.ts',
    ruleId: 'no-restricted-imports',
    says: ['[web-server-split] the web app may not import @cc/server', 'Allowed: apps/web → packages/*'],
  },
  {
    file: 'apps/server/src/modules/video/video.bad-repo.ts',
    ruleId: 'import-x/no-restricted-paths',
    says: [
      '[module-boundary] modules/video may not import modules/content internals',
      'only through its exported *.service.ts functions',
      'Allowed: app.ts → modules/<m>/<m>.routes.ts',
    ],
  },
  {
    file: 'apps/server/src/modules/video/video.bad-schema.ts',
    ruleId: 'import-x/no-restricted-paths',
    says: ['[module-boundary] modules/video may not import modules/content internals'],
  },
  {
    file: 'apps/server/src/modules/video/video.bad-db-schema.ts',
    ruleId: 'import-x/no-restricted-paths',
    says: ['[table-ownership] modules may not import db/schema/', 'modules/<m>/<m>.schema.ts'],
  },
  {
    file: 'apps/server/src/modules/video/bad.schema.ts',
    ruleId: 'import-x/no-restricted-paths',
    says: ['[table-ownership] modules/video/*.schema.ts may import only modules/content/*.schema.ts'],
  },
  {
    file: 'apps/server/src/read-models/bad-home-repo.ts',
    ruleId: 'import-x/no-restricted-paths',
    says: [
      "[read-model] read-models/ may import modules' *.schema.ts tables only, never a repo or a service",
    ],
  },
  {
    file: 'apps/server/src/lib/bad-imports-module.ts',
    ruleId: 'import-x/no-restricted-paths',
    says: ['[layer-direction] lib/, storage/ and errors.ts may not import modules/'],
  },
  {
    file: 'packages/contracts/src/bad-imports-fastify.ts',
    ruleId: 'no-restricted-imports',
    says: ['[contracts-deps] packages/contracts may import only zod, dayjs, spark-md5 and validator'],
  },
  { file: 'cycle/a.ts', ruleId: 'import-x/no-cycle', says: ['Dependency cycle'] },
  { file: 'cycle/b.ts', ruleId: 'import-x/no-cycle', says: ['Dependency cycle'] },
];

const allowed = [
  'apps/web/src/app/page.ts', // app → features
  'apps/web/src/features/video/index.ts', // feature → lib
  'apps/web/src/features/content/index.ts',
  'apps/web/src/lib/format.ts',
  'apps/server/src/modules/video/video.service.ts', // module → another module's service
  'apps/server/src/modules/video/video.schema.ts', // schema → another module's schema (foreign key)
  'apps/server/src/modules/content/content.service.ts', // service → own repo
  'apps/server/src/modules/content/content.repo.ts', // repo → own schema
  'apps/server/src/modules/content/content.schema.ts',
  'apps/server/src/read-models/home.ts', // read model → any module's schema
  'apps/server/src/db/schema/index.ts', // re-exports tables for drizzle-kit
  'apps/server/src/test/factories.ts', // test support builds rows of any module
  'packages/contracts/src/schema.ts', // contracts → zod
];

describe('lint boundaries on fixtures (issue #7)', () => {
  it.each(forbidden)('$file fails with $ruleId', ({ file, ruleId, says }) => {
    const messages = messagesOf(file);
    expect(messages.map((m) => m.ruleId)).toEqual([ruleId]);
    for (const text of says) expect(messages[0]?.message).toContain(text);
  });

  it.each(allowed)('%s passes', (file) => {
    expect(messagesOf(file)).toEqual([]);
  });

  it('every fixture is covered by a case', () => {
    const covered = new Set([...forbidden.map((c) => c.file), ...allowed]);
    expect([...byFile.keys()].filter((f) => !covered.has(f))).toEqual([]);
  });
});

describe('lint boundaries on the real tree (issue #7)', () => {
  const eslint = new ESLint({ cwd: repoRoot, overrideConfig: untyped });

  it('keeps the fixtures out of `eslint .`', async () => {
    expect(await eslint.isPathIgnored(`${FIXTURES}/cycle/a.ts`)).toBe(true);
  });

  it('forbids a feature importing another feature', async () => {
    const [result] = await eslint.lintText("export { contentKeys } from '../content';\n", {
      filePath: path.join(repoRoot, 'apps/web/src/features/video/__lint-probe__.ts'),
    });
    expect(result?.messages.map((m) => m.message)).toEqual([
      expect.stringContaining('[feature-isolation] features/video may not import features/content'),
    ]);
  });

  it("forbids a module importing another module's repo", async () => {
    const [result] = await eslint.lintText("export * from '../content/content.repo.js';\n", {
      filePath: path.join(repoRoot, 'apps/server/src/modules/video/__lint-probe__.ts'),
    });
    expect(result?.messages.map((m) => m.message)).toEqual([
      expect.stringContaining('[module-boundary] modules/video may not import modules/content internals'),
    ]);
  });

  it("allows a module to call another module's service", async () => {
    const [result] = await eslint.lintText("export * from '../content/content.service.js';\n", {
      filePath: path.join(repoRoot, 'apps/server/src/modules/video/__lint-probe__.ts'),
    });
    expect(result?.messages).toEqual([]);
  });
});
