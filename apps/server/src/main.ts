import { parseArgs } from 'node:util';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDb } from './db/client.js';
import { seedDemo } from './db/seed.js';
import { publishNotice } from './modules/notice/notice.service.js';

/**
 * CLI (`tsx src/main.ts <command>`):
 *   start            migrate, seed the demo (embedded default, unless SEED_DEMO=0 or production), listen
 *   migrate          apply the SQL migrations
 *   seed             seed the demo (idempotent)
 *   notice:publish --title T --content HTML [--summary S]   publish a platform notice
 */
async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const config = loadConfig(process.env);

  switch (command) {
    case 'start': {
      const app = await buildApp(config);
      await app.dbHandle.migrate();
      if (config.seedDemo && (await seedDemo(app.dbHandle.db, config)))
        app.log.info('seeded the demo author (account demo)');
      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        process.once(signal, () => {
          app.log.info(`${signal}: closing`);
          app.close().then(
            () => process.exit(0),
            () => process.exit(1),
          );
        });
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
    case 'seed': {
      const handle = await openDb(config);
      await handle.migrate();
      const seeded = await seedDemo(handle.db, config);
      await handle.close();
      console.log(seeded ? 'seeded the demo author' : 'demo author already exists');
      return;
    }
    case 'notice:publish': {
      const { values } = parseArgs({
        args: rest,
        options: { title: { type: 'string' }, content: { type: 'string' }, summary: { type: 'string' } },
      });
      if (!values.title || !values.content)
        throw new Error('usage: notice:publish --title T --content HTML [--summary S]');
      const handle = await openDb(config);
      await handle.migrate();
      try {
        const notice = await publishNotice(handle.db, {
          title: values.title,
          content: values.content,
          summary: values.summary,
        });
        console.log(`published notice ${notice.id}: ${notice.title}`);
      } finally {
        await handle.close();
      }
      return;
    }
    default:
      console.error(
        'usage: tsx src/main.ts <start | migrate | seed | notice:publish --title T --content HTML [--summary S]>',
      );
      process.exitCode = 2;
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
