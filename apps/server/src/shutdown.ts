import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';

/** How long in-flight work may take to finish after SIGTERM before the process gives up (issue #7), ms. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Graceful shutdown of the listening server (issue #7 "graceful shutdown on SIGTERM"), on close-with-grace:
 * on SIGTERM, SIGINT (and the other termination signals), an uncaught exception or an unhandled rejection it
 * calls `app.close()`, which, in order: stops accepting connections and lets in-flight requests finish
 * (Fastify's own onClose step, registered last so run first), stops the pg-boss queue (waiting for running
 * jobs), then closes the database (buildApp's hooks, last registered first). The process then exits 0, or 1
 * after a fatal error, when close failed, or when it took longer than `delay` ms (default
 * {@link SHUTDOWN_GRACE_MS}). A second signal while closing exits 1 at once.
 * @param opts.skip events not to listen to (tests trigger the close by hand and leave the process alone)
 * @returns `close()` triggers the same shutdown by hand (then exits 0); `uninstall()` removes the listeners
 */
export function installGracefulShutdown(
  app: FastifyInstance,
  opts: { delay?: number; skip?: closeWithGrace.AllEvents[] } = {},
): { close(): Promise<void>; uninstall(): void } {
  const delay = opts.delay ?? SHUTDOWN_GRACE_MS;
  const log = app.log;
  const handle = closeWithGrace(
    {
      delay,
      skip: opts.skip,
      logger: { error: (message: unknown) => log.error(message) },
      onTimeout: (ms) => log.error(`shutdown: still closing after ${ms} ms, exiting`),
    },
    async ({ signal, err }) => {
      if (err) log.error({ err }, 'fatal error: closing');
      else
        log.info(
          `${signal ?? 'shutdown'}: closing (in-flight requests finish, then the queue and the database)`,
        );
      await app.close();
      log.info('closed');
    },
  );
  return {
    // close-with-grace's typings say void; it returns the promise of the whole close (then process.exit).
    close: () => Promise.resolve(handle.close() as unknown as Promise<void>),
    uninstall: () => handle.uninstall(),
  };
}
