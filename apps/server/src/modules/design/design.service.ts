import {
  DESIGN_NAME_MAX,
  type DesignDetail,
  type DesignListItem,
  type DesignListParam,
  type DesignRenameParam,
  type DesignSaveParam,
  type DesignSaveResult,
  type ListData,
  type MessageLanguage,
  renderMessage,
} from '@cc/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import * as repo from './design.repo.js';

/**
 * Poster designs (issue #4 "In the product", docs/api.md "Designs"). Owner only: another author's id
 * answers NOT_FOUND (10006), never FORBIDDEN, so ids leak nothing (same rule as content, API.md §3).
 * Documents are stored as the JSON text the editor sent (validated by `designSaveParamSchema`).
 */

const notFound = () => new AppError('NOT_FOUND', 'DESIGN_NOT_FOUND');

/** Most designs one author may hold (issue #8 item 10); a create or copy beyond it is refused. */
export const DESIGN_QUOTA = 200;

/**
 * Refuses a new design when the author already holds `DESIGN_QUOTA`.
 * @throws AppError FAILED (status 0) with ercd `QUOTA_EXCEEDED`
 */
async function checkQuota(db: Db, userId: number): Promise<void> {
  if ((await repo.countDesigns(db, userId)) >= DESIGN_QUOTA)
    throw new AppError(
      'FAILED',
      { code: 'DESIGN_QUOTA', params: { max: DESIGN_QUOTA } },
      { ercd: 'QUOTA_EXCEEDED' },
    );
}

function toListItem(row: Omit<repo.DesignRow, 'document' | 'requestId'>): DesignListItem {
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
 * A save without `thumbnailUrl` keeps the stored thumbnail. A create (no id) with `param.requestId` is
 * idempotent per author (issue #8 item 10): when the author already made a design with that key, the
 * answer is that design's `{ id, updatedAt }` and nothing is written (also when two such requests race:
 * the partial unique index `designs_user_request_id_uidx` lets one insert, the other reads it). With an
 * `id` the key is ignored.
 * @returns `{ id, updatedAt }` (ISO 8601)
 * @throws AppError NOT_FOUND (10006) when `id` is not one of the author's designs; FAILED `QUOTA_EXCEEDED`
 *   for a new design beyond `DESIGN_QUOTA`
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
  if (param.id) {
    const row = await repo.updateOwnDesign(db, userId, param.id, fields);
    if (!row) throw notFound();
    return toSaveResult(row);
  }
  const requestId = param.requestId;
  if (requestId === undefined) {
    await checkQuota(db, userId);
    return toSaveResult(await repo.insertDesign(db, { userId, ...fields }));
  }
  return db.transaction(async (tx) => {
    const earlier = await repo.findOwnByRequestId(tx, userId, requestId);
    if (earlier) return toSaveResult(earlier);
    await checkQuota(tx, userId);
    const inserted = await repo.insertDesignOnce(tx, { userId, ...fields, requestId });
    // undefined: a concurrent create with the same key committed first; answer its result
    const row = inserted ?? (await repo.findOwnByRequestId(tx, userId, requestId));
    if (!row) throw new AppError('CONFLICT', 'REQUEST_ID_BUSY');
    return toSaveResult(row);
  });
}

function toSaveResult(row: { id: number; updatedAt: Date }): DesignSaveResult {
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

/**
 * The name of a copy in the author's language (issue #9): `<name> copy` / `<name> 副本` (the catalog's
 * DESIGN_COPY_NAME), the original cut so the result stays within DESIGN_NAME_MAX (40) characters.
 */
export function copyName(name: string, lang: MessageLanguage): string {
  const suffix = renderMessage({ code: 'DESIGN_COPY_NAME', params: { name: '' } }, lang);
  const room = DESIGN_NAME_MAX - [...suffix].length;
  const chars = [...name];
  const cut = chars.length > room ? chars.slice(0, room).join('') : name;
  return renderMessage({ code: 'DESIGN_COPY_NAME', params: { name: cut } }, lang);
}

/**
 * `POST /api/design/duplicate`: a new design with the same document, size and thumbnail, named
 * `<name> copy` in `lang` (the request's, issue #9: `<name> 副本` in zh-CN).
 * @returns `{ id, updatedAt }` of the copy
 * @throws AppError NOT_FOUND (10006) when absent or another author's; FAILED `QUOTA_EXCEEDED` beyond `DESIGN_QUOTA`
 */
export async function duplicateDesign(
  db: Db,
  userId: number,
  id: number,
  lang: MessageLanguage,
): Promise<DesignSaveResult> {
  const row = await repo.findOwnDesign(db, userId, id);
  if (!row) throw notFound();
  await checkQuota(db, userId);
  const copy = await repo.insertDesign(db, {
    userId,
    name: copyName(row.name, lang),
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
