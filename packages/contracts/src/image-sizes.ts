import { AVATAR_SIZE, IMAGE_MAX_WIDTH, IMAGE_PLACEHOLDER_SIZE } from './constants.js';

/** Width of the poster editor's picture and background thumbnails, pixels (issue #4). */
export const EDITOR_THUMBNAIL_WIDTH = 240;

/**
 * The fixed set of image sizes `/media/img/{w}x{h}/{key}` serves (issue #8 item 6, API.md §4,
 * docs/decisions/0003-image-sizes.md). Pixels; `0` keeps the aspect. These are the sizes the product asks
 * for, and no others:
 * - `0x0`: the original (every URL the server hands out);
 * - `120x120`: the avatar (`{0}` of the avatar template, spec §3/§9);
 * - `200x200`: the other templates' `{0}`/`{1}` (spec §9);
 * - `240x0`: the poster editor's picture and background thumbnails;
 * - `800x0`: an image as wide as the widest the client shows (spec §9 width rule).
 */
export const IMAGE_SIZES = [
  { width: 0, height: 0 },
  { width: AVATAR_SIZE, height: AVATAR_SIZE },
  { width: IMAGE_PLACEHOLDER_SIZE, height: IMAGE_PLACEHOLDER_SIZE },
  { width: EDITOR_THUMBNAIL_WIDTH, height: 0 },
  { width: IMAGE_MAX_WIDTH, height: 0 },
] as const satisfies readonly ImageSize[];

/** A width × height in pixels; `0` keeps the aspect. */
export interface ImageSize {
  width: number;
  height: number;
}

/** The square crops of IMAGE_SIZES (side in pixels), ascending. */
const SQUARE_SIDES = IMAGE_SIZES.filter((s) => s.width > 0 && s.width === s.height)
  .map((s) => s.width)
  .sort((a, b) => a - b);
/** The keep-aspect widths of IMAGE_SIZES (pixels), ascending. */
const FIT_WIDTHS = IMAGE_SIZES.filter((s) => s.width > 0 && s.height === 0)
  .map((s) => s.width)
  .sort((a, b) => a - b);

/** The smallest of `ladder` (ascending, non-empty) that is at least `px`, else its largest. */
function atLeast(ladder: readonly number[], px: number): number {
  return ladder.find((v) => v >= px) ?? ladder[ladder.length - 1]!;
}

/**
 * The member of IMAGE_SIZES that serves a requested size (issue #8 item 6; rule in
 * docs/decisions/0003-image-sizes.md). Nearest from above, so an image is never shown blurrier than asked,
 * capped at the largest member:
 * - `0x0` → the original;
 * - a square `s×s` → the smallest square crop with side ≥ s (else the largest square);
 * - anything else (`w×0`, `0×h`, a non-square box) → keep-aspect at the smallest width ≥ max(w, h)
 *   (else 800): the whole picture, never a crop to an aspect nobody else asks for.
 * Members map to themselves; every input maps into IMAGE_SIZES.
 * @param width requested width in pixels (a non-negative integer; others are treated as 0)
 * @param height requested height in pixels (idem)
 */
export function canonicalImageSize(width: number, height: number): ImageSize {
  const w = Number.isInteger(width) && width > 0 ? width : 0;
  const h = Number.isInteger(height) && height > 0 ? height : 0;
  if (w === 0 && h === 0) return { width: 0, height: 0 };
  if (w === h) {
    const side = atLeast(SQUARE_SIDES, w);
    return { width: side, height: side };
  }
  return { width: atLeast(FIT_WIDTHS, Math.max(w, h)), height: 0 };
}

/**
 * Replaces the embedded size of one of our image URLs (`/media/img/{w}x{h}/{key}`, API.md §4) with the
 * member of IMAGE_SIZES that serves `width`×`height`. Other URLs are returned unchanged.
 * @example imageUrlAtSize('/media/img/0x0/a.png', 240, 0) === '/media/img/240x0/a.png'
 */
export function imageUrlAtSize(url: string, width: number, height: number): string {
  const size = canonicalImageSize(width, height);
  return url.replace(/\/media\/img\/\d+x\d+\//, `/media/img/${size.width}x${size.height}/`);
}

/**
 * Most pixels (width × height, all frames of an animation) an image may have, at upload and at resize
 * (issue #8 item 6): 50 megapixels. A small file can declare a huge canvas (a 16,000 × 16,000 PNG is
 * 0.7 MB and decodes to 1 GB), so the byte limit alone does not bound the memory a decode takes.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
