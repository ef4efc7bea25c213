import { App, Button, Popconfirm } from 'antd';
import {
  CheckOutlined,
  CommentOutlined,
  DeleteOutlined,
  EyeInvisibleOutlined,
  HeartFilled,
  HeartOutlined,
  MessageOutlined,
  PushpinOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CommentAction, CommentItem } from '@cc/contracts';
import { useCommentBatch } from '../api/comments-api';
import { canHeart, canHide, canPin, canPublish, canReply } from '../logic';
import { BlockReaderButton } from './block-reader';
import { useErrorText } from './use-error-text';

/**
 * The actions of one comment (issue #13): reply (the caller opens its editor), heart (`like`/`unlike`), pin/unpin
 * (published top-level comments only), approve held or hidden ones, hide, delete (after a confirmation), view the
 * thread, block or unblock the reader. All but reply and block go through `POST /api/comment/batch {ids: [id],
 * action}`; the answer says whether it changed anything.
 */
export function RowActions({
  item,
  onReply,
  onThread,
}: {
  item: CommentItem;
  onReply?: () => void;
  onThread?: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const batch = useCommentBatch();
  const run = (action: CommentAction) =>
    batch.mutateAsync({ ids: [item.id], action }).then(
      ({ done }) =>
        void (done > 0
          ? message.success(t('comments.actions.done'))
          : message.info(t('comments.actions.skipped'))),
      (e: unknown) => void message.error(errorText(e)),
    );
  const busy = batch.isPending;
  return (
    <div
      className="cc-comment-actions"
      role="group"
      aria-label={t('comments.actions.label', { name: item.readerName })}
    >
      {onReply && canReply(item) ? (
        <Button
          size="small"
          type="text"
          icon={<CommentOutlined />}
          onClick={onReply}
          data-testid="comment-reply"
        >
          {t('comments.actions.reply')}
        </Button>
      ) : null}
      {canHeart(item) ? (
        <Button
          size="small"
          type="text"
          aria-pressed={item.authorLiked}
          aria-label={item.authorLiked ? t('comments.actions.unlike') : t('comments.actions.like')}
          title={item.authorLiked ? t('comments.actions.unlike') : t('comments.actions.like')}
          icon={item.authorLiked ? <HeartFilled className="cc-comment-heart" /> : <HeartOutlined />}
          disabled={busy}
          onClick={() => void run(item.authorLiked ? 'unlike' : 'like')}
          data-testid="comment-like"
        />
      ) : null}
      {item.pinned || canPin(item) ? (
        <Button
          size="small"
          type="text"
          icon={<PushpinOutlined />}
          disabled={busy}
          onClick={() => void run(item.pinned ? 'unpin' : 'pin')}
          data-testid="comment-pin"
        >
          {item.pinned ? t('comments.actions.unpin') : t('comments.actions.pin')}
        </Button>
      ) : null}
      {canPublish(item) ? (
        <Button
          size="small"
          type="text"
          icon={<CheckOutlined />}
          disabled={busy}
          onClick={() => void run('publish')}
          data-testid="comment-publish"
        >
          {t('comments.actions.publish')}
        </Button>
      ) : null}
      {canHide(item) ? (
        <Button
          size="small"
          type="text"
          icon={<EyeInvisibleOutlined />}
          disabled={busy}
          onClick={() => void run('hide')}
          data-testid="comment-hide"
        >
          {t('comments.actions.hide')}
        </Button>
      ) : null}
      {item.state !== 'deleted' ? (
        <Popconfirm
          title={t('comments.actions.deleteConfirm')}
          okText={t('common.delete')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
          onConfirm={() => run('delete')}
        >
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            disabled={busy}
            data-testid="comment-delete"
          >
            {t('comments.actions.delete')}
          </Button>
        </Popconfirm>
      ) : null}
      {onThread && (item.parentId !== undefined || item.replyCount > 0) ? (
        <Button
          size="small"
          type="text"
          icon={<MessageOutlined />}
          onClick={onThread}
          data-testid="comment-view-thread"
        >
          {t('comments.actions.thread')}
        </Button>
      ) : null}
      {!item.isAuthor ? (
        <BlockReaderButton
          readerId={item.readerId}
          readerName={item.readerName}
          blocked={item.readerBlocked}
        />
      ) : null}
    </div>
  );
}
