import { z } from 'zod';
import { idInputSchema, pageParamSchema, requestIdInputSchema, textInputSchema } from './schemas.js';

/**
 * Poster designs (issue #4 "In the product") and the author's uploaded images for the editor's picture
 * panel. Extensions beyond API.md, documented in docs/api.md "Designs". Server and web validate with
 * these schemas.
 */

/** Longest design name, in characters (code points). */
export const DESIGN_NAME_MAX = 40;
/** Smallest and largest design side, pixels. */
export const DESIGN_SIDE_MIN = 16;
export const DESIGN_SIDE_MAX = 8000;
/** Largest saved document: the engine's JSON as UTF-8, bytes (5 MB; images are stored by URL, not inline). */
export const DESIGN_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

/** Our own image URLs (`/media/...`, API.md §4): thumbnails must point here, never to other hosts. */
export const MEDIA_URL_PATTERN = /^\/media\/[A-Za-z0-9/_.{}-]+$/;

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

/** A design name: trimmed, 1–40 characters. */
export const designNameSchema = textInputSchema(256, { trim: true })
  .refine((s) => [...s].length >= 1, 'DESIGN_NAME_REQUIRED')
  .refine((s) => [...s].length <= DESIGN_NAME_MAX, {
    message: 'DESIGN_NAME_LENGTH',
    params: { max: DESIGN_NAME_MAX },
  });

const sideSchema = z.coerce
  .number('FIELD_EXPECTED_NUMBER')
  .int('DESIGN_SIZE_WHOLE')
  .min(DESIGN_SIDE_MIN, 'DESIGN_SIZE_TOO_SMALL')
  .max(DESIGN_SIDE_MAX, 'DESIGN_SIZE_TOO_BIG');

/**
 * The engine's document as JSON text: at most 5 MB (UTF-8), must parse to an object carrying a
 * positive integer `schemaVersion` (the engine migrates older versions on load).
 */
export const designDocumentSchema = textInputSchema(DESIGN_DOCUMENT_MAX_BYTES, {
  multiline: true,
  tooLong: 'DESIGN_DOCUMENT_TOO_LARGE',
}).superRefine((s, ctx) => {
  if (utf8Bytes(s) > DESIGN_DOCUMENT_MAX_BYTES) {
    ctx.addIssue({ code: 'custom', message: 'DESIGN_DOCUMENT_TOO_LARGE' });
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(s);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'DESIGN_DOCUMENT_NOT_JSON' });
    return;
  }
  const version = (parsed as { schemaVersion?: unknown } | null)?.schemaVersion;
  if (
    !parsed ||
    typeof parsed !== 'object' ||
    Array.isArray(parsed) ||
    !Number.isInteger(version) ||
    (version as number) < 1
  ) {
    ctx.addIssue({ code: 'custom', message: 'DESIGN_DOCUMENT_VERSION' });
  }
});

/** `POST /api/design/save`: creates (no id) or updates (own id) a design. */
export const designSaveParamSchema = z.object({
  id: idInputSchema.optional(),
  name: designNameSchema,
  width: sideSchema,
  height: sideSchema,
  document: designDocumentSchema,
  thumbnailUrl: z.string().max(512).regex(MEDIA_URL_PATTERN, 'DESIGN_THUMBNAIL_URL').optional(),
  /** idempotency key of a create (no `id`), issue #8 item 10 */
  requestId: requestIdInputSchema.optional(),
});
export type DesignSaveParam = z.infer<typeof designSaveParamSchema>;

/** `GET /api/design/list`: the author's designs, most recently changed first. */
export const designListParamSchema = pageParamSchema;
export type DesignListParam = z.infer<typeof designListParamSchema>;

/** `GET /api/design/detail`, `POST /api/design/duplicate`, `POST /api/design/delete`. */
export const designIdParamSchema = z.object({ id: idInputSchema });
export type DesignIdParam = z.infer<typeof designIdParamSchema>;

/** `POST /api/design/rename`. */
export const designRenameParamSchema = z.object({
  id: idInputSchema,
  name: designNameSchema,
});
export type DesignRenameParam = z.infer<typeof designRenameParamSchema>;

/** `GET /api/media/my_images`: the author's uploaded images, newest first. */
export const myImagesParamSchema = pageParamSchema;
export type MyImagesParam = z.infer<typeof myImagesParamSchema>;

/** Answer of `design/save`, `design/duplicate` and `design/rename`. `updatedAt` is ISO 8601. */
export const designSaveResultSchema = z.strictObject({
  id: z.int().min(1),
  updatedAt: z.iso.datetime(),
});
export type DesignSaveResult = z.infer<typeof designSaveResultSchema>;

/** One row of `design/list`. Sizes in pixels; `thumbnailUrl` null until the first thumbnail; ISO time. */
export const designListItemSchema = z.strictObject({
  id: z.int().min(1),
  name: z.string(),
  width: z.int().min(1),
  height: z.int().min(1),
  thumbnailUrl: z.string().nullable(),
  updatedAt: z.iso.datetime(),
});
export type DesignListItem = z.infer<typeof designListItemSchema>;

/** `design/detail`: the list row plus the document (JSON text as saved). */
export const designDetailSchema = designListItemSchema.extend({ document: z.string() });
export type DesignDetail = z.infer<typeof designDetailSchema>;

/** One row of `media/my_images`: an image the author uploaded (API.md §8). Pixels, bytes, ISO time. */
export const myImageItemSchema = z.strictObject({
  url: z.string(),
  key: z.string(),
  width: z.int().min(0),
  height: z.int().min(0),
  size: z.int().min(0),
  createdAt: z.iso.datetime(),
});
export type MyImageItem = z.infer<typeof myImageItemSchema>;

/**
 * The `scene` form field of `POST /fileservice/image` for design thumbnails: such uploads are not
 * recorded in the author's pictures (`media/my_images`), which list the images the author chose.
 */
export const DESIGN_THUMBNAIL_SCENE = 'design-thumbnail';
