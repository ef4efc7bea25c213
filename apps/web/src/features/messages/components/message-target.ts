import { MsgGroup, type MessageItem } from '@cc/contracts';
import { editPathOf, previewPathOf } from '../../../components/content-table';

/**
 * Where the pages of the spec §2 that a message without a work of its own is about live: its group's page,
 * or the page of its kind (seeded and operator messages carry no link).
 */
const KIND_PAGE: Record<string, string> = {
  grade_up: '/growUp/myGrade',
  certified: '/certification/indexc',
};
const GROUP_PAGE: Record<number, string> = {
  [MsgGroup.COMMENT]: '/manage/commentManage',
  [MsgGroup.LIKE]: '/detailManage',
  [MsgGroup.FOLLOW]: '/manage/fansManage/fans',
  [MsgGroup.BUSINESS]: '/businessOrder',
};

/** `params.id` when it names a work (a positive whole number; the demo seeds 0 for "no work"). */
function workId(params: MessageItem['params']): number | null {
  const id = Number(params?.id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * What opening a message leads to (issue #9 "Opening a message … links to what it is about"), from its
 * `kind` + `params` (docs/api.md "Messages"):
 * - `article_published` → the article's preview; `article_rejected` → the article's editor;
 * - `video_published` → the video in its player (`/videodot`); `video_rejected` → the editor of its `use`;
 * - otherwise the server's `link`, else the page of its kind (`grade_up`, `certified`) or group (comments,
 *   likes, follows, business); null when nothing fits (a system notice with no page).
 */
export function messageTarget(
  msg: Pick<MessageItem, 'kind' | 'params' | 'link' | 'msgGroup'>,
): string | null {
  const id = workId(msg.params);
  if (id !== null) {
    const use = msg.params?.use === 'smallVideo' ? 'smallVideo' : 'video';
    switch (msg.kind) {
      case 'article_published':
        return previewPathOf({ type: 'article', id });
      case 'article_rejected':
        return editPathOf({ type: 'article', id });
      case 'video_published':
        return previewPathOf({ type: use, id });
      case 'video_rejected':
        return editPathOf({ type: use, id });
      default:
        break;
    }
  }
  if (msg.link) return msg.link;
  return (msg.kind && KIND_PAGE[msg.kind]) || GROUP_PAGE[msg.msgGroup] || null;
}
