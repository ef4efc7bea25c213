import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
// Debian's Chromium and its flags: one list shared with the e2e suite (issue #7).
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium.js';

// One runner for the whole repository: `npm test` runs every project.
// Server tests: one app on its own PGlite (or PostgreSQL database) per file, files in parallel forks.
export default defineConfig({
  test: {
    // Two files at a time in every project (vitest's default is cores − 1, one file at a time on CI's 2 cores;
    // issue #16 "cut CI time"). The server project states its own 2; the engine keeps one browser.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // ESLint's boundary rules proven on fixtures (issue #7); tools/lint-fixtures holds no tests.
        test: {
          name: 'lint',
          include: ['tools/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // migrates one PGlite snapshot / PostgreSQL template per run; each file starts from a copy
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
          // Projects with their own worker limits run as separate groups, one after the other.
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The upload engine (packages/uploader) reads Blob, File, FormData and document.cookie: jsdom.
        test: {
          name: 'uploader',
          include: ['packages/uploader/src/**/*.test.ts'],
          environment: 'jsdom',
          // spies such as document.createElement are undone after each test (the web setup file did it)
          restoreMocks: true,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      {
        // The poster editor engine runs where it will run: in Chromium (issue #4).
        test: {
          name: 'engine',
          sequence: { groupOrder: 2 },
          maxWorkers: 1,
          include: ['packages/canvas-engine/src/**/*.test.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                executablePath: CHROMIUM_PATH,
                args: [...CHROMIUM_ARGS],
              },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
