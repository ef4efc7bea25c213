import { createHash, randomUUID } from 'node:crypto';
import type { Metadata } from 'sharp';
import { loadSharp } from '../../lib/sharp.js';
import QRCode from 'qrcode';
import {
  type IMAGE_MIME_TYPES,
  MAX_IMAGE_BYTES,
  type ImageUploadResult,
  type ListData,
  type MyImageItem,
  type MyImagesParam,
} from '@cc/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { assertValidKey } from '../../storage/keys.js';
import type { ObjectStorage } from '../../storage/storage.js';
import * as repo from './media.repo.js';

/** Largest size a client may ask `/media/img/{w}x{h}/` for, pixels; bounds the resize cache. */
export const MAX_RESIZE_PX = 4096;

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
 * and the image must be JPEG, PNG, GIF or WebP; at most 20 MiB.
 * @param bytes the file as uploaded
 * @param owner the uploader's user id, part of the key so an author's images sit together
 * @returns `{ url, key, width, height, size }` — width/height in pixels read from the file, size in bytes
 * @throws AppError TOO_LARGE over 20 MiB; VALIDATION_FAILED when the bytes are not one of the four formats
 */
export async function saveUploadedImage(
  storage: ObjectStorage,
  owner: number,
  bytes: Buffer,
): Promise<ImageUploadResult> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('TOO_LARGE', 'image must be at most 20 MB');
  if (bytes.length === 0) throw AppError.validation([{ path: 'file', message: 'file is empty' }]);
  let meta: Metadata;
  try {
    meta = await (await loadSharp())(bytes, { animated: true }).metadata();
  } catch {
    throw AppError.validation([{ path: 'file', message: 'file is not an image (JPEG, PNG, GIF or WebP)' }]);
  }
  const format = meta.format ?? '';
  const mime = FORMAT_TO_MIME[format];
  if (!mime || !meta.width || !meta.height) {
    throw AppError.validation([{ path: 'file', message: 'file is not an image (JPEG, PNG, GIF or WebP)' }]);
  }
  const now = new Date();
  const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const key = `images/u${owner}/${month}/${randomUUID().replaceAll('-', '')}.${FORMAT_TO_EXT[format]}`;
  await storage.put(key, bytes, mime);
  // For animated images sharp reports the height of all frames stacked; pageHeight is one frame.
  const height = meta.pageHeight ?? meta.height;
  return { url: imageUrl(key), key, width: meta.width, height, size: bytes.length };
}

/** A resized rendition ready to send. */
export interface Rendition {
  bytes: Buffer;
  contentType: string;
}

/**
 * The image under `key` at `width`×`height` pixels (API.md §4): `0` keeps the aspect, both set crops to
 * cover the box, never upscaled (a request larger than the original returns the original's size).
 * Renditions are cached in storage under `cache/{w}x{h}/<key>`, so each size is computed once.
 * @returns null when there is no such image
 * @throws AppError NOT_FOUND for an invalid key or a size over 4096 px
 */
export async function getImageRendition(
  storage: ObjectStorage,
  key: string,
  width: number,
  height: number,
): Promise<Rendition | null> {
  assertValidKey(key);
  if (width > MAX_RESIZE_PX || height > MAX_RESIZE_PX) throw new AppError('NOT_FOUND', 'no such image size');
  const info = await storage.stat(key);
  if (!info) return null;
  const contentType = info.contentType ?? 'application/octet-stream';
  if (width === 0 && height === 0) {
    const bytes = await storage.get(key);
    return bytes ? { bytes, contentType } : null;
  }
  const cacheKey = `cache/${width}x${height}/${key}`;
  const cached = await storage.get(cacheKey);
  if (cached) return { bytes: cached, contentType };
  const original = await storage.get(key);
  if (!original) return null;
  const resized = await (
    await loadSharp()
  )(original, {
    animated: contentType === 'image/gif' || contentType === 'image/webp',
  })
    .rotate() // honour EXIF orientation before measuring
    .resize({
      width: width || undefined,
      height: height || undefined,
      fit: width && height ? 'cover' : 'inside',
      withoutEnlargement: true,
    })
    .toBuffer();
  await storage.put(cacheKey, resized, contentType);
  return { bytes: resized, contentType };
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
    const png = await QRCode.toBuffer(supportUrl, {
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
