import type {
  DesignDetail,
  DesignListItem,
  DesignListParam,
  DesignRenameParam,
  DesignSaveParam,
  DesignSaveResult,
  ListData,
} from '@cc/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import * as repo from './design.repo.js';

/**
 * Poster designs (issue #4 "In the product", docs/api.md "Designs"). Owner only: another author's id
 * answers NOT_FOUND (10006), never FORBIDDEN, so ids leak nothing (same rule as content, API.md §3).
 * Documents are stored as the JSON text the editor sent (validated by `designSaveParamSchema`).
 */

/** Longest copy name; a copy of a 40-character name is cut to fit the suffix. */
const COPY_SUFFIX = ' copy';

const notFound = () => new AppError('NOT_FOUND', 'no such design');

function toListItem(row: Omit<repo.DesignRow, 'document'>): DesignListItem {
  return {
    id: row.id,
    name: row.name,
    width: row.width,
    height: row.height,
    thumbnailUrl: row.thumbnailUrl,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * `POST /api/design/save`: creates a design (no id) or updates the author's own one.
 * A save without `thumbnailUrl` keeps the stored thumbnail.
 * @returns `{ id, updatedAt }` (ISO 8601)
 * @throws AppError NOT_FOUND (10006) when `id` is not one of the author's designs
 */
export async function saveDesign(db: Db, userId: number, param: DesignSaveParam): Promise<DesignSaveResult> {
  const fields = {
    name: param.name,
    width: param.width,
    height: param.height,
    document: param.document,
    ...(param.thumbnailUrl !== undefined ? { thumbnailUrl: param.thumbnailUrl } : {}),
    updatedAt: new Date(),
  };
  const row = param.id
    ? await repo.updateOwnDesign(db, userId, param.id, fields)
    : await repo.insertDesign(db, { userId, ...fields });
  if (!row) throw notFound();
  return { id: row.id, updatedAt: row.updatedAt.toISOString() };
}

/**
 * `GET /api/design/list`: the author's designs without documents, most recently changed first.
 * @returns ListData of `{ id, name, width, height, thumbnailUrl, updatedAt }`
 */
export async function listDesigns(
  db: Db,
  userId: number,
  param: DesignListParam,
): Promise<ListData<DesignListItem>> {
  const { rows, total } = await repo.listDesigns(db, userId, {
    limit: param.pageSize,
    offset: (param.page - 1) * param.pageSize,
  });
  return { list: rows.map(toListItem), total, page: param.page, pageSize: param.pageSize };
}

/**
 * `GET /api/design/detail`: one of the author's designs with its document.
 * @throws AppError NOT_FOUND (10006) when absent or another author's
 */
export async function getDesign(db: Db, userId: number, id: number): Promise<DesignDetail> {
  const row = await repo.findOwnDesign(db, userId, id);
  if (!row) throw notFound();
  return { ...toListItem(row), document: row.document };
}

/** The name of a copy: `<name> copy`, the original cut so the result stays within 40 characters. */
export function copyName(name: string): string {
  const room = 40 - COPY_SUFFIX.length;
  const chars = [...name];
  return (chars.length > room ? chars.slice(0, room).join('') : name) + COPY_SUFFIX;
}

/**
 * `POST /api/design/duplicate`: a new design with the same document, size and thumbnail, named
 * `<name> copy`.
 * @returns `{ id, updatedAt }` of the copy
 * @throws AppError NOT_FOUND (10006) when absent or another author's
 */
export async function duplicateDesign(db: Db, userId: number, id: number): Promise<DesignSaveResult> {
  const row = await repo.findOwnDesign(db, userId, id);
  if (!row) throw notFound();
  const copy = await repo.insertDesign(db, {
    userId,
    name: copyName(row.name),
    width: row.width,
    height: row.height,
    document: row.document,
    thumbnailUrl: row.thumbnailUrl,
  });
  return { id: copy.id, updatedAt: copy.updatedAt.toISOString() };
}

/**
 * `POST /api/design/rename`.
 * @throws AppError NOT_FOUND (10006) when absent or another author's
 */
export async function renameDesign(
  db: Db,
  userId: number,
  param: DesignRenameParam,
): Promise<DesignSaveResult> {
  const row = await repo.updateOwnDesign(db, userId, param.id, { name: param.name, updatedAt: new Date() });
  if (!row) throw notFound();
  return { id: row.id, updatedAt: row.updatedAt.toISOString() };
}

/**
 * `POST /api/design/delete`: removes the design for good (thumbnails stay in storage; keys are never reused).
 * @throws AppError NOT_FOUND (10006) when absent or another author's
 */
export async function deleteDesign(db: Db, userId: number, id: number): Promise<void> {
  if (!(await repo.deleteOwnDesign(db, userId, id))) throw notFound();
}
