import { App, Button, Checkbox, Modal, Popconfirm, Typography } from 'antd';
import { StopOutlined, UndoOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlockReader } from '../api/comments-api';
import { useErrorText } from './use-error-text';

/**
 * Block a reader on every work of the author (`POST /api/reader/block {readerId, hideExisting}`, API.md §12): a
 * dialog says what blocking does and offers to hide everything they already wrote; a blocked reader gets
 * "unblock" (`{readerId, unblock: true}`) after a confirmation instead.
 */
export function BlockReaderButton({
  readerId,
  readerName,
  blocked,
}: {
  readerId: string;
  readerName: string;
  blocked: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const block = useBlockReader();
  const [open, setOpen] = useState(false);
  const [hideExisting, setHideExisting] = useState(false);

  if (blocked) {
    return <UnblockReaderButton readerId={readerId} readerName={readerName} size="small" type="text" />;
  }
  const confirm = () =>
    block.mutate(
      { readerId, hideExisting },
      {
        onSuccess: () => {
          void message.success(t('comments.block.done', { name: readerName }));
          setOpen(false);
          setHideExisting(false);
        },
        onError: (e) => void message.error(errorText(e)),
      },
    );
  return (
    <>
      <Button
        size="small"
        type="text"
        icon={<StopOutlined />}
        onClick={() => setOpen(true)}
        data-testid="comment-block"
      >
        {t('comments.actions.block')}
      </Button>
      <Modal
        open={open}
        title={t('comments.block.title', { name: readerName })}
        okText={t('comments.block.ok')}
        okButtonProps={{ danger: true, loading: block.isPending }}
        cancelText={t('common.cancel')}
        onOk={confirm}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('comments.block.body')}</Typography.Paragraph>
        <Checkbox
          checked={hideExisting}
          onChange={(e) => setHideExisting(e.target.checked)}
          data-testid="block-hide-existing"
        >
          {t('comments.block.hideExisting')}
        </Checkbox>
      </Modal>
    </>
  );
}

/** Unblock a reader after a confirmation (`POST /api/reader/block {readerId, unblock: true}`). */
export function UnblockReaderButton({
  readerId,
  readerName,
  size,
  type,
}: {
  readerId: string;
  readerName: string;
  size?: 'small' | 'middle';
  type?: 'text' | 'default';
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const block = useBlockReader();
  return (
    <Popconfirm
      title={t('comments.actions.unblockConfirm', { name: readerName })}
      okText={t('comments.actions.unblock')}
      cancelText={t('common.cancel')}
      onConfirm={() =>
        block.mutateAsync({ readerId, unblock: true }).then(
          () => void message.success(t('comments.block.unblocked', { name: readerName })),
          (e: unknown) => void message.error(errorText(e)),
        )
      }
    >
      <Button
        size={size}
        type={type}
        icon={<UndoOutlined />}
        loading={block.isPending}
        data-testid="comment-unblock"
      >
        {t('comments.actions.unblock')}
      </Button>
    </Popconfirm>
  );
}
