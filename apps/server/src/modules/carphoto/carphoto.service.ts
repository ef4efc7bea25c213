import {
  mediaImageKey,
  renderMessage,
  type CarPhotoItem,
  type CarPhotoSearchParam,
  type CarPhotoUse,
  type ListData,
  type MessageLanguage,
  type OpsCarPhoto,
  type OpsCarPhotoListParam,
  type RetireCarPhotoParam,
  type SaveCarPhotoParam,
} from '@cc/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { ObjectStorage } from '../../storage/storage.js';
import { carSeriesNames, catalogueSeriesNames, unknownCarSeriesIds } from '../car/car.service.js';
import {
  imageUrl,
  isOwnImage,
  ownImageSizes,
  recordUploadedImage,
  saveUploadedImage,
} from '../media/media.service.js';
import { normaliseForModeration } from '../moderation/moderation.service.js';
import * as repo from './carphoto.repo.js';

/*
 * The car photo library (issue #15 "Car photo library"; spec §7 "photo and car brand/series lookups"; docs/api.md
 * "The car photo library"; docs/decisions "car photo library"): operators curate official pictures per catalogue
 * series; authors search the active ones and take copies into their works.
 */

const fold = normaliseForModeration;

/** Every catalogue series with the folded texts a keyword is looked for in (brand, series, brand + series; both languages). */
const SERIES_TEXTS: readonly { id: number; texts: string[] }[] = catalogueSeriesNames().map((s) => {
  const brands = [...new Set([fold(s.brand), fold(s.brandEn)])];
  const names = [...new Set([fold(s.series), fold(s.seriesEn ?? s.series)])];
  return { id: s.id, texts: [...brands, ...names, ...brands.flatMap((b) => names.map((n) => b + n))] };
});

/**
 * The catalogue series a keyword names (issue #15 "searchable by brand and series"): folded like the catalogue's
 * search (case, full-width, traditional characters, spaces and punctuation), found anywhere in the brand, the
 * series or both together, in Chinese or English (`宝马` → every BMW series, `bmw 3` → 3 Series, `汉` → Han).
 * @returns series ids; null when the keyword is absent or folds to nothing (no filter)
 */
export function seriesIdsForKeyword(keyword: string | undefined): number[] | null {
  const key = fold(keyword ?? '');
  if (!key) return null;
  return SERIES_TEXTS.filter((s) => s.texts.some((t) => t.includes(key))).map((s) => s.id);
}

/** The series filter of a listing: the keyword's series, narrowed to `seriesId` when given. */
function seriesFilter(param: {
  keyword?: string | undefined;
  seriesId?: number | undefined;
}): number[] | null {
  const byKeyword = seriesIdsForKeyword(param.keyword);
  if (param.seriesId === undefined) return byKeyword;
  return byKeyword === null || byKeyword.includes(param.seriesId) ? [param.seriesId] : [];
}

/** The credit line shown with a picture, in `lang`: `图片来源：宝马官方` / `Photo: BMW official`. */
export function attributionOf(row: Pick<repo.CarPhotoRow, 'credit'>, lang: MessageLanguage): string {
  return renderMessage({ code: 'CARPHOTO_ATTRIBUTION', params: { credit: row.credit[lang] } }, lang);
}

function toItem(
  row: repo.CarPhotoRow,
  names: Map<number, { brand: string; series: string }>,
  lang: MessageLanguage,
  url = imageUrl(row.key),
): CarPhotoItem {
  const name = names.get(row.seriesId);
  return {
    id: row.id,
    url,
    width: row.width,
    height: row.height,
    seriesId: row.seriesId,
    brandName: name?.brand ?? '',
    seriesName: name?.series ?? '',
    tag: row.tag,
    caption: row.caption[lang],
    attribution: attributionOf(row, lang),
  };
}

/**
 * `GET /api/carphoto/search` (authors): active pictures, newest first, filtered by keyword (brand/series in
 * either language, `seriesIdsForKeyword`), series and tag; texts in `lang`.
 * @returns ListData of `CarPhotoItem` (pixels; `url` the library's image, for previews)
 */
export async function searchPhotos(
  db: Db,
  param: CarPhotoSearchParam,
  lang: MessageLanguage,
): Promise<ListData<CarPhotoItem>> {
  const { rows, total } = await repo.listPhotos(
    db,
    { seriesIds: seriesFilter(param), tag: param.tag, retired: false },
    { limit: param.pageSize, offset: (param.page - 1) * param.pageSize },
  );
  const names = carSeriesNames(
    rows.map((r) => r.seriesId),
    lang,
  );
  return { list: rows.map((r) => toItem(r, names, lang)), total, page: param.page, pageSize: param.pageSize };
}

/**
 * `POST /api/carphoto/use` (authors): takes active pictures into the author's works, in one transaction. Each
 * picture is copied once per author into the author's own uploads (`saveUploadedImage` + `recordUploadedImage`,
 * so the works' rule "images must be the author's" applies unchanged and a retired or edited library entry never
 * changes a published work); taking it again reuses that copy while it exists. Every take counts (`uses`).
 * @param ids 1–20 picture ids in the order picked (a repeated id is taken once)
 * @returns the pictures in that order, `url` the author's copy (`/media/img/0x0/images/u<userId>/…`)
 * @throws NOT_FOUND (10006) CARPHOTO_NOT_FOUND for a missing or retired id (nothing is taken);
 *   NOT_FOUND CARPHOTO_IMAGE_GONE when the library's file is missing from storage
 */
export async function usePhotos(
  db: Db,
  storage: ObjectStorage,
  userId: number,
  ids: readonly number[],
  lang: MessageLanguage,
  now: Date,
): Promise<CarPhotoUse> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const rows = new Map((await repo.findPhotos(tx, unique)).map((r) => [r.id, r]));
    for (const id of unique) {
      const row = rows.get(id);
      if (!row || row.retiredAt)
        throw new AppError('NOT_FOUND', { code: 'CARPHOTO_NOT_FOUND', params: { id } });
    }
    const names = carSeriesNames(
      [...rows.values()].map((r) => r.seriesId),
      lang,
    );
    const list: CarPhotoItem[] = [];
    for (const id of unique) {
      const row = rows.get(id)!;
      const use = await repo.findUse(tx, id, userId);
      let key = use?.key;
      if (!key || !(await isOwnImage(tx, userId, key))) {
        const bytes = await storage.get(row.key);
        if (!bytes) throw new AppError('NOT_FOUND', { code: 'CARPHOTO_IMAGE_GONE', params: { id } });
        const copy = await saveUploadedImage(storage, userId, bytes);
        await recordUploadedImage(tx, userId, copy);
        key = copy.key;
      }
      await repo.recordUse(tx, id, userId, key, now);
      list.push(toItem(row, names, lang, imageUrl(key)));
    }
    return { list };
  });
}

function toOps(
  row: repo.CarPhotoRow,
  names: Map<number, { brand: string; series: string }>,
  usage: Map<number, { uses: number; users: number }>,
): OpsCarPhoto {
  const name = names.get(row.seriesId);
  const used = usage.get(row.id);
  return {
    id: row.id,
    url: imageUrl(row.key),
    key: row.key,
    width: row.width,
    height: row.height,
    seriesId: row.seriesId,
    brandName: name?.brand ?? '',
    seriesName: name?.series ?? '',
    tag: row.tag,
    caption: row.caption,
    credit: row.credit,
    source: row.source,
    retired: row.retiredAt !== null,
    uses: used?.uses ?? 0,
    users: used?.users ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function opsView(db: Db, row: repo.CarPhotoRow, lang: MessageLanguage): Promise<OpsCarPhoto> {
  return toOps(row, carSeriesNames([row.seriesId], lang), await repo.usageOf(db, [row.id]));
}

/**
 * `GET /api/ops/carphoto/list` (operators): every picture, newest first, filtered like `searchPhotos` and by
 * `retired`; with both languages of the texts, the source and the usage (`uses`, `users`).
 */
export async function listOpsPhotos(
  db: Db,
  param: OpsCarPhotoListParam,
  lang: MessageLanguage,
): Promise<ListData<OpsCarPhoto>> {
  const { rows, total } = await repo.listPhotos(
    db,
    { seriesIds: seriesFilter(param), tag: param.tag, retired: param.retired },
    { limit: param.pageSize, offset: (param.page - 1) * param.pageSize },
  );
  const names = carSeriesNames(
    rows.map((r) => r.seriesId),
    lang,
  );
  const usage = await repo.usageOf(
    db,
    rows.map((r) => r.id),
  );
  return { list: rows.map((r) => toOps(r, names, usage)), total, page: param.page, pageSize: param.pageSize };
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/**
 * `POST /api/ops/carphoto/save` (operators): records a picture (no `id`) or edits one, in one transaction. A new
 * or changed `url` must be one of our `/media/img/` images that this operator uploaded (`POST /fileservice/image`;
 * its pixel size is read from the upload record), and no other entry may hold the same image (key).
 * @throws VALIDATION_FAILED (10007) CARPHOTO_SERIES_UNKNOWN on `seriesId`, CARPHOTO_URL_NOT_UPLOADED or
 *   CARPHOTO_DUPLICATE on `url`; NOT_FOUND (10006) CARPHOTO_NOT_FOUND for an unknown `id`
 */
export async function savePhoto(
  db: Db,
  operatorId: number,
  param: SaveCarPhotoParam,
  lang: MessageLanguage,
  now: Date,
): Promise<OpsCarPhoto> {
  if (unknownCarSeriesIds([param.seriesId]).length > 0)
    throw AppError.validation([
      { path: 'seriesId', code: 'CARPHOTO_SERIES_UNKNOWN', params: { id: param.seriesId } },
    ]);
  const key = mediaImageKey(param.url);
  if (key === null) throw AppError.validation([{ path: 'url', code: 'CARPHOTO_URL_NOT_OURS' }]);
  const duplicate = (id: number) =>
    AppError.validation([{ path: 'url', code: 'CARPHOTO_DUPLICATE', params: { id } }]);
  try {
    const row = await db.transaction(async (tx) => {
      const current =
        param.id === undefined ? undefined : await repo.findPhoto(tx, param.id, { forUpdate: true });
      if (param.id !== undefined && !current)
        throw new AppError('NOT_FOUND', { code: 'CARPHOTO_NOT_FOUND', params: { id: param.id } });
      let size = current && current.key === key ? { width: current.width, height: current.height } : null;
      if (!size) {
        size = (await ownImageSizes(tx, operatorId, [param.url]))[0] ?? null;
        if (!size) throw AppError.validation([{ path: 'url', code: 'CARPHOTO_URL_NOT_UPLOADED' }]);
        const other = await repo.findPhotoByKey(tx, key);
        if (other && other.id !== current?.id) throw duplicate(other.id);
      }
      const values = {
        key,
        width: size.width,
        height: size.height,
        seriesId: param.seriesId,
        tag: param.tag,
        caption: param.caption,
        credit: param.credit,
        source: param.source,
        updatedAt: now,
      };
      return current
        ? (await repo.updatePhoto(tx, current.id, values))!
        : repo.insertPhoto(tx, { ...values, createdBy: operatorId, createdAt: now });
    });
    return await opsView(db, row, lang);
  } catch (error) {
    if (isUniqueViolation(error)) {
      const other = await repo.findPhotoByKey(db, key);
      throw duplicate(other?.id ?? 0);
    }
    throw error;
  }
}

/**
 * `POST /api/ops/carphoto/retire` (operators): retires a picture (hidden from authors' search and `use`; works that
 * took it keep their copy) or brings it back. Idempotent.
 * @throws NOT_FOUND (10006) CARPHOTO_NOT_FOUND for an unknown id
 */
export async function retirePhoto(
  db: Db,
  param: RetireCarPhotoParam,
  lang: MessageLanguage,
  now: Date,
): Promise<OpsCarPhoto> {
  const row = await db.transaction(async (tx) => {
    const current = await repo.findPhoto(tx, param.id, { forUpdate: true });
    if (!current) throw new AppError('NOT_FOUND', { code: 'CARPHOTO_NOT_FOUND', params: { id: param.id } });
    if (param.retired === (current.retiredAt !== null)) return current;
    return (await repo.updatePhoto(tx, current.id, {
      retiredAt: param.retired ? now : null,
      updatedAt: now,
    }))!;
  });
  return opsView(db, row, lang);
}
