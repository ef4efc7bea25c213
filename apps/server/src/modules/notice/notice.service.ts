import {
  htmlToPlainText,
  type ListData,
  type NoticeDetail,
  type NoticeItem,
  type NoticeListParam,
} from '@cc/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import * as repo from './notice.repo.js';

/** Platform notices (issue #2): one list for every author, published by the CLI `notice:publish`. */

const toItem = (row: repo.NoticeRow): NoticeItem => ({
  id: row.id,
  title: row.title,
  summary: row.summary,
  publishedAt: row.publishedAt.toISOString(),
});

/**
 * Publishes a notice. The HTML is sanitized; a missing summary becomes the first 80 characters of its text.
 * @throws VALIDATION_FAILED when the title or the (sanitized) content is empty
 */
export async function publishNotice(
  db: Db,
  input: { title: string; content: string; summary?: string; publishedAt?: Date },
): Promise<NoticeDetail> {
  const title = input.title.trim();
  const content = sanitizeHtml(input.content);
  const fields = [];
  if (!title || title.length > 100) fields.push({ path: 'title', message: 'title must be 1-100 characters' });
  if (!htmlToPlainText(content)) fields.push({ path: 'content', message: 'content is required' });
  if (fields.length) throw AppError.validation(fields);
  const summary = (input.summary?.trim() || [...htmlToPlainText(content)].slice(0, 80).join('')).slice(
    0,
    200,
  );
  const row = await repo.insertNotice(db, {
    title,
    content,
    summary,
    publishedAt: input.publishedAt ?? new Date(),
  });
  return { ...toItem(row), content: row.content };
}

/** `notice/get_notice_list` (extension): newest first. */
export async function listNotices(db: Db, param: NoticeListParam): Promise<ListData<NoticeItem>> {
  const { rows, total } = await repo.listNotices(db, param.pageSize, (param.page - 1) * param.pageSize);
  return { list: rows.map(toItem), total, page: param.page, pageSize: param.pageSize };
}

/** `notice/get_notice_detail` (extension). @throws NOT_FOUND */
export async function getNotice(db: Db, id: number): Promise<NoticeDetail> {
  const row = await repo.findNotice(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'no such notice');
  return { ...toItem(row), content: row.content };
}
