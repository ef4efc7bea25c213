import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installGracefulShutdown } from './shutdown.js';
import { createTestApp, type TestApp } from './test/helpers.js';

/**
 * Graceful shutdown (issue #7): a real app listening on a port, a slow request in flight, then the close that
 * SIGTERM triggers (fired by hand: `close()`, with the process's own signal listeners skipped and
 * `process.exit` stubbed, so the test runner is left alone).
 */

const ALL_PROCESS_EVENTS = [
  'SIGHUP',
  'SIGINT',
  'SIGQUIT',
  'SIGILL',
  'SIGTRAP',
  'SIGABRT',
  'SIGBUS',
  'SIGFPE',
  'SIGSEGV',
  'SIGUSR2',
  'SIGTERM',
  'uncaughtException',
  'unhandledRejection',
  'beforeExit',
] as const;

let t: TestApp | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
  t = undefined;
});

/** An app whose `/test/slow` answers after `ms`, using the database at the end; the db closes with the app. */
async function slowApp(ms: number, events: string[]) {
  let entered!: () => void;
  const inFlight = new Promise<void>((resolve) => (entered = resolve));
  t = await createTestApp({}, (app) => {
    app.get('/test/slow', async () => {
      entered();
      await sleep(ms);
      await app.dbHandle.ping(); // the database is still open while a request finishes
      events.push('request done');
      return { ok: true };
    });
    // Like buildApp's own hook when it opened the database (createTestApp lends it one instead).
    app.addHook('onClose', async () => {
      events.push('db closing');
      await app.dbHandle.close();
    });
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  return { app: t.app, base, inFlight };
}

describe('installGracefulShutdown', () => {
  it('stops accepting, lets the in-flight request finish, then closes the database and exits 0', async () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const events: string[] = [];
    const { app, base, inFlight } = await slowApp(400, events);
    const shutdown = installGracefulShutdown(app, { delay: 5000, skip: [...ALL_PROCESS_EVENTS] });

    const slow = fetch(`${base}/test/slow`, { headers: { connection: 'close' } });
    await inFlight;
    const closed = shutdown.close();
    await sleep(50);
    // no new connection is accepted once the close has begun
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();

    const res = await slow;
    expect(res.status).toBe(200);
    await closed;
    expect(events).toEqual(['request done', 'db closing']);
    expect(exit).toHaveBeenCalledWith(0);
    await expect(t!.handle.ping()).rejects.toThrow();
  });

  it('exits 1 when closing takes longer than the grace delay', async () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const events: string[] = [];
    const { app, base, inFlight } = await slowApp(1000, events);
    const shutdown = installGracefulShutdown(app, { delay: 100, skip: [...ALL_PROCESS_EVENTS] });

    const slow = fetch(`${base}/test/slow`, { headers: { connection: 'close' } });
    await inFlight;
    await shutdown.close();
    expect(exit).toHaveBeenCalledWith(1);
    expect(events).toEqual([]);
    // the stubbed exit let the close go on; wait for it before the harness closes again
    await slow;
    await vi.waitFor(() => expect(events).toEqual(['request done', 'db closing']));
  });
});
