/**
 * The one place for how this repository launches Chromium (issue #7: "the Chromium flag list in one place
 * used by both vitest and e2e"): imported by `vitest.config.ts` (the `engine` browser project) and by
 * `e2e/support.ts` (playwright-core). Plain data, no imports, so the vitest config can load it.
 */

/** Debian's Chromium (env: node-svc), never a downloaded one; `CHROMIUM_PATH` overrides it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Flags Chromium needs on this machine kind (env: node-svc "Known to work"): no sandbox (containers), no
 * GPU, no QUIC, and no background traffic (first run, updates, sync). Headless mode is the launcher's
 * own option (`headless: true`), not a flag here.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
