import { Alert, App, Button, Popconfirm } from 'antd';
import { CheckOutlined, DeleteOutlined, EyeInvisibleOutlined, HeartOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_BATCH_MAX } from '@cc/contracts';
import { useCommentBatch } from '../api/comments-api';
import { isBatchTooBig, type BulkAction } from '../logic';
import { useErrorText } from './use-error-text';

const ICONS: Record<BulkAction, ReactNode> = {
  publish: <CheckOutlined />,
  hide: <EyeInvisibleOutlined />,
  delete: <DeleteOutlined />,
  like: <HeartOutlined />,
};

/**
 * Acting on the selected comments at once (issue #13): approve, hide, delete (after a confirmation) or heart up to
 * 1,000 of them in one `POST /api/comment/batch {ids, action}`, then "N done, M skipped". More than 1,000 are
 * refused before any call, with the limit in words. `onClear` empties the selection (after a call, and from its own button).
 */
export function BulkBar({ selected, onClear }: { selected: number[]; onClear(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const batch = useCommentBatch();
  if (selected.length === 0) return null;
  const tooMany = isBatchTooBig(selected);
  const run = (action: BulkAction) => {
    // never sent: the server would refuse it too (BATCH_TOO_MANY)
    if (isBatchTooBig(selected)) return Promise.resolve();
    return batch.mutateAsync({ ids: selected, action }).then(
      ({ done, skipped }) => {
        void message.success(t('comments.bulk.result', { done, skipped }));
        onClear();
      },
      (e: unknown) => void message.error(errorText(e)),
    );
  };
  const button = (action: BulkAction) => (
    <Button
      key={action}
      icon={ICONS[action]}
      danger={action === 'delete'}
      disabled={tooMany || batch.isPending}
      onClick={action === 'delete' ? undefined : () => void run(action)}
      data-testid={`bulk-${action}`}
    >
      {t(`comments.bulk.${action}`)}
    </Button>
  );
  return (
    <div className="cc-comment-bulk" data-testid="comment-bulk">
      <div
        className="cc-comment-bulk-bar"
        role="toolbar"
        aria-label={t('comments.bulk.selected', { count: selected.length })}
      >
        <strong data-testid="bulk-count">{t('comments.bulk.selected', { count: selected.length })}</strong>
        {button('publish')}
        {button('hide')}
        <Popconfirm
          title={t('comments.bulk.deleteConfirm', { count: selected.length })}
          okText={t('common.delete')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
          disabled={tooMany}
          onConfirm={() => run('delete')}
        >
          {button('delete')}
        </Popconfirm>
        {button('like')}
        <Button type="text" onClick={onClear} data-testid="bulk-clear">
          {t('comments.bulk.clear')}
        </Button>
      </div>
      {tooMany ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="bulk-too-many"
          title={t('comments.bulk.tooMany', { max: COMMENT_BATCH_MAX, count: selected.length })}
        />
      ) : null}
    </div>
  );
}
