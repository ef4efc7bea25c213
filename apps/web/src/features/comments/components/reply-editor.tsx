import { App, Button, Input, Space } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_TEXT_MAX } from '@cc/contracts';
import { useReplyComment } from '../api/comments-api';
import { isReplyValid, replyLength } from '../logic';
import { useErrorText } from './use-error-text';

/**
 * The author's reply to one comment (`POST /api/comment/reply {commentId, text}`, API.md §12): a text box with its
 * counter (1–1000 characters, the limit shown before it is broken), published at once. `onDone` runs after a
 * reply is published (the inbox is refetched by the call's hook), `onCancel` when the author gives up.
 */
export function ReplyEditor({
  commentId,
  readerName,
  onDone,
  onCancel,
  autoFocus = true,
  approves = false,
}: {
  commentId: number;
  readerName: string;
  /** the comment is held: say that replying approves it */
  approves?: boolean;
  onDone(): void;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const reply = useReplyComment();
  const [text, setText] = useState('');
  const counterId = useId();
  const length = replyLength(text);
  const over = length - COMMENT_TEXT_MAX;
  const submit = () => {
    if (!isReplyValid(text)) return;
    reply.mutate(
      { commentId, text: text.trim() },
      {
        onSuccess: () => {
          void message.success(t('comments.reply.sent'));
          setText('');
          onDone();
        },
        onError: (e) => void message.error(errorText(e)),
      },
    );
  };
  return (
    <div className="cc-comment-reply" data-testid="reply-editor">
      {approves ? (
        <p className="cc-comment-reply-note" data-testid="reply-approves">
          {t('comments.reply.approves')}
        </p>
      ) : null}
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoSize={{ minRows: 2, maxRows: 8 }}
        // the editor opens on the author's own click (or the popup's address): typing can start at once
        autoFocus={autoFocus}
        placeholder={t('comments.reply.placeholder')}
        aria-label={
          readerName ? t('comments.reply.labelTo', { name: readerName }) : t('comments.reply.label')
        }
        aria-describedby={counterId}
        aria-invalid={over > 0}
        status={over > 0 ? 'error' : undefined}
        data-testid="reply-text"
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
        }}
      />
      <div className="cc-comment-reply-foot">
        <span
          id={counterId}
          className={over > 0 ? 'cc-comment-counter cc-comment-counter-over' : 'cc-comment-counter'}
          data-testid="reply-counter"
        >
          {over > 0
            ? t('comments.reply.tooLong', { max: COMMENT_TEXT_MAX, over })
            : t('comments.reply.counter', { n: length, max: COMMENT_TEXT_MAX })}
        </span>
        <Space>
          {onCancel ? <Button onClick={onCancel}>{t('comments.reply.cancel')}</Button> : null}
          <Button
            type="primary"
            onClick={submit}
            disabled={!isReplyValid(text)}
            loading={reply.isPending}
            data-testid="reply-submit"
          >
            {t('comments.reply.submit')}
          </Button>
        </Space>
      </div>
    </div>
  );
}
