import {
  type FieldIssue,
  type IdResult,
  isProgramEpisodeType,
  type MessageLanguage,
  PROGRAM_MIN_GRADE,
  type ProgramDetail,
  type ProgramEpisode,
  type SaveProgramParam,
} from '@cc/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import {
  checkOwnImages,
  findOwnContentItem,
  type PublishDeps,
  rejectReasonIn,
  rejectRuleRefOf,
  reviewContent,
  saveWork,
  WORK_TYPE_NAMES,
} from '../content/content.service.js';
import { sendSystemMessage } from '../message/message.service.js';
import { getUserGrade } from '../user/user.service.js';
import * as repo from './program.repo.js';

/**
 * Programs (issue #10 "Programs", API.md §13, spec §6; docs/api.md "Programs"): a series of the author's own
 * published works in the author's order — a `contents` row of type `program` (title, cover, review status; saved
 * with `saveWork`) plus its `programs` row (description, episode ids). Only authors whose `rankResult` is 1 (grade 3
 * and up, or on the `program` white list) may save one. Reviewed on every save, like "publish now".
 */

const notFound = () =>
  new AppError('NOT_FOUND', { code: 'WORK_NOT_FOUND', params: { type: WORK_TYPE_NAMES.program } });

/**
 * `POST /api/program/save` (API.md §13): creates (no id) or edits the author's program.
 * Checks, in order: `rankResult` 1 (10005 PROGRAM_GRADE_REQUIRED, spec §6 — on create and on edit); the id is the
 * author's program (10006; deleted 10008); `coverUrl` an image the author uploaded (10007 IMAGE_NOT_YOURS); every
 * episode one of the author's own `published` works of a type of `PROGRAM_EPISODE_TYPES` (article, album, video,
 * short video: 10007 PROGRAM_EPISODE_INVALID on `episodeIds.<i>`, every bad one named); repeats are refused by the
 * schema (10007 PROGRAM_EPISODE_REPEATED on `episodeIds`). Then `saveWork` with publishType 1: the title rule and
 * the sensitive words on title and description decide `published`, `rejected` or `reviewing`, with its message.
 * Episodes are stored in the order given. `requestId` (extension) makes a create idempotent.
 * @param param validated by `saveProgramParamSchema`
 * @returns `{ id }`
 * @throws FORBIDDEN (10005), NOT_FOUND (10006), CONFLICT (10008), VALIDATION_FAILED (10007) as above
 */
export async function saveProgram(
  db: Db,
  userId: number,
  param: SaveProgramParam,
  deps: PublishDeps = { sendMessage: sendSystemMessage },
  now = new Date(),
): Promise<IdResult> {
  const title = param.title.trim();
  const description = param.description;
  return db.transaction(async (tx) => {
    const { rankResult } = await getUserGrade(tx, userId);
    if (rankResult !== 1)
      throw new AppError('FORBIDDEN', {
        code: 'PROGRAM_GRADE_REQUIRED',
        params: { grade: PROGRAM_MIN_GRADE },
      });
    if (param.id !== undefined) {
      const existing = await findOwnContentItem(tx, userId, param.id);
      if (!existing || existing.type !== 'program') throw notFound();
      // deleted: saveWork answers 10008 WORK_DELETED
    }
    if (param.coverUrl !== undefined) await checkOwnImages(tx, userId, [['coverUrl', param.coverUrl]]);
    const issues: FieldIssue[] = [];
    for (const [i, episodeId] of param.episodeIds.entries()) {
      const work = await findOwnContentItem(tx, userId, episodeId);
      if (!work || work.status !== 'published' || !isProgramEpisodeType(work.type))
        issues.push({ path: `episodeIds.${i}`, code: 'PROGRAM_EPISODE_INVALID' });
    }
    if (issues.length > 0) throw AppError.validation(issues);
    const saved = await saveWork(
      tx,
      userId,
      {
        type: 'program',
        id: param.id,
        requestId: param.requestId,
        publishType: 1,
        title,
        content: description,
        coverUrls: param.coverUrl !== undefined ? [param.coverUrl] : [],
        carSeriesIds: [],
        topicId: null,
        review: () => reviewContent({ title, text: description }),
      },
      deps,
      now,
    );
    if (!saved.replayed)
      await repo.upsertProgram(tx, {
        contentId: saved.row.id,
        description,
        episodeIds: param.episodeIds,
      });
    return { id: saved.row.id };
  });
}

/**
 * `GET /api/program/detail { id }` (extension): the program, its review status and reason (in `lang`) and its
 * episodes in order, each as it stands now (`status` `deleted` when the author deleted that work since, so the
 * editor can show and drop it). Reading needs no grade: an author below grade 3 still sees their programs.
 * @throws NOT_FOUND (10006) for another author's, a missing, a deleted or a non-program id
 */
export async function getProgramDetail(
  db: Db,
  userId: number,
  id: number,
  lang: MessageLanguage,
): Promise<ProgramDetail> {
  const row = await findOwnContentItem(db, userId, id);
  if (!row || row.type !== 'program' || row.status === 'deleted') throw notFound();
  const program = await repo.findProgram(db, id);
  const episodes: ProgramEpisode[] = [];
  for (const episodeId of program?.episodeIds ?? []) {
    const work = await findOwnContentItem(db, userId, episodeId);
    if (!work) continue; // removed for good: nothing to show
    episodes.push({
      id: work.id,
      type: work.type,
      title: work.title,
      coverUrl: work.coverUrls[0] ?? null,
      status: work.status,
    });
  }
  return {
    id: row.id,
    title: row.title,
    description: program?.description ?? '',
    coverUrl: row.coverUrls[0] ?? null,
    status: row.status,
    rejectReason: rejectReasonIn(row, lang),
    rejectRuleRef: rejectRuleRefOf(row),
    episodes,
    updatedAt: row.updatedAt.toISOString(),
  };
}
