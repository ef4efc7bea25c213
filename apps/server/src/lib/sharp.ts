import type Sharp from 'sharp';
import { AppError } from '../errors.js';

/**
 * sharp (libvips), imported on first use (issue #7): loading it maps libvips and its codecs, ≈ 20 MiB of
 * resident memory that a server which processes no image until a request asks for one does not need at
 * start. Node caches the module, so later calls cost one resolved promise.
 * @returns sharp's default export (the `sharp(input, options)` constructor)
 */
export async function loadSharp(): Promise<typeof Sharp> {
  const sharp = (await import('sharp')).default;
  // libvips' operation cache (default 50 MB, 100 operations) keeps decoded images for repeated operations
  // on the same input, which a server that processes each upload once never makes.
  sharp.cache(false);
  return sharp;
}

/** Image decodes (resizes) that run at once in this process (issue #8 item 6). */
export const MAX_CONCURRENT_IMAGE_JOBS = 2;
/** Jobs that may wait for a slot; one more is refused with 10009 rather than queued without bound. */
export const MAX_QUEUED_IMAGE_JOBS = 32;

let running = 0;
const waiting: (() => void)[] = [];

/**
 * Runs `job` (a decode or resize) when fewer than MAX_CONCURRENT_IMAGE_JOBS run, so the memory of decoded
 * pixels is bounded by that many images at once, not by the number of requests (issue #8 item 6:
 * four decompression bombs at once took the server from 800 MiB to 1 GiB). Waiting jobs start in order.
 * @returns what `job` resolves to; rejects as `job` does
 * @throws AppError RATE_LIMITED (10009, ercd IMAGE_BUSY, Retry-After 1 s) when MAX_QUEUED_IMAGE_JOBS
 *   already wait
 */
export async function runImageJob<T>(job: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_IMAGE_JOBS) {
    if (waiting.length >= MAX_QUEUED_IMAGE_JOBS) {
      throw new AppError('RATE_LIMITED', 'IMAGE_BUSY', {
        ercd: 'IMAGE_BUSY',
        retryAfterSeconds: 1,
      });
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await job();
  } finally {
    // Hand the slot straight to the next waiter (running stays the same), or free it.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** Jobs running and waiting now (tests and diagnostics). */
export function imageJobLoad(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}
