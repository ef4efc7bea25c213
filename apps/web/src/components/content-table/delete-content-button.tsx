import { App, Button, Popconfirm } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ContentListItem } from '@cc/contracts';
import { useDeleteContent } from './content-api';

/**
 * Delete with confirmation (API.md §9 `content/delete`, a soft delete): a danger link that asks
 * "delete «title»?" and, once confirmed, deletes, refreshes every content list and reports success
 * or the server's message (else a generic failure) in a toast.
 */
export function DeleteContentButton({ item }: { item: Pick<ContentListItem, 'id' | 'title'> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const remove = useDeleteContent();
  const title = item.title || t('content.untitled');
  return (
    <Popconfirm
      title={t('content.deleteConfirm', { title })}
      okText={t('common.delete')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      onConfirm={() =>
        remove.mutateAsync(item.id).then(
          () => void message.success(t('content.deleted')),
          (e: Error) => void message.error(e.message || t('content.deleteFailed')),
        )
      }
    >
      <Button type="link" size="small" danger icon={<DeleteOutlined />}>
        {t('common.delete')}
      </Button>
    </Popconfirm>
  );
}
