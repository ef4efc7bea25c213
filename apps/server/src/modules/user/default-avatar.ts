import { loadSharp } from '../../lib/sharp.js';
import type { ObjectStorage } from '../../storage/storage.js';
import { DEFAULT_AVATAR_KEY } from './user.service.js';

/** Brand blue of DESIGN.md. */
const BRAND = '#2468F2';

/**
 * A 240×240 PNG: a brand-blue disc with a white head-and-shoulders figure (no text, so no font is needed).
 * 240 px so the header's 120 px avatar stays sharp on 2× screens.
 */
export async function renderDefaultAvatar(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
  <circle cx="120" cy="120" r="120" fill="${BRAND}"/>
  <circle cx="120" cy="96" r="42" fill="#ffffff"/>
  <path d="M44 206c10-42 42-64 76-64s66 22 76 64a120 120 0 0 1-152 0z" fill="#ffffff"/>
</svg>`;
  return (await loadSharp())(Buffer.from(svg)).png().toBuffer();
}

/** Writes the default avatar into storage unless it is there (idempotent; at every start). */
export async function ensureDefaultAvatar(storage: ObjectStorage): Promise<void> {
  if (await storage.stat(DEFAULT_AVATAR_KEY)) return;
  await storage.put(DEFAULT_AVATAR_KEY, await renderDefaultAvatar(), 'image/png');
}
