import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { buildApp } from './app.js';
import { type AppConfig, loadConfig } from './config.js';
import { openDb, pgliteNeedsInit } from './db/client.js';
import { ensureDemoCovers } from './db/demo-covers.js';
import { ensureDemoVideoFiles } from './db/demo-videos.js';
import { seedDemo } from './db/seed.js';
import { simulateDemo } from './simulate/run.js';
import { rebuildRollups } from './modules/analytics/analytics.service.js';
import { keyringFromConfig } from './lib/personal-data.js';
import { reencryptPersonalData } from './modules/certification/certification.service.js';
import { publishNotice } from './modules/notice/notice.service.js';
import { ensureDefaultAvatar } from './modules/user/default-avatar.js';
import { DEFAULT_AVATAR_KEY } from './modules/user/user.service.js';
import { installGracefulShutdown } from './shutdown.js';
import { createStorage } from './storage/storage.js';

/**
 * The first start on a fresh PGlite data directory runs `prepare` (initdb, migrations, the demo seed, the
 * default avatar and demo covers drawn by sharp) in a short-lived child process, so that this one-off work's
 * memory (≈ 400 MiB at its peak: the WASM initdb instance and file-system bundle, libvips, argon2) goes back to
 * the OS with that process instead of staying in the server's heap (issue #7: idle RSS, bench/README.md
 * "Startup"). The server then finds everything in place. So does a start whose storage lacks the default avatar
 * (the first start on PostgreSQL, or on new storage): drawing it in this process would load sharp, ≈ 28 MiB of
 * resident memory kept until exit (issue #16). Runs the same executable, flags and environment as this process
 * (compiled or tsx).
 * @throws Error when the child exits non-zero
 */
async function prepareInChild(config: AppConfig): Promise<void> {
  const freshPglite = !config.databaseUrl && pgliteNeedsInit(config.pgliteDir);
  if (!freshPglite && (await createStorage(config).stat(DEFAULT_AVATAR_KEY))) return;
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, 'prepare'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`preparing the database and storage failed (${code})`);
}

/**
 * CLI (`node dist/main.js <command>`; `tsx src/main.ts <command>` in development):
 *   start            migrate, seed the demo (embedded default, unless SEED_DEMO=0 or production), listen;
 *                    SIGTERM/SIGINT close gracefully (shutdown.ts)
 *   migrate          apply the SQL migrations (`npm run migrate`)
 *   prepare          migrate, seed the demo when start would, write the default avatar (and demo covers)
 *   seed             seed the demo (idempotent)
 *   notice:publish --title T --content HTML [--summary S]
 *                  [--title-en T --content-en HTML [--summary-en S]]   publish a platform notice (zh-CN, and
 *                    its en-US translation: answers follow the reader's language, issue #9)
 *   data-key:rotate  re-encrypt personal data under the current DATA_KEY version (issue #11)
 *   analytics:rebuild  recompute the audience rollups from the raw reader events still kept (issue #12)
 */
const NOTICE_USAGE =
  'usage: notice:publish --title T --content HTML [--summary S] [--title-en T --content-en HTML [--summary-en S]]';

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const config = loadConfig(process.env);

  switch (command) {
    case 'start': {
      await prepareInChild(config);
      const app = await buildApp(config);
      installGracefulShutdown(app);
      await app.dbHandle.migrate();
      if (config.seedDemo && (await seedDemo(app.dbHandle.db, config))) {
        app.log.info('seeded the demo author (account demo)');
        // the demo's audience numbers come from simulated reader events (issue #12)
        if (config.demoTraffic)
          await simulateDemo(app.dbHandle, config, (line) => app.log.info(`demo traffic: ${line}`));
      }
      await app.listen({ port: config.port, host: config.host });
      return;
    }
    case 'migrate': {
      const handle = await openDb(config);
      await handle.migrate();
      await handle.close();
      console.log(`migrated (${handle.driver})`);
      return;
    }
    case 'prepare': {
      const handle = await openDb(config);
      await handle.migrate();
      if (config.seedDemo && (await seedDemo(handle.db, config)) && config.demoTraffic)
        await simulateDemo(handle, config);
      const storage = createStorage(config);
      if (config.seedDemo) await ensureDemoVideoFiles(handle.db, storage);
      await handle.close();
      await ensureDefaultAvatar(storage);
      if (config.seedDemo) await ensureDemoCovers(storage);
      console.log(`prepared (${handle.driver})`);
      return;
    }
    case 'seed': {
      const handle = await openDb(config);
      await handle.migrate();
      const seeded = await seedDemo(handle.db, config);
      if (seeded && config.demoTraffic)
        await simulateDemo(handle, config, (line) => console.log(`demo traffic: ${line}`));
      await handle.close();
      console.log(seeded ? 'seeded the demo author' : 'demo author already exists');
      return;
    }
    case 'notice:publish': {
      const { values } = parseArgs({
        args: rest,
        options: {
          title: { type: 'string' },
          content: { type: 'string' },
          summary: { type: 'string' },
          'title-en': { type: 'string' },
          'content-en': { type: 'string' },
          'summary-en': { type: 'string' },
        },
      });
      if (!values.title || !values.content || !values['title-en'] !== !values['content-en'])
        throw new Error(NOTICE_USAGE);
      const handle = await openDb(config);
      await handle.migrate();
      try {
        const en = values['title-en'] && values['content-en'];
        const notice = await publishNotice(handle.db, {
          title: values.title,
          content: values.content,
          summary: values.summary,
          ...(en
            ? {
                translations: {
                  'en-US': {
                    title: values['title-en']!,
                    content: values['content-en']!,
                    summary: values['summary-en'],
                  },
                },
              }
            : {}),
        });
        console.log(`published notice ${notice.id}: ${notice.title}`);
      } finally {
        await handle.close();
      }
      return;
    }
    case 'data-key:rotate': {
      // issue #11: after DATA_KEY gets a new version (the old key in DATA_KEYS_PREVIOUS), rewrite old ciphertexts
      const handle = await openDb(config);
      await handle.migrate();
      try {
        const done = await reencryptPersonalData(handle.db, keyringFromConfig(config.dataKeys));
        console.log(
          `re-encrypted ${done.applications} applications under key v${config.dataKeys.version}; ` +
            `dropped ${done.phoneCodes} phone codes of older keys`,
        );
      } finally {
        await handle.close();
      }
      return;
    }
    case 'analytics:rebuild': {
      // issue #12: recompute the rollups from the raw events still kept (days before the retention keep theirs)
      const handle = await openDb(config);
      await handle.migrate();
      try {
        const from = await rebuildRollups(handle.db);
        console.log(from ? `rebuilt the rollups from ${from} on` : 'no raw events: nothing to rebuild');
      } finally {
        await handle.close();
      }
      return;
    }
    default:
      console.error(
        'usage: node dist/main.js <start | migrate | prepare | seed | notice:publish … | data-key:rotate | ' +
          'analytics:rebuild>; ' +
          NOTICE_USAGE,
      );
      process.exitCode = 2;
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
