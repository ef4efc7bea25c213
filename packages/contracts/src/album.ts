import { z } from 'zod';
import { carSeriesItemSchema } from './car.js';
import { contentStatuses } from './schemas.js';
import { idSchema, isoTimeSchema } from './types.js';
import type { AlbumImage } from './works.js';

/**
 * Image collections (`album`, issue #10 "Image collections"; API.md §13, docs/api.md "Image collections"): the
 * rules the publish page shows before the author breaks them and the server applies at review, and the answer of
 * the `album/detail` extension. The publish call's param (`publishAlbumParamSchema`) is in works.ts.
 */

/**
 * The smallest image an album shows: at least 200 pixels wide AND 200 pixels high (the review's image check,
 * issue #10 "image checks (type, size, dimensions)"; type and bytes are checked by the upload, API.md §8).
 */
export const ALBUM_IMAGE_MIN_SIDE = 200;

/** A broken image rule of an album: the catalog code and its params (1-based `index`, pixels). */
export type AlbumImageViolation =
  | { code: 'ALBUM_IMAGE_TOO_SMALL'; params: { index: number; width: number; height: number; min: number } }
  | { code: 'ALBUM_IMAGE_MISSING'; params: { index: number } };

/**
 * The image rule of an album (review, issue #10): each image at least `ALBUM_IMAGE_MIN_SIDE` × `ALBUM_IMAGE_MIN_SIDE`
 * pixels, measured on the uploaded original (the `{w}x{h}` of a URL is only the rendition a client asks for).
 * @param sizes the originals' pixel sizes in album order; null for an image whose upload is gone
 * @returns the first image that breaks the rule (1-based `index`), or null when all pass
 */
export function checkAlbumImages(
  sizes: readonly ({ width: number; height: number } | null)[],
): AlbumImageViolation | null {
  for (const [i, size] of sizes.entries()) {
    if (!size) return { code: 'ALBUM_IMAGE_MISSING', params: { index: i + 1 } };
    if (size.width < ALBUM_IMAGE_MIN_SIDE || size.height < ALBUM_IMAGE_MIN_SIDE)
      return {
        code: 'ALBUM_IMAGE_TOO_SMALL',
        params: { index: i + 1, width: size.width, height: size.height, min: ALBUM_IMAGE_MIN_SIDE },
      };
  }
  return null;
}

/**
 * The reader-visible text of an album besides its title: its non-empty captions, one per line, in order. Stored
 * as the `contents` row's text (search, the operators' queue) and searched by the review for sensitive words.
 */
export function albumCaptionsText(images: readonly Pick<AlbumImage, 'caption'>[]): string {
  return images
    .map((i) => i.caption.trim())
    .filter((c) => c.length > 0)
    .join('\n');
}

/** One image of an album as `album/detail` answers it: its URL (API.md §4) and caption ('' when none). */
export const albumImageItemSchema = z.strictObject({ url: z.string(), caption: z.string() });

/**
 * `GET /api/album/detail { id }` → data (docs/api.md "Image collections", an extension like `video/detail`): one
 * of the author's albums with everything its editor needs. `rejectReason` in the request's language; `carSeries`
 * the names of `carSeriesIds` from the shipped catalogue; times ISO 8601 (UTC).
 */
export const albumDetailSchema = z.strictObject({
  id: idSchema,
  title: z.string(),
  status: z.enum(contentStatuses),
  rejectReason: z.string().nullable(),
  /** extension (issue #11): the rule a rejection applies, `slug#section` (`ruleHref`); null unless rejected */
  rejectRuleRef: z.string().nullable().optional(),
  /** in the author's order */
  images: z.array(albumImageItemSchema),
  /** one of `images` (the first unless the author chose another); null only for an album saved without images */
  coverUrl: z.string().nullable(),
  carSeriesIds: z.array(idSchema),
  carSeries: z.array(carSeriesItemSchema),
  topicId: idSchema.nullable(),
  /** when status is `scheduled` */
  scheduledAt: isoTimeSchema.nullable(),
  publishedAt: isoTimeSchema.nullable(),
  updatedAt: isoTimeSchema,
});
export type AlbumDetail = z.infer<typeof albumDetailSchema>;
