import {
  type FieldIssue,
  htmlToPlainText,
  type ListData,
  type MessageLanguage,
  type NoticeDetail,
  type NoticeItem,
  type NoticeListParam,
} from '@cc/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import * as repo from './notice.repo.js';
import type { NoticeTranslations } from './notice.schema.js';

/**
 * Platform notices (issue #2): one list for every author, published by the CLI `notice:publish`. A notice is
 * written in the product's default language (zh-CN) and may carry translations (issue #9); answers use the
 * request's language when the notice has it, else its own text.
 */

/** A notice's title, summary and content in `lang`: its translation when it has one, else its own text. */
function textsIn(row: repo.NoticeRow, lang: MessageLanguage) {
  return row.translations[lang] ?? { title: row.title, summary: row.summary, content: row.content };
}

const toItem = (row: repo.NoticeRow, lang: MessageLanguage): NoticeItem => {
  const texts = textsIn(row, lang);
  return {
    id: row.id,
    title: texts.title,
    summary: texts.summary,
    publishedAt: row.publishedAt.toISOString(),
  };
};

/** The texts of a notice in one language, as the operator writes them (`content` is HTML). */
export interface NoticeTexts {
  title: string;
  content: string;
  /** default: the first 80 characters of the content's text */
  summary?: string;
}

/**
 * Checks and cleans one language's texts: the HTML sanitized, a missing summary made from the text.
 * @param prefix the field path prefix of a translation (`translations.en-US.`) in a 10007
 * @returns the field errors, or the cleaned texts
 */
function cleanTexts(
  input: NoticeTexts,
  prefix: string,
): { title: string; summary: string; content: string; fields: FieldIssue[] } {
  const title = input.title.trim();
  const content = sanitizeHtml(input.content);
  const fields: FieldIssue[] = [];
  if (!title || title.length > 100) fields.push({ path: `${prefix}title`, code: 'NOTICE_TITLE_LENGTH' });
  if (!htmlToPlainText(content)) fields.push({ path: `${prefix}content`, code: 'NOTICE_CONTENT_REQUIRED' });
  const summary = (input.summary?.trim() || [...htmlToPlainText(content)].slice(0, 80).join('')).slice(
    0,
    200,
  );
  return { title, summary, content, fields };
}

/**
 * Publishes a notice. The HTML is sanitized; a missing summary becomes the first 80 characters of its text.
 * @param input the zh-CN texts, and `translations` in other languages (issue #9; each cleaned the same way)
 * @returns the notice as a zh-CN reader sees it
 * @throws VALIDATION_FAILED when a title or a (sanitized) content is empty
 */
export async function publishNotice(
  db: Db,
  input: NoticeTexts & {
    publishedAt?: Date;
    translations?: Partial<Record<Exclude<MessageLanguage, 'zh-CN'>, NoticeTexts>>;
  },
): Promise<NoticeDetail> {
  const own = cleanTexts(input, '');
  const fields = [...own.fields];
  const translations: NoticeTranslations = {};
  for (const [lang, texts] of Object.entries(input.translations ?? {}) as [MessageLanguage, NoticeTexts][]) {
    const cleaned = cleanTexts(texts, `translations.${lang}.`);
    fields.push(...cleaned.fields);
    translations[lang] = { title: cleaned.title, summary: cleaned.summary, content: cleaned.content };
  }
  if (fields.length) throw AppError.validation(fields);
  const row = await repo.insertNotice(db, {
    title: own.title,
    content: own.content,
    summary: own.summary,
    translations,
    publishedAt: input.publishedAt ?? new Date(),
  });
  return { ...toItem(row, 'zh-CN'), content: row.content };
}

/** `notice/get_notice_list` (extension): newest first, in `lang` where a notice has it (issue #9). */
export async function listNotices(
  db: Db,
  param: NoticeListParam,
  lang: MessageLanguage,
): Promise<ListData<NoticeItem>> {
  const { rows, total } = await repo.listNotices(db, param.pageSize, (param.page - 1) * param.pageSize);
  return { list: rows.map((row) => toItem(row, lang)), total, page: param.page, pageSize: param.pageSize };
}

/** `notice/get_notice_detail` (extension), in `lang` where the notice has it. @throws NOT_FOUND */
export async function getNotice(db: Db, id: number, lang: MessageLanguage): Promise<NoticeDetail> {
  const row = await repo.findNotice(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'NOTICE_NOT_FOUND');
  return { ...toItem(row, lang), content: textsIn(row, lang).content };
}
