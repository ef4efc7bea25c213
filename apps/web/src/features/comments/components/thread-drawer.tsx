import { Drawer, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useCommentThread } from '../api/comments-api';
import { CommentBody } from './comment-body';
import { CommentStateCell } from './comment-state-tag';
import { ReplyEditor } from './reply-editor';
import { RowActions } from './row-actions';

/**
 * One conversation (issue #13 "view thread"): the top-level comment and its replies, oldest first as the server
 * returns them (`GET /api/comment/list {rootId, pageSize 100}`), each with its state, hold reason and actions, and
 * a reply editor under the one answered. Open while `rootId` is set (the address's `?thread=`).
 */
export function ThreadDrawer({ rootId, onClose }: { rootId: number | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const thread = useCommentThread(rootId);
  const [replying, setReplying] = useState<number | null>(null);
  const first = thread.data?.list[0];
  let body;
  if (rootId === undefined) body = null;
  else if (thread.isPending) body = <LoadingState rows={4} />;
  else if (thread.isError) body = <ErrorState error={thread.error} onRetry={() => void thread.refetch()} />;
  else if (thread.data.list.length === 0) body = <EmptyState description={t('comments.thread.empty')} />;
  else
    body = (
      <>
        {thread.data.total > thread.data.list.length ? (
          <Typography.Paragraph type="secondary">
            {t('comments.thread.more', { shown: thread.data.list.length, total: thread.data.total })}
          </Typography.Paragraph>
        ) : null}
        <ol className="cc-comment-thread" data-testid="comment-thread">
          {thread.data.list.map((item) => (
            <li
              key={item.id}
              className={item.parentId === undefined ? 'cc-comment-thread-root' : 'cc-comment-thread-reply'}
              data-testid="thread-item"
            >
              <CommentBody item={item} showWork={false} />
              <CommentStateCell state={item.state} holdReason={item.holdReason} />
              <RowActions
                item={item}
                onReply={() => setReplying((id) => (id === item.id ? null : item.id))}
              />
              {replying === item.id ? (
                <ReplyEditor
                  commentId={item.id}
                  readerName={item.readerName}
                  approves={item.state === 'held'}
                  onDone={() => setReplying(null)}
                  onCancel={() => setReplying(null)}
                />
              ) : null}
            </li>
          ))}
        </ol>
      </>
    );
  return (
    <Drawer
      open={rootId !== undefined}
      onClose={onClose}
      size={640}
      title={
        first
          ? t('comments.thread.titleOf', {
              type: t(`content.types.${first.contentType}`),
              title: first.contentTitle,
            })
          : t('comments.thread.title')
      }
      destroyOnHidden
      data-testid="thread-drawer"
    >
      {body}
    </Drawer>
  );
}
