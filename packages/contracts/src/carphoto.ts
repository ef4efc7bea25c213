import { z } from 'zod';
import { MEDIA_IMAGE_URL_PATTERN } from './constants.js';
import { idInputSchema, pageParamSchema, textInputSchema } from './schemas.js';
import { countSchema, idSchema, isoTimeSchema, listDataSchema } from './types.js';

/**
 * The car photo library (issue #15 "Car photo library"; spec §7 "photo and car brand/series lookups"): param and
 * data schemas of this area's calls (docs/api.md "The car photo library"). Spread into `apiDataSchemas`
 * (responses.ts) through `carphotoDataSchemas`.
 *
 * Operators curate official pictures per car series of the shipped catalogue (upload through `POST
 * /fileservice/image`, then `ops/carphoto/save`); authors search the active ones and take them into their works
 * with `carphoto/use`, which gives each author their own copy of the image (so every work's "images must be the
 * author's" rule holds unchanged) and counts the use.
 */

/** What a picture shows (issue #15 "tag exterior/interior/detail"). */
export const CAR_PHOTO_TAGS = ['exterior', 'interior', 'detail'] as const;
export type CarPhotoTag = (typeof CAR_PHOTO_TAGS)[number];

/** Bounds of an entry: characters (UTF-16 code units). */
export const CAR_PHOTO_LIMITS = {
  captionMax: 100,
  creditMax: 40,
  sourceMax: 300,
  keywordMax: 40,
  /** most pictures one `carphoto/use` takes */
  useMax: 20,
} as const;

const requiredText = (max: number) =>
  textInputSchema(max, { trim: true }).pipe(z.string().min(1, 'FIELD_REQUIRED'));

const tagInputSchema = z.enum(CAR_PHOTO_TAGS, 'CARPHOTO_TAG_UNKNOWN');

/** A picture of the library as authors see it: texts in the request's language. */
export const carPhotoItemSchema = z.strictObject({
  id: idSchema,
  /** the library's `/media/img/0x0/<key>` URL (for previews; `carphoto/use` gives the author's own copy) */
  url: z.string(),
  /** pixels of the original */
  width: z.int().min(1),
  height: z.int().min(1),
  seriesId: idSchema,
  brandName: z.string(),
  seriesName: z.string(),
  tag: z.enum(CAR_PHOTO_TAGS),
  caption: z.string(),
  /** the credit line in the request's language, e.g. `图片来源：宝马官方` / `Photo: BMW official` */
  attribution: z.string(),
});
export type CarPhotoItem = z.infer<typeof carPhotoItemSchema>;

/**
 * `GET /api/carphoto/search` (signed-in authors): active pictures, newest first. `keyword` matches the brand or
 * series in Chinese or English like the catalogue's search (`宝马`, `bmw 3`, `汉`); `seriesId` one series; `tag`
 * one kind.
 */
export const carPhotoSearchParamSchema = pageParamSchema.extend({
  keyword: textInputSchema(CAR_PHOTO_LIMITS.keywordMax, { trim: true }).optional(),
  seriesId: idInputSchema.optional(),
  tag: tagInputSchema.optional(),
});
export type CarPhotoSearchParam = z.infer<typeof carPhotoSearchParamSchema>;
export type CarPhotoSearchInput = z.input<typeof carPhotoSearchParamSchema>;
export const carPhotoSearchSchema = listDataSchema(carPhotoItemSchema);

/** `POST /api/carphoto/use { ids }`: 1–20 active pictures, in the order the author picked them. */
export const carPhotoUseParamSchema = z.object({
  ids: z.array(idInputSchema, 'FIELD_EXPECTED_ARRAY').min(1).max(CAR_PHOTO_LIMITS.useMax),
});
export type CarPhotoUseParam = z.infer<typeof carPhotoUseParamSchema>;

/** The pictures taken, in the order asked, each with `url` the author's own copy (`/media/img/0x0/images/u<id>/…`). */
export const carPhotoUseSchema = z.strictObject({ list: z.array(carPhotoItemSchema) });
export type CarPhotoUse = z.infer<typeof carPhotoUseSchema>;

/** Both languages of a text. */
const bilingualSchema = z.strictObject({ 'zh-CN': z.string(), 'en-US': z.string() });

/** A picture as operators see and edit it. */
export const opsCarPhotoSchema = z.strictObject({
  id: idSchema,
  url: z.string(),
  key: z.string(),
  width: z.int().min(1),
  height: z.int().min(1),
  seriesId: idSchema,
  /** brand and series in the request's language */
  brandName: z.string(),
  seriesName: z.string(),
  tag: z.enum(CAR_PHOTO_TAGS),
  caption: bilingualSchema,
  credit: bilingualSchema,
  /** where the picture comes from, e.g. the brand's press site */
  source: z.string(),
  /** retired pictures are hidden from authors; works that used one keep their copy */
  retired: z.boolean(),
  /** times authors took it (`carphoto/use`) and how many authors */
  uses: countSchema,
  users: countSchema,
  createdAt: isoTimeSchema,
  updatedAt: isoTimeSchema,
});
export type OpsCarPhoto = z.infer<typeof opsCarPhotoSchema>;

/** `GET /api/ops/carphoto/list` (operators): every picture (retired too unless `retired` filters), newest first. */
export const opsCarPhotoListParamSchema = carPhotoSearchParamSchema.extend({
  retired: z.boolean('FIELD_EXPECTED_BOOLEAN').optional(),
});
export type OpsCarPhotoListParam = z.infer<typeof opsCarPhotoListParamSchema>;
export type OpsCarPhotoListInput = z.input<typeof opsCarPhotoListParamSchema>;
export const opsCarPhotoListSchema = listDataSchema(opsCarPhotoSchema);

/**
 * `POST /api/ops/carphoto/save` (operators): records a picture (no `id`) or edits one. `url` is one of our
 * `/media/img/` images the operator uploaded (`POST /fileservice/image`); the same image twice is refused.
 */
export const saveCarPhotoParamSchema = z.object({
  id: idInputSchema.optional(),
  url: z
    .string('FIELD_EXPECTED_STRING')
    .max(512, 'CARPHOTO_URL_NOT_OURS')
    .regex(MEDIA_IMAGE_URL_PATTERN, 'CARPHOTO_URL_NOT_OURS'),
  seriesId: idInputSchema,
  tag: tagInputSchema,
  caption: z.strictObject({
    'zh-CN': requiredText(CAR_PHOTO_LIMITS.captionMax),
    'en-US': requiredText(CAR_PHOTO_LIMITS.captionMax),
  }),
  credit: z.strictObject({
    'zh-CN': requiredText(CAR_PHOTO_LIMITS.creditMax),
    'en-US': requiredText(CAR_PHOTO_LIMITS.creditMax),
  }),
  source: requiredText(CAR_PHOTO_LIMITS.sourceMax),
});
export type SaveCarPhotoParam = z.infer<typeof saveCarPhotoParamSchema>;
export type SaveCarPhotoInput = z.input<typeof saveCarPhotoParamSchema>;

/** `POST /api/ops/carphoto/retire { id, retired }` (operators): retires a picture (`true`) or brings it back. */
export const retireCarPhotoParamSchema = z.object({
  id: idInputSchema,
  retired: z.boolean('FIELD_EXPECTED_BOOLEAN'),
});
export type RetireCarPhotoParam = z.infer<typeof retireCarPhotoParamSchema>;

export const carphotoDataSchemas = {
  '/api/carphoto/search': carPhotoSearchSchema,
  '/api/carphoto/use': carPhotoUseSchema,
  '/api/ops/carphoto/list': opsCarPhotoListSchema,
  '/api/ops/carphoto/save': opsCarPhotoSchema,
  '/api/ops/carphoto/retire': opsCarPhotoSchema,
} as const satisfies Record<string, z.ZodType>;
