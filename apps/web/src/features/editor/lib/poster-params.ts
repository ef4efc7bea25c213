import { SIZE_PRESETS, type SizePreset } from '@cc/canvas-engine';

/**
 * The `?size=` short names of `/poster` (issue #4 brief) → the engine's size presets. Article covers
 * are 4:3 / 3:4; Xiaohongshu vertical/horizontal; the phone wallpaper.
 */
export const SIZE_PARAM_PRESETS = {
  cover43: 'cover-4x3',
  cover34: 'cover-3x4',
  xhsV: 'xhs-vertical',
  xhsH: 'xhs-horizontal',
  wallpaper: 'phone-wallpaper',
  video169: 'video-16x9',
} as const;

/** Video covers are 16:9 (issue #3); not an engine preset, so the web adds it for the cover flow. */
export const VIDEO_COVER_PRESET: SizePreset = {
  id: 'video-16x9',
  labelKey: 'editor.size.video16x9',
  width: 1280,
  height: 720,
};

export type SizeParam = keyof typeof SIZE_PARAM_PRESETS;

/** The default size of a new design: Xiaohongshu vertical 900×1200. */
export const DEFAULT_PRESET_ID = 'xhs-vertical';

/** The preset a `?size=` value names, else the default (unknown values are ignored, not errors). */
export function presetFromParam(value: string | null): SizePreset {
  const id =
    value && Object.hasOwn(SIZE_PARAM_PRESETS, value)
      ? SIZE_PARAM_PRESETS[value as SizeParam]
      : DEFAULT_PRESET_ID;
  return [...SIZE_PRESETS, VIDEO_COVER_PRESET].find((p) => p.id === id)!;
}

/**
 * A `?returnTo=` value when it is a same-origin path (starts with one `/`, no scheme, no `//` or `/\`
 * host trick), else null — so the cover flow can never send the author to another site.
 */
export function safeReturnTo(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f]/.test(value)) return null;
  try {
    const url = new URL(value, 'http://same.origin');
    return url.origin === 'http://same.origin' ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}

/** `returnTo` with `coverUrl=<url>` added to its query string (replacing an older one). */
export function withCoverUrl(returnTo: string, coverUrl: string): string {
  const url = new URL(returnTo, 'http://same.origin');
  url.searchParams.set('coverUrl', coverUrl);
  return url.pathname + url.search + url.hash;
}

/** The `/poster` address that designs a cover and comes back to `returnTo`. */
export function coverDesignPath(returnTo: string, size: SizeParam = 'cover43'): string {
  return `/poster?${new URLSearchParams({ size, returnTo }).toString()}`;
}
