import { createHash, randomUUID } from 'node:crypto';
import type { Metadata } from 'sharp';
import { LRUCache } from 'lru-cache';
import type QRCode from 'qrcode';
import {
  canonicalImageSize,
  IMAGE_MIME_TYPES,
  MAX_IMAGE_BYTES,
  MB,
  MAX_IMAGE_PIXELS,
  mediaImageKey,
  type ImageUploadResult,
  type ListData,
  type MyImageItem,
  type MyImagesParam,
} from '@cc/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { loadSharp, runImageJob } from '../../lib/sharp.js';
import { assertValidKey } from '../../storage/keys.js';
import type { ObjectStorage } from '../../storage/storage.js';
import * as repo from './media.repo.js';

const FORMAT_TO_MIME: Record<string, (typeof IMAGE_MIME_TYPES)[number]> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};
const FORMAT_TO_EXT: Record<string, string> = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp' };

/** A sized image URL for a key (API.md §4); `0` keeps the aspect. */
export function imageUrl(key: string, width = 0, height = 0): string {
  return `/media/img/${width}x${height}/${key}`;
}

/** The size template of a key, e.g. the avatar's `/media/img/{0}x{0}/<key>` (API.md §4, §6). */
export function imageTemplate(key: string): string {
  return `/media/img/{0}x{0}/${key}`;
}

/**
 * Stores an uploaded image (API.md §8). The bytes are checked, not the file name: sharp reads the header
 * and the image must be JPEG, PNG, GIF or WebP; at most 20 MiB and at most MAX_IMAGE_PIXELS (50 MP, all
 * frames) — read from the header, nothing is decoded (issue #8 item 6, decompression bombs).
 * @param bytes the file as uploaded
 * @param owner the uploader's user id, part of the key so an author's images sit together
 * @param opts.private a private image (issue #11): key `cert/u<owner>/…`, URL `/media/private/<key>`
 * @returns `{ url, key, width, height, size }` — width/height in pixels read from the file, size in bytes
 * @throws AppError TOO_LARGE over 20 MiB, or over 50 MP (ercd IMAGE_TOO_MANY_PIXELS); VALIDATION_FAILED
 *   when the bytes are not one of the four formats
 */
export async function saveUploadedImage(
  storage: ObjectStorage,
  owner: number,
  bytes: Buffer,
  opts: { private?: boolean } = {},
): Promise<ImageUploadResult> {
  if (bytes.length > MAX_IMAGE_BYTES)
    throw new AppError('TOO_LARGE', { code: 'IMAGE_TOO_LARGE', params: { mb: MAX_IMAGE_BYTES / MB } });
  if (bytes.length === 0) throw AppError.validation([{ path: 'file', code: 'FILE_EMPTY' }]);
  let meta: Metadata;
  try {
    meta = await (await loadSharp())(bytes, { animated: true }).metadata();
  } catch {
    throw AppError.validation([{ path: 'file', code: 'FILE_NOT_IMAGE' }]);
  }
  const format = meta.format ?? '';
  const mime = FORMAT_TO_MIME[format];
  if (!mime || !meta.width || !meta.height) {
    throw AppError.validation([{ path: 'file', code: 'FILE_NOT_IMAGE' }]);
  }
  // Width × height of the whole canvas (all frames of an animation): what a decode would allocate.
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw tooManyPixels();
  const now = new Date();
  const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const name = `${randomUUID().replaceAll('-', '')}.${FORMAT_TO_EXT[format]}`;
  // private images (ID photos, licences; issue #11) live under `cert/`, which `/media/img/` never serves
  const key = opts.private ? `${PRIVATE_KEY_PREFIX}u${owner}/${name}` : `images/u${owner}/${month}/${name}`;
  await storage.put(key, bytes, mime);
  // For animated images sharp reports the height of all frames stacked; pageHeight is one frame.
  const height = meta.pageHeight ?? meta.height;
  const url = opts.private ? `/media/private/${key}` : imageUrl(key);
  return { url, key, width: meta.width, height, size: bytes.length };
}

/**
 * The storage prefix of private images (issue #11: ID photos, licences, authorization letters): served only by
 * `/media/private/` to their owner and operators; `/media/img/` answers 404 for them.
 */
export const PRIVATE_KEY_PREFIX = 'cert/';

/**
 * A private image for `viewer` (issue #11): the owner (the `u<id>` of its key) and operators may read it; for
 * anyone else, a bad key or a missing object the answer is null (a 404 that does not tell which).
 * @param key the storage key, `cert/u<owner>/<name>`
 * @param viewer the signed-in user's id, undefined without a session
 * @param isOperator whether a user is an operator (asked only when the viewer is not the owner)
 */
export async function getPrivateImage(
  storage: ObjectStorage,
  key: string,
  viewer: number | undefined,
  isOperator: (userId: number) => Promise<boolean>,
): Promise<Rendition | null> {
  const match = /^cert\/u(\d+)\/[a-z0-9]+\.(?:jpg|png|webp|gif)$/.exec(key);
  if (!match || viewer === undefined) return null;
  if (Number(match[1]) !== viewer && !(await isOperator(viewer))) return null;
  const info = await storage.stat(key);
  if (!info?.contentType || !IMAGE_TYPES.includes(info.contentType)) return null;
  const bytes = await storage.get(key);
  return bytes ? { bytes, contentType: info.contentType } : null;
}

/**
 * Whether `url` is a private image `owner` uploaded and still stored (`/media/private/cert/u<owner>/…`):
 * certification materials must be the applicant's own uploads (issue #11).
 */
export async function isOwnPrivateImage(
  storage: ObjectStorage,
  owner: number,
  url: string,
): Promise<boolean> {
  const prefix = `/media/private/${PRIVATE_KEY_PREFIX}u${owner}/`;
  if (!url.startsWith(prefix)) return false;
  return (await storage.stat(url.slice('/media/private/'.length))) !== null;
}

/** The storage key of a private image URL (`/media/private/<key>` → `<key>`). */
export function privateImageKey(url: string): string {
  return url.slice('/media/private/'.length);
}

/** A resized rendition ready to send. */
export interface Rendition {
  bytes: Buffer;
  contentType: string;
}

/** A rendition's last use is written to the database at most once a minute per server (the LRU order). */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * The resized-image cache (issue #8 item 6, docs/decisions/0003-image-sizes.md): files in storage under
 * `rendition/{w}x{h}/<key>`, indexed by the `media_renditions` table (bytes, last use), evicted least
 * recently used first when the total passes `maxBytes`. Built once per app by `createRenditionCache`.
 */
export interface RenditionCache {
  storage: ObjectStorage;
  db: Db;
  /** bound of the cached files' total size, bytes */
  maxBytes: number;
  /** keys whose last use this server wrote less than TOUCH_INTERVAL_MS ago */
  touched: LRUCache<string, true>;
}

/** A rendition cache over `storage`, indexed in `db`, bounded to `maxBytes` bytes (IMAGE_CACHE_MAX_BYTES). */
export function createRenditionCache(storage: ObjectStorage, db: Db, maxBytes: number): RenditionCache {
  return { storage, db, maxBytes, touched: new LRUCache({ max: 10_000, ttl: TOUCH_INTERVAL_MS }) };
}

/** The storage key of a rendition: `rendition/{w}x{h}/<key>` (the older `cache/` prefix is no longer read). */
export function renditionKey(key: string, width: number, height: number): string {
  return `rendition/${width}x${height}/${key}`;
}

const IMAGE_TYPES: readonly string[] = IMAGE_MIME_TYPES;

/**
 * The image under `key` at the member of IMAGE_SIZES that serves `width`×`height` (API.md §4, issue #8
 * item 6: any other size is served at `canonicalImageSize(width, height)`, never rendered as asked). `0`
 * keeps the aspect, both set crops to cover the box, never upscaled. Only images are served: an object
 * that is not JPEG, PNG, GIF or WebP (a video, a cover being written) or over 20 MiB is "no such image".
 * Renditions are cached (RenditionCache) and rendered through `runImageJob`, at most
 * MAX_CONCURRENT_IMAGE_JOBS at once, refusing inputs over MAX_IMAGE_PIXELS before decoding.
 * @returns null when there is no such image
 * @throws AppError NOT_FOUND for an invalid key or bytes that do not decode; TOO_LARGE (10010, ercd
 *   IMAGE_TOO_MANY_PIXELS) for an image over 50 MP; RATE_LIMITED (ercd IMAGE_BUSY) when the resize queue
 *   is full
 */
export async function getImageRendition(
  cache: RenditionCache,
  key: string,
  width: number,
  height: number,
): Promise<Rendition | null> {
  const { storage, db } = cache;
  assertValidKey(key);
  if (key.startsWith(PRIVATE_KEY_PREFIX)) return null; // never public (issue #11)
  const size = canonicalImageSize(width, height);
  const info = await storage.stat(key);
  if (!info || !info.contentType || !IMAGE_TYPES.includes(info.contentType)) return null;
  if (info.size > MAX_IMAGE_BYTES) return null;
  const contentType = info.contentType;
  if (size.width === 0 && size.height === 0) {
    const bytes = await storage.get(key);
    return bytes ? { bytes, contentType } : null;
  }
  const cacheKey = renditionKey(key, size.width, size.height);
  const cached = await storage.get(cacheKey);
  if (cached) {
    if (!cache.touched.has(cacheKey)) {
      cache.touched.set(cacheKey, true);
      // A file without its row (written before a crash, or its row evicted meanwhile) is indexed again,
      // so every rendition that is served counts against the bound.
      if (!(await repo.touchRendition(db, cacheKey))) await indexRendition(cache, cacheKey, cached.length);
    }
    return { bytes: cached, contentType };
  }
  const resized = await runImageJob(async () => {
    const original = await storage.get(key);
    if (!original) return null;
    return resizeImage(original, contentType, size.width, size.height);
  });
  if (!resized) return null;
  await storeRendition(cache, cacheKey, resized, contentType);
  return { bytes: resized, contentType };
}

/**
 * Decodes and resizes (sharp): EXIF orientation honoured, `fit: cover` for a box, `inside` for one side,
 * never enlarged; refuses more than MAX_IMAGE_PIXELS before decoding (sharp's `limitInputPixels`).
 * @throws AppError TOO_LARGE (ercd IMAGE_TOO_MANY_PIXELS) over the pixel limit; NOT_FOUND when the bytes
 *   do not decode as an image
 */
async function resizeImage(
  original: Buffer,
  contentType: string,
  width: number,
  height: number,
): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    return await sharp(original, {
      animated: contentType === 'image/gif' || contentType === 'image/webp',
      limitInputPixels: MAX_IMAGE_PIXELS,
    })
      .rotate() // honour EXIF orientation before measuring
      .resize({
        width: width || undefined,
        height: height || undefined,
        fit: width && height ? 'cover' : 'inside',
        withoutEnlargement: true,
      })
      .toBuffer();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw new AppError('NOT_FOUND', 'IMAGE_NOT_FOUND', { cause: error });
  }
}

/**
 * Writes a rendition and its index row, then evicts the least recently used renditions past the bound.
 * The row is written first so a file is never outside the count; a failed write removes the row again.
 */
async function storeRendition(
  cache: RenditionCache,
  cacheKey: string,
  bytes: Buffer,
  contentType: string,
): Promise<void> {
  const { storage, db } = cache;
  await repo.upsertRendition(db, cacheKey, bytes.length);
  try {
    await storage.put(cacheKey, bytes, contentType);
  } catch (error) {
    await repo.deleteRendition(db, cacheKey);
    throw error;
  }
  cache.touched.set(cacheKey, true);
  await evict(cache);
}

/** Records a rendition already in storage as used now, then evicts past the bound. */
async function indexRendition(cache: RenditionCache, cacheKey: string, bytes: number): Promise<void> {
  await repo.upsertRendition(cache.db, cacheKey, bytes);
  await evict(cache);
}

/** Deletes the least recently used renditions (rows, then files) until the rest fit in `maxBytes`. */
async function evict(cache: RenditionCache): Promise<void> {
  for (const evicted of await repo.evictRenditionsOver(cache.db, cache.maxBytes)) {
    cache.touched.delete(evicted);
    await cache.storage.delete(evicted);
  }
}

function tooManyPixels(): AppError {
  return new AppError('TOO_LARGE', 'IMAGE_TOO_MANY_PIXELS', { ercd: 'IMAGE_TOO_MANY_PIXELS' });
}

let qrcodeModule: Promise<typeof QRCode> | undefined;

/**
 * qrcode, imported on the first QR code drawn (issue #16: ≈ 10 MiB of resident memory at start otherwise; the
 * support QR code is drawn once per support address). Memoised, so concurrent first calls share one load.
 */
function loadQrCode(): Promise<typeof QRCode> {
  return (qrcodeModule ??= import('qrcode').then((m) => m.default));
}

/** Material groups served by `common_material` (API.md §6). */
export const CONTACT_SUPPORT_GROUP = 'contact_support';

/**
 * The items of a material group (API.md §6): `contact_support` is a QR code (PNG, 400×400 px) of the
 * support address, generated with the `qrcode` library and stored once per address (the key carries a
 * hash of the address, so a changed address gets a new key and cached copies never go stale).
 * Unknown groups are empty.
 * @returns `[{ name, url }]`
 */
export async function listCommonMaterial(
  storage: ObjectStorage,
  groupName: string,
  supportUrl: string,
): Promise<{ name: string; url: string }[]> {
  if (groupName !== CONTACT_SUPPORT_GROUP) return [];
  const key = `material/contact-support-${createHash('sha256').update(supportUrl).digest('hex').slice(0, 16)}.png`;
  if (!(await storage.stat(key))) {
    const qrcode = await loadQrCode();
    const png = await qrcode.toBuffer(supportUrl, {
      type: 'png',
      width: 400,
      margin: 2,
      errorCorrectionLevel: 'M',
    });
    await storage.put(key, png, 'image/png');
  }
  return [{ name: 'contact_support', url: imageUrl(key) }];
}

/**
 * Records an uploaded image (API.md §8) as the author's, for the poster editor's picture panel
 * (issue #4, `GET /api/media/my_images`). Keys are fresh random keys, so a key is recorded once.
 * @param image what `saveUploadedImage` returned (pixels, bytes)
 */
export async function recordUploadedImage(db: Db, userId: number, image: ImageUploadResult): Promise<void> {
  await repo.insertImage(db, {
    key: image.key,
    userId,
    width: image.width,
    height: image.height,
    size: image.size,
  });
}

/**
 * Whether `key` names an image `userId` uploaded through `POST /fileservice/image` (API.md §8): what an
 * author may set as their avatar (issue #9 account settings).
 * @param key a storage key such as `images/u1/202501/<id>.png`
 */
export async function isOwnImage(db: Db, userId: number, key: string): Promise<boolean> {
  return repo.hasImage(db, userId, key);
}

/**
 * Which of `urls` are not images `userId` uploaded (issue #10 "images referenced must exist and belong to the
 * author"): a URL that is not ours, or whose key the author never uploaded. One query for all of them.
 * @param urls `/media/img/{w}x{h}/{key}` URLs
 * @returns the indexes into `urls` that fail, ascending
 */
export async function unownedImageIndexes(
  db: Db,
  userId: number,
  urls: readonly string[],
): Promise<number[]> {
  const keys = urls.map((u) => mediaImageKey(u));
  const own = await repo.findOwnImageKeys(db, userId, [
    ...new Set(keys.filter((k): k is string => k !== null)),
  ]);
  return keys.flatMap((k, i) => (k !== null && own.has(k) ? [] : [i]));
}

/**
 * `GET /api/media/my_images`: the author's uploaded images, newest first.
 * @returns ListData of `{ url, key, width, height, size, createdAt }` (pixels, bytes, ISO 8601)
 */
export async function listMyImages(
  db: Db,
  userId: number,
  param: MyImagesParam,
): Promise<ListData<MyImageItem>> {
  const { rows, total } = await repo.listImages(db, userId, {
    limit: param.pageSize,
    offset: (param.page - 1) * param.pageSize,
  });
  return {
    list: rows.map((r) => ({
      url: imageUrl(r.key),
      key: r.key,
      width: r.width,
      height: r.height,
      size: r.size,
      createdAt: r.createdAt.toISOString(),
    })),
    total,
    page: param.page,
    pageSize: param.pageSize,
  };
}

/**
 * The pixel sizes of the uploaded originals behind `urls` (issue #10 review "image checks (type, size,
 * dimensions)"), as `POST /fileservice/image` read them from the file. The `{w}x{h}` of a URL is only the
 * rendition a client asks for, so it is not what is measured.
 * @param urls `/media/img/{w}x{h}/{key}` URLs
 * @returns `{ width, height }` in pixels for each URL, in order; null for a URL that is not ours or whose key
 *   `userId` never uploaded (one query for all of them)
 */
export async function ownImageSizes(
  db: Db,
  userId: number,
  urls: readonly string[],
): Promise<({ width: number; height: number } | null)[]> {
  const keys = urls.map((u) => mediaImageKey(u));
  const sizes = await repo.findOwnImageSizes(db, userId, [
    ...new Set(keys.filter((k): k is string => k !== null)),
  ]);
  return keys.map((k) => (k === null ? null : (sizes.get(k) ?? null)));
}
