import { useState } from 'react';
import { Link } from 'react-router';
import { App, Button, Card, Input, Modal, Pagination, Tooltip, Typography } from 'antd';
import { CopyOutlined, DeleteOutlined, EditOutlined, PictureOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DESIGN_NAME_MAX, designNameSchema, type DesignListItem } from '@cc/contracts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { formatDate } from '../../../lib/format';
import { useDesignActions, useDesignList } from '../api/designs';
import './poster-editor.css';

const PAGE_SIZE = 12;

/**
 * The author's designs (issue #4 "In the product"): a grid of thumbnails to open, duplicate, rename
 * and delete (with confirmation); the page lives in the query string (`?page=`).
 */
export function DesignsGrid({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const list = useDesignList({ page, pageSize: PAGE_SIZE });
  const actions = useDesignActions();
  const [renaming, setRenaming] = useState<DesignListItem | null>(null);
  const [newName, setNewName] = useState('');
  const failed = (e: unknown) =>
    void message.error(t('designs.actionFailed', { message: e instanceof Error ? e.message : String(e) }));

  if (list.isPending) return <LoadingState rows={6} />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  const { list: items, total } = list.data;
  if (total === 0)
    return (
      <EmptyState
        description={t('designs.empty')}
        action={
          <Link to="/poster">
            <Button type="primary" icon={<PlusOutlined />}>
              {t('designs.emptyAction')}
            </Button>
          </Link>
        }
      />
    );
  const nameCheck = designNameSchema.safeParse(newName);
  return (
    <>
      <div className="cc-designs-grid" data-testid="designs-grid">
        {items.map((d) => (
          <Card
            key={d.id}
            className="cc-design-card"
            size="small"
            data-design-id={d.id}
            cover={
              <Link to={`/poster?id=${d.id}`} aria-label={`${t('designs.open')} ${d.name}`}>
                {d.thumbnailUrl ? (
                  <img src={d.thumbnailUrl} alt={d.name} loading="lazy" />
                ) : (
                  <Typography.Text type="secondary">
                    <PictureOutlined /> {t('designs.noThumbnail')}
                  </Typography.Text>
                )}
              </Link>
            }
            actions={[
              <Tooltip key="dup" title={t('designs.duplicate')}>
                <Button
                  type="text"
                  aria-label={t('designs.duplicate')}
                  icon={<CopyOutlined />}
                  onClick={() =>
                    actions.duplicate.mutate(d.id, {
                      onSuccess: () => void message.success(t('designs.duplicated')),
                      onError: failed,
                    })
                  }
                />
              </Tooltip>,
              <Tooltip key="ren" title={t('designs.rename')}>
                <Button
                  type="text"
                  aria-label={t('designs.rename')}
                  icon={<EditOutlined />}
                  onClick={() => {
                    setRenaming(d);
                    setNewName(d.name);
                  }}
                />
              </Tooltip>,
              <Tooltip key="del" title={t('designs.delete')}>
                <Button
                  type="text"
                  danger
                  aria-label={t('designs.delete')}
                  icon={<DeleteOutlined />}
                  onClick={() =>
                    modal.confirm({
                      title: t('designs.delete'),
                      content: t('designs.deleteConfirm', { name: d.name }),
                      okText: t('common.delete'),
                      okButtonProps: { danger: true },
                      cancelText: t('common.cancel'),
                      onOk: () =>
                        actions.remove
                          .mutateAsync(d.id)
                          .then(() => void message.success(t('designs.deleted')), failed),
                    })
                  }
                />
              </Tooltip>,
            ]}
          >
            <Card.Meta
              title={
                <Link to={`/poster?id=${d.id}`} className="cc-design-name">
                  {d.name}
                </Link>
              }
              description={
                <span className="cc-tabular">
                  {t('designs.size', { width: d.width, height: d.height })} ·{' '}
                  {t('designs.updatedAt', { time: formatDate(d.updatedAt, 'YYYY-MM-DD HH:mm') })}
                </span>
              }
            />
          </Card>
        ))}
      </div>
      {total > PAGE_SIZE ? (
        <Pagination
          style={{ marginTop: 16, textAlign: 'right' }}
          current={page}
          pageSize={PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          onChange={onPage}
        />
      ) : null}
      <Modal
        title={t('designs.renameTitle')}
        open={!!renaming}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: !nameCheck.success, loading: actions.rename.isPending }}
        onCancel={() => setRenaming(null)}
        onOk={() =>
          renaming &&
          nameCheck.success &&
          actions.rename.mutate(
            { id: renaming.id, name: nameCheck.data },
            {
              onSuccess: () => {
                setRenaming(null);
                void message.success(t('designs.renamed'));
              },
              onError: failed,
            },
          )
        }
      >
        <Input
          aria-label={t('designs.rename')}
          value={newName}
          maxLength={DESIGN_NAME_MAX}
          showCount
          status={nameCheck.success ? undefined : 'error'}
          onChange={(e) => setNewName(e.target.value)}
        />
        <Typography.Text type="secondary">{t('designs.nameRule')}</Typography.Text>
      </Modal>
    </>
  );
}
