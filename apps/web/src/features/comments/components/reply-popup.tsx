import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CommentItem } from '@cc/contracts';
import { useCommentThread } from '../api/comments-api';
import { canReply } from '../logic';
import { CommentBody } from './comment-body';
import { CommentStateCell } from './comment-state-tag';
import { ReplyEditor } from './reply-editor';

/**
 * The reply popup (`/manage/commentManage/popReply?commentId=<id>`, issue #13): the comment answered — from the
 * shown page, else from its thread (`comment/list {rootId: id}`, which holds a top-level comment) — and the reply
 * editor. A comment found in neither is still answered by id (the server knows it). `onClose` after a reply or
 * when dismissed.
 */
export function ReplyPopup({
  commentId,
  shown,
  onClose,
}: {
  commentId: number | undefined;
  shown: readonly CommentItem[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const onPage = commentId === undefined ? undefined : shown.find((c) => c.id === commentId);
  const thread = useCommentThread(commentId !== undefined && !onPage ? commentId : undefined);
  const item = onPage ?? thread.data?.list.find((c) => c.id === commentId);
  return (
    <Modal
      open={commentId !== undefined}
      title={t('comments.reply.title')}
      onCancel={onClose}
      footer={null}
      width={640}
      destroyOnHidden
      data-testid="reply-popup"
    >
      {commentId === undefined ? null : (
        <>
          {item ? (
            <div className="cc-comment-popup-target">
              <CommentBody item={item} />
              <CommentStateCell state={item.state} holdReason={item.holdReason} />
            </div>
          ) : (
            <Typography.Paragraph type="secondary" data-testid="reply-popup-unknown">
              {thread.isPending && !onPage
                ? t('common.loading')
                : t('comments.reply.unknown', { id: commentId })}
            </Typography.Paragraph>
          )}
          {item && !canReply(item) ? (
            <Alert
              type="warning"
              showIcon
              title={t('comments.reply.notShown', { state: t(`comments.states.${item.state}`) })}
            />
          ) : (
            <ReplyEditor
              commentId={commentId}
              readerName={item?.readerName ?? ''}
              approves={item?.state === 'held'}
              onDone={onClose}
            />
          )}
        </>
      )}
    </Modal>
  );
}
