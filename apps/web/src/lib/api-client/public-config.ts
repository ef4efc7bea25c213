import type { PublicConfig } from '@cc/contracts';

/** What the frame shows when `/api/config` cannot be read: same-origin images, no links. */
export const FALLBACK_CONFIG: PublicConfig = {
  imageHosts: [],
  siblingSites: [],
  feedbackUrl: '',
  copyright: '',
  productName: '',
};

let pending: Promise<PublicConfig> | null = null;

/**
 * `GET /api/config` (public, UNSIGNED; API.md §4 extension), fetched once per page load and shared
 * by the api-client (image hosts) and the frame (links, footer). A failure yields FALLBACK_CONFIG
 * and is retried on the next call.
 */
export function loadPublicConfig(): Promise<PublicConfig> {
  if (!pending) {
    pending = fetch('/api/config', { credentials: 'same-origin' })
      .then(async (res) => {
        const body = (await res.json()) as { status?: number; data?: PublicConfig };
        if (body.status !== 1 || !body.data) throw new Error('config unavailable');
        return { ...FALLBACK_CONFIG, ...body.data };
      })
      .catch(() => {
        pending = null;
        return FALLBACK_CONFIG;
      });
  }
  return pending;
}

/** Forgets the cached config (tests). */
export function resetPublicConfig(): void {
  pending = null;
}
