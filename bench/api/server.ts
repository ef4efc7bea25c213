/**
 * The API bench's real server (started by bench/api/run.ts in a child process with IPC): the whole app
 * (`buildApp`, every plugin and module, the jobs) on 127.0.0.1, port 0, alone in its process, configured as a
 * production deployment is (NODE_ENV=production: lenient response checks, `info` request logs — to
 * /dev/null here — and real secrets, generated per run). The one departure: REQUEST_LIMITS raises the
 * per-author and per-address budgets far above what the bench sends, so no request is refused; every
 * request is still counted (the counter writes are part of what is measured).
 *
 * IPC: on start it sends `{ base, db, signSecret }`; `{ cmd: 'cpu' }` → `{ user, system }` (microseconds of
 * CPU this process has used, `process.cpuUsage()`); `{ cmd: 'stop' }` closes the app and exits.
 * Env: BENCH_DATA_DIR (required), DATABASE_URL (empty: PGlite on disk in BENCH_DATA_DIR), BENCH_LOG_LEVEL
 * (default `info`, the production default), BENCH_API_ROOT (another checkout whose server to run, e.g. the tree
 * before a change; default this one).
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { WEB_CID } from '@cc/contracts';
import type * as AppModule from '../../apps/server/src/app.js';
import type * as ConfigModule from '../../apps/server/src/config.js';

/** The checkout whose server runs: BENCH_API_ROOT (e.g. the tree before a change), else this one. */
const root =
  process.env.BENCH_API_ROOT || path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverModule = <T>(file: string): Promise<T> =>
  import(pathToFileURL(path.join(root, 'apps/server/src', file)).href) as Promise<T>;

async function main(): Promise<void> {
  const { buildApp } = await serverModule<typeof AppModule>('app.js');
  const { loadConfig } = await serverModule<typeof ConfigModule>('config.js');
  const signSecret = randomBytes(16).toString('hex');
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: process.env.BENCH_DATA_DIR!,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    SIGN_SECRETS: JSON.stringify({ [WEB_CID]: signSecret }),
    APP_SECRET: randomBytes(16).toString('hex'),
    DATA_KEY: randomBytes(32).toString('hex'),
    OPEN_SITE_KEYS: JSON.stringify({ reader: randomBytes(16).toString('hex') }),
    SMS_SENDER: 'webhook',
    // never called: the bench sends no verification code
    SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms',
    REQUEST_LIMITS: JSON.stringify({ authorPerMinute: 100_000_000, anonymousPerMinute: 100_000_000 }),
  });
  const app = await buildApp(config);
  await app.dbHandle.migrate();
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('message', (message: { cmd: string }) => {
    if (message.cmd === 'cpu') process.send!(process.cpuUsage());
    else if (message.cmd === 'stop') void app.close().finally(() => process.exit(0));
  });
  process.send!({
    base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    db: config.databaseUrl ? 'PostgreSQL' : 'PGlite',
    signSecret,
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
