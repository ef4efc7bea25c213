/**
 * The upload bench's server (started by bench/upload/run.ts in a child process with IPC): the real app on
 * 127.0.0.1, alone in its process, so its peak RSS is the server's and nothing else's (not the bench's
 * file generation, raw write or client). Samples its RSS every 50 ms and answers over IPC:
 *  - `{ cmd: 'mark' }`  → `{ rss }` (now) and restarts the peak;
 *  - `{ cmd: 'peak' }`  → `{ peak }` since the last mark;
 *  - `{ cmd: 'stop' }`  → closes the app and exits.
 * On start it sends `{ base, mediaDir, db }`.
 * Env: BENCH_DATA_DIR (required), DATABASE_URL (empty: PGlite on disk in BENCH_DATA_DIR).
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';

async function main(): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: process.env.BENCH_DATA_DIR!,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    // Each run registers a bench user from 127.0.0.1; with a PostgreSQL that keeps the counters between
    // runs, the default 10 per 15 min stops a series of runs.
    LOGIN_RATE_LIMIT: JSON.stringify({ registerPerIp: 1000 }),
  });
  const app = await buildApp(config);
  await app.dbHandle.migrate();
  await app.listen({ port: 0, host: '127.0.0.1' });
  // process.memoryUsage.rss() reads only the RSS (memoryUsage() also walks the V8 heap, which showed
  // up in the profile at a 50 ms period).
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  process.on('message', (message: { cmd: string }) => {
    if (message.cmd === 'mark') {
      peak = process.memoryUsage.rss();
      process.send!({ rss: peak });
    } else if (message.cmd === 'peak') {
      process.send!({ peak: Math.max(peak, process.memoryUsage.rss()) });
    } else if (message.cmd === 'stop') {
      clearInterval(timer);
      void app.close().finally(() => process.exit(0));
    }
  });
  process.send!({
    base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    mediaDir: config.mediaDir,
    db: config.databaseUrl ? 'PostgreSQL' : 'PGlite',
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
