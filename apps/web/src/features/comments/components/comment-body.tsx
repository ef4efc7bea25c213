import { Tag } from 'antd';
import {
  HeartFilled,
  LikeOutlined,
  MessageOutlined,
  PushpinOutlined,
  StopOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CommentItem } from '@cc/contracts';
import { formatDate, useFormatCount } from '../../../lib/format';

/**
 * What a comment says and who said it (issue #13): the reader (bold with a dot while unread), the author's own
 * replies marked, pinned and blocked-reader badges, "reply to <name>" for replies, the text as plain text (React
 * escapes it: markup a reader typed shows as typed), its time, likes and replies; with `showWork`, the work it was
 * written on and its type.
 */
export function CommentBody({ item, showWork = true }: { item: CommentItem; showWork?: boolean }) {
  const { t } = useTranslation();
  const formatCount = useFormatCount();
  return (
    <div className={item.unread ? 'cc-comment cc-comment-unread' : 'cc-comment'} data-testid="comment-body">
      <div className="cc-comment-head">
        {item.unread ? (
          <span
            className="cc-comment-dot"
            role="img"
            aria-label={t('comments.row.unread')}
            data-testid="comment-unread"
          />
        ) : null}
        <span className="cc-comment-reader" data-testid="comment-reader">
          {item.readerName}
        </span>
        {item.isAuthor ? (
          <Tag color="processing" icon={<UserOutlined />} data-testid="comment-mine">
            {t('comments.row.mine')}
          </Tag>
        ) : null}
        {item.pinned ? (
          <Tag icon={<PushpinOutlined />} data-testid="comment-pinned">
            {t('comments.row.pinned')}
          </Tag>
        ) : null}
        {item.readerBlocked ? (
          <Tag
            color="error"
            icon={<StopOutlined />}
            data-testid="comment-blocked"
            title={t('comments.row.blockedHint')}
          >
            {t('comments.row.blocked')}
          </Tag>
        ) : null}
        <time className="cc-comment-time cc-tabular" dateTime={item.createdAt}>
          {formatDate(item.createdAt, 'YYYY-MM-DD HH:mm')}
        </time>
      </div>
      {item.parentReaderName ? (
        <div className="cc-comment-context" data-testid="comment-reply-to">
          {t('comments.row.replyTo', { name: item.parentReaderName })}
        </div>
      ) : null}
      <p className="cc-comment-text" data-testid="comment-text">
        {item.text}
      </p>
      <div className="cc-comment-meta">
        {showWork ? (
          <span data-testid="comment-work">
            {t('comments.row.on', { type: t(`content.types.${item.contentType}`), title: item.contentTitle })}
          </span>
        ) : null}
        <span className="cc-tabular" data-testid="comment-likes">
          <LikeOutlined aria-hidden />{' '}
          {t('comments.row.likes', { count: item.likes, n: formatCount(item.likes) })}
        </span>
        <span className="cc-tabular" data-testid="comment-replies">
          <MessageOutlined aria-hidden />{' '}
          {t('comments.row.replies', { count: item.replyCount, n: formatCount(item.replyCount) })}
        </span>
        {item.authorLiked ? (
          <span className="cc-comment-hearted" data-testid="comment-author-liked">
            <HeartFilled aria-hidden /> {t('comments.row.authorLiked')}
          </span>
        ) : null}
      </div>
    </div>
  );
}
