import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

/**
 * Lint configuration for the whole repository (`npm run lint`).
 *
 * Besides style, it enforces the layout of docs/ARCHITECTURE.md (issue #7 "Boundaries the linter enforces";
 * model: bulletproof-react `apps/react-vite/.eslintrc.cjs`, ported to the flat config):
 * - web: app → features → components/lib, and a feature never imports another feature;
 * - server: a module reaches another module only through its `*.service.ts`; tables are private to
 *   their module; `read-models/` joins several modules' tables, read only; `lib/`, `storage/` and
 *   `errors.ts` never import modules;
 * - packages: contracts imports zod/dayjs/spark-md5/validator only; packages never import apps;
 * - no import cycles; typed typescript-eslint rules on every TypeScript project.
 * Every boundary message names the rule and the allowed direction, so a lint failure teaches the layout.
 * The boundary rules are generated for the real tree and for `tools/lint-fixtures/` (a mirror used by
 * `tools/lint.test.ts` to prove each rule), which the normal `eslint .` run ignores.
 */

const repoRoot = import.meta.dirname;
/** Mirror of the source tree that `tools/lint.test.ts` lints with `ignore: false`. */
export const LINT_FIXTURES = 'tools/lint-fixtures';
const DOCS = '(issue #7, docs/ARCHITECTURE.md)';
const WEB_DIRECTION = 'Allowed: app → features → components/lib.';
const SERVER_DIRECTION =
  'Allowed: app.ts → modules/<m>/<m>.routes.ts → <m>.service.ts → <m>.repo.ts → <m>.schema.ts; another module only through its *.service.ts; read-models/ read any module’s *.schema.ts.';

/** Names of the sub-folders of `dir` (absolute), sorted; [] when `dir` does not exist. */
function subfolders(dir) {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

/**
 * Zones of `import-x/no-restricted-paths` for the web app under `base` (absolute; the repo root or the
 * fixtures mirror). One zone per ordered pair of features, generated from the directory listing of
 * `apps/web/src/features`, so each message names both features.
 */
function webZones(base) {
  const src = 'apps/web/src';
  const features = subfolders(path.join(base, src, 'features'));
  const pairs = features.flatMap((target) =>
    features
      .filter((from) => from !== target)
      .map((from) => ({
        target: `${src}/features/${target}`,
        from: `${src}/features/${from}`,
        message: `[feature-isolation] features/${target} may not import features/${from}: a feature never imports another feature. ${WEB_DIRECTION} Move shared code to components/ or lib/ (or a package), or compose both features in app/ ${DOCS}.`,
      })),
  );
  return [
    ...pairs,
    {
      target: `${src}/features`,
      from: `${src}/app`,
      message: `[layer-direction] features/ may not import app/: app composes features, never the reverse. ${WEB_DIRECTION} Pass what the feature needs as props or move it to lib/ ${DOCS}.`,
    },
    {
      target: [`${src}/lib`, `${src}/components`],
      from: [`${src}/features`, `${src}/app`],
      message: `[layer-direction] lib/ and components/ may not import features/ or app/: shared code knows no feature. ${WEB_DIRECTION} Move the shared part down into components/ or lib/ ${DOCS}.`,
    },
  ];
}

/**
 * One `import-x/no-restricted-paths` zone per ordered pair of server modules under `base` (absolute; the repo
 * root or the fixtures mirror), generated from the listing of `apps/server/src/modules`: everything of the other
 * module except the files matching `except` is private to it.
 * @param message (target, from) → the lint message naming both modules
 */
function modulePairZones(base, except, message) {
  const src = 'apps/server/src';
  const modules = subfolders(path.join(base, src, 'modules'));
  return modules.flatMap((target) =>
    modules
      .filter((from) => from !== target)
      .map((from) => ({
        target: `${src}/modules/${target}`,
        from: `${src}/modules/${from}/**`,
        except: [except],
        message: message(target, from),
      })),
  );
}

/**
 * Zones for the server under `base`: another module only through its `*.service.ts` (repo, `*.schema.ts`
 * tables, helpers and routes are private), plus the layer zones.
 */
function serverZones(base) {
  return [
    ...modulePairZones(
      base,
      '**/*.service.ts',
      (target, from) =>
        `[module-boundary] modules/${target} may not import modules/${from} internals (repo, schema, helpers, routes): a module reaches another module only through its exported *.service.ts functions, never its repo or tables. ${SERVER_DIRECTION} Call ${from}.service.ts, or put a cross-module read in read-models/ ${DOCS}.`,
    ),
    ...serverLayerZones('apps/server/src'),
  ];
}

/**
 * Zones for a module's `*.schema.ts` files: a table may reference another module's table (a foreign key),
 * so a schema file may import another module's `*.schema.ts`, and nothing else of it.
 */
function serverSchemaZones(base) {
  return [
    ...modulePairZones(
      base,
      '**/*.schema.ts',
      (target, from) =>
        `[table-ownership] modules/${target}/*.schema.ts may import only modules/${from}/*.schema.ts (a foreign key), nothing else of another module. ${SERVER_DIRECTION} ${DOCS}.`,
    ),
    ...serverLayerZones('apps/server/src'),
  ];
}

/** Server zones that do not depend on the module list (layers below and beside the modules). */
function serverLayerZones(src) {
  return [
    {
      target: `${src}/modules`,
      from: `${src}/db/schema`,
      message: `[table-ownership] modules may not import db/schema/: each table lives in modules/<m>/<m>.schema.ts and only its own module writes it; db/schema/index.ts only re-exports tables for drizzle-kit and migrations. ${SERVER_DIRECTION} ${DOCS}.`,
    },
    {
      target: `${src}/read-models`,
      from: `${src}/modules/**`,
      except: ['**/*.schema.ts'],
      message: `[read-model] read-models/ may import modules' *.schema.ts tables only, never a repo or a service: a read model is a read-only query over several modules' tables. ${SERVER_DIRECTION} ${DOCS}.`,
    },
    {
      target: [`${src}/lib`, `${src}/storage`, `${src}/errors.ts`],
      from: [`${src}/modules`, `${src}/read-models`],
      message: `[layer-direction] lib/, storage/ and errors.ts may not import modules/ or read-models/: they sit below every module. ${SERVER_DIRECTION} Pass what they need as an argument ${DOCS}.`,
    },
    {
      target: [
        `${src}/lib`,
        `${src}/storage`,
        `${src}/plugins`,
        `${src}/jobs`,
        `${src}/db`,
        `${src}/read-models`,
      ],
      from: `${src}/modules/**/*.routes.ts`,
      message: `[routes-from-app] a module's *.routes.ts is registered by app.ts only. ${SERVER_DIRECTION} Import the module's *.service.ts instead ${DOCS}.`,
    },
  ];
}

/** Boundary config blocks for one tree (`prefix` '' for the real tree, `${LINT_FIXTURES}/` for the mirror). */
function boundaryBlocks(prefix) {
  const base = path.join(repoRoot, prefix);
  return [
    {
      files: [`${prefix}apps/web/src/**/*.{ts,tsx}`],
      rules: {
        'import-x/no-restricted-paths': ['error', { basePath: base, zones: webZones(base) }],
      },
    },
    {
      files: [`${prefix}apps/server/src/**/*.ts`],
      // Tests and their support build rows of any module directly (factories).
      ignores: [`${prefix}apps/server/src/**/*.test.ts`, `${prefix}apps/server/src/test/**`],
      rules: {
        'import-x/no-restricted-paths': ['error', { basePath: base, zones: serverZones(base) }],
      },
    },
    {
      files: [`${prefix}apps/server/src/modules/**/*.schema.ts`],
      rules: {
        'import-x/no-restricted-paths': ['error', { basePath: base, zones: serverSchemaZones(base) }],
      },
    },
  ];
}

/** Files that belong to a tsconfig project, so typed rules can ask the type checker. */
const typedFiles = [
  'apps/server/src/**/*.ts',
  'apps/server/*.config.ts',
  'apps/web/src/**/*.{ts,tsx}',
  'apps/web/*.config.ts',
  'packages/*/src/**/*.{ts,tsx}',
  'e2e/**/*.ts',
  'bench/editor/**/*.ts',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/data/**',
      'coverage/**',
      'apps/server/src/db/migrations/**',
      'e2e/screenshots/**',
      // Deliberately broken imports; linted by tools/lint.test.ts only.
      `${LINT_FIXTURES}/**`,
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  // Import resolution for the boundary and cycle rules: Node resolution with TypeScript's `.js` → `.ts`
  // mapping; workspace packages resolve through their node_modules symlink to packages/*/src.
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.json', '.node'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
          conditionNames: ['types', 'import', 'require', 'default'],
          mainFields: ['types', 'module', 'main'],
        }),
      ],
    },
    rules: {
      // Type-only imports are erased and never form a runtime cycle; the rule skips them.
      'import-x/no-cycle': ['error', { ignoreExternal: true, maxDepth: '∞' }],
    },
  },
  ...boundaryBlocks(''),
  ...boundaryBlocks(`${LINT_FIXTURES}/`),
  // Dependency direction (ARCHITECTURE.md): contracts imports zod, dayjs, spark-md5 and validator only (validator: the GB 11643 ID check, issue #11; pure functions, no Node code).
  {
    files: ['packages/contracts/src/**/*.ts', `${LINT_FIXTURES}/packages/contracts/src/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!(zod|dayjs|spark-md5|validator)(/|$)|\\.{1,2}/)',
              message: `[contracts-deps] packages/contracts may import only zod, dayjs, spark-md5 and validator (and its own files): both apps run it, so it stays free of app, framework and Node code ${DOCS}.`,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/**/*.{ts,tsx}'],
    ignores: ['packages/contracts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@cc/server', '@cc/web', '**/apps/*', '**/apps/*/**'],
              message: `[layer-direction] packages/ may not import apps/: apps use packages, never the reverse ${DOCS}.`,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', `${LINT_FIXTURES}/apps/web/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@cc/server', '@cc/server/**', '**/apps/server/**'],
              message: `[web-server-split] the web app may not import @cc/server: it talks to the server over HTTP with the shapes of @cc/contracts. Allowed: apps/web → packages/* ${DOCS}.`,
            },
          ],
        },
      ],
    },
  },
  // Typed rules (issue #7): promises are awaited or explicitly voided; switches over unions are exhaustive.
  {
    files: typedFiles,
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: repoRoot },
    },
    rules: {
      // node:test's test()/describe() return promises the runner tracks itself.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'it', 'describe', 'suite'] },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
);
