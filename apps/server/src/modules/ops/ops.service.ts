import {
  htmlToPlainText,
  type ListData,
  type MessageLanguage,
  type OpsReviewDecideParam,
  type OpsReviewItem,
  type OpsReviewListParam,
  type OpsUser,
  type SetPermissionsParam,
  renderStoredMessage,
} from '@cc/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { readReviewQueue } from '../../read-models/review-queue.js';
import { decideHeldWork } from '../content/content.service.js';
import { findUserForOps, getUserRole, setPermissions } from '../user/user.service.js';

/**
 * Operators' tools (issue #10, API.md §13): the review queue of works the automatic rules could not decide, and
 * the per-author permissions of spec §6. Every call is for role `operator`; anyone else gets 10005.
 */

/** Longest excerpt of a work's text shown in the queue, characters. */
export const REVIEW_EXCERPT_MAX = 2000;

/**
 * Refuses anyone but an operator (API.md §13 "role operator; others 10005").
 * @throws FORBIDDEN (10005, OPERATOR_ONLY); NOT_LOGGED_IN when the user is gone
 */
export async function requireOperator(db: Db, userId: number): Promise<void> {
  if ((await getUserRole(db, userId)) !== 'operator') throw new AppError('FORBIDDEN', 'OPERATOR_ONLY');
}

/**
 * The signed-in user of a request, refused unless an operator (every `/api/ops/` route's guard):
 * `operatorOf(db, requireUser(request))`.
 * @returns the same user
 * @throws FORBIDDEN (10005, OPERATOR_ONLY)
 */
export async function operatorOf<U extends { id: number }>(db: Db, user: U): Promise<U> {
  await requireOperator(db, user.id);
  return user;
}

/**
 * `GET /api/ops/review/list` (API.md §13): works waiting for an operator, oldest first (authors on the
 * `reviewPriority` white list first), with the reason each was held in `lang` and the text to judge.
 */
export async function listReviewQueue(
  db: Db,
  param: OpsReviewListParam,
  lang: MessageLanguage,
): Promise<ListData<OpsReviewItem>> {
  const { rows, total } = await readReviewQueue(db, {
    type: param.type,
    limit: param.pageSize,
    offset: (param.page - 1) * param.pageSize,
  });
  return {
    list: rows.map((r) => ({
      id: r.id,
      type: r.type,
      title: r.title,
      excerpt: [...(r.type === 'article' ? htmlToPlainText(r.content) : r.content)]
        .slice(0, REVIEW_EXCERPT_MAX)
        .join(''),
      coverUrl: r.coverUrls[0] ?? null,
      imageUrls: r.imageUrls,
      authorId: r.authorId,
      authorName: r.authorName,
      holdReason: renderStoredMessage(r.holdMessage, lang) ?? null,
      submittedAt: r.submittedAt.toISOString(),
    })),
    total,
    page: param.page,
    pageSize: param.pageSize,
  };
}

/**
 * `POST /api/ops/review/decide { id, decision, reason }` (API.md §13): approve publishes, reject refuses with
 * the reason; the author gets a message either way (`decideHeldWork`).
 * @returns `{ id, status }`
 * @throws NOT_FOUND (10006) for a missing work; CONFLICT (10008) when it is not waiting any more
 */
export async function decideReview(
  db: Db,
  param: OpsReviewDecideParam,
): Promise<{ id: number; status: Awaited<ReturnType<typeof decideHeldWork>> }> {
  const status = await decideHeldWork(db, param.id, param.decision, param.reason);
  return { id: param.id, status };
}

/** `GET /api/ops/user/permissions { account }` (extension): an author and their permissions. */
export async function getAuthorPermissions(db: Db, account: string): Promise<OpsUser> {
  return findUserForOps(db, account);
}

/** `POST /api/ops/user/set_permissions` (extension): sets an author's permissions (spec §6). */
export async function setAuthorPermissions(db: Db, param: SetPermissionsParam): Promise<OpsUser> {
  return setPermissions(db, param);
}
