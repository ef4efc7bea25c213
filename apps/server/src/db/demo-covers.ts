import { loadSharp } from '../lib/sharp.js';
import type { ObjectStorage } from '../storage/storage.js';

/**
 * Cover images for the demo content (API.md §5 "content"): six 800×600 JPEGs drawn from SVG — a gradient
 * sky, a road and a car silhouette in different colours — so the demo's lists show real, distinct covers.
 * No text, so no font is needed.
 */
const PALETTES: [string, string, string][] = [
  ['#2468F2', '#7FB2FF', '#FFFFFF'],
  ['#0F766E', '#5EEAD4', '#F8FAFC'],
  ['#9A3412', '#FDBA74', '#111827'],
  ['#4C1D95', '#C4B5FD', '#F9FAFB'],
  ['#1F2937', '#9CA3AF', '#F59E0B'],
  ['#B91C1C', '#FCA5A5', '#F3F4F6'],
];

/** Storage key of demo cover `i` (0-based; wraps around). */
export function demoCoverKey(i: number): string {
  return `demo/cover-${i % PALETTES.length}.jpg`;
}

function coverSvg([sky, glow, car]: [string, string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${glow}"/></linearGradient></defs>
  <rect width="800" height="600" fill="url(#g)"/>
  <circle cx="640" cy="150" r="70" fill="#ffffff" opacity="0.35"/>
  <path d="M0 470 L800 430 L800 600 L0 600 Z" fill="#1f2937" opacity="0.85"/>
  <path d="M0 520 L800 490" stroke="#ffffff" stroke-width="6" stroke-dasharray="40 30" opacity="0.7"/>
  <path d="M190 420 Q215 350 300 340 L380 290 Q420 270 480 272 L560 276 Q600 280 625 320 L650 352 Q690 360 700 400 L700 430 L190 440 Z" fill="${car}"/>
  <path d="M395 300 L470 288 L545 292 L590 338 L360 344 Z" fill="#0f172a" opacity="0.55"/>
  <circle cx="300" cy="440" r="42" fill="#111827"/><circle cx="300" cy="440" r="18" fill="#d1d5db"/>
  <circle cx="600" cy="432" r="42" fill="#111827"/><circle cx="600" cy="432" r="18" fill="#d1d5db"/>
</svg>`;
}

/** Writes the demo covers into storage unless they are there (idempotent; at start when the demo is seeded). */
export async function ensureDemoCovers(storage: ObjectStorage): Promise<void> {
  for (const [i, palette] of PALETTES.entries()) {
    const key = demoCoverKey(i);
    if (await storage.stat(key)) continue;
    await storage.put(
      key,
      await (
        await loadSharp()
      )(Buffer.from(coverSvg(palette)))
        .jpeg({ quality: 85 })
        .toBuffer(),
      'image/jpeg',
    );
  }
}
