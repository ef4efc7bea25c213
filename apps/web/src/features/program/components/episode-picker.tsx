import { Button, Modal, Segmented, type TableColumnsType } from 'antd';
import { CheckOutlined, PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROGRAM_EPISODE_TYPES, type ContentListItem, type ProgramEpisodeType } from '@cc/contracts';
import { DateTimeCell, useContentList, WorkTitleCell, WorksTable } from '../../../components/content-table';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import type { EpisodeItem } from '../logic';

const PAGE_SIZE = 8;

/** The author's published works of one type, each with "add" (or "added"). */
function PickerTable({
  type,
  chosen,
  onAdd,
}: {
  type: ProgramEpisodeType;
  chosen: ReadonlySet<number>;
  onAdd: (item: ContentListItem) => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useContentList({ type, status: 'published', page, pageSize: PAGE_SIZE });
  const columns: TableColumnsType<ContentListItem> = [
    {
      title: t('content.columns.title'),
      dataIndex: 'title',
      render: (_, item) => <WorkTitleCell item={item} />,
    },
    {
      title: t('program.picker.publishedAt'),
      dataIndex: 'publishedAt',
      width: 120,
      render: (v: string | null) => <DateTimeCell value={v} />,
    },
    {
      title: t('content.columns.actions'),
      width: 112,
      render: (_, item) => {
        const added = chosen.has(item.id);
        const title = item.title || t('content.untitled');
        return (
          <Button
            size="small"
            type={added ? 'default' : 'primary'}
            ghost={!added}
            disabled={added}
            icon={added ? <CheckOutlined /> : <PlusOutlined />}
            onClick={() => onAdd(item)}
            aria-label={`${added ? t('program.picker.added') : t('program.picker.add')}: ${title}`}
            data-testid="program-picker-add"
          >
            {added ? t('program.picker.added') : t('program.picker.add')}
          </Button>
        );
      },
    },
  ];
  if (list.isPending) return <LoadingState rows={4} />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.total === 0) return <EmptyState description={t('program.picker.empty')} />;
  return (
    <WorksTable
      data={list.data}
      refreshing={list.isFetching && list.isPlaceholderData}
      columns={columns}
      page={page}
      pageSize={PAGE_SIZE}
      onPageChange={setPage}
      hideOnSinglePage
      data-testid="program-picker-table"
    />
  );
}

/**
 * "Add episodes" (issue #10 "episodes chosen from the author's works"): a dialog over the author's published
 * works by type (article, image collection, video, short video — `PROGRAM_EPISODE_TYPES`), adding each chosen one
 * at the end of the list; works already in the program show as added.
 */
export function EpisodePicker({
  episodes,
  onAdd,
  disabled,
}: {
  episodes: readonly EpisodeItem[];
  onAdd: (episode: EpisodeItem) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<ProgramEpisodeType>('article');
  const chosen = new Set(episodes.map((e) => e.id));
  return (
    <>
      <Button
        icon={<PlusOutlined />}
        onClick={() => setOpen(true)}
        disabled={disabled}
        data-testid="program-add-episodes"
      >
        {t('program.episodes.add')}
      </Button>
      <Modal
        open={open}
        title={t('program.picker.title')}
        width={720}
        footer={
          <Button type="primary" onClick={() => setOpen(false)} data-testid="program-picker-done">
            {t('program.picker.done', { count: episodes.length })}
          </Button>
        }
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Segmented<ProgramEpisodeType>
          value={type}
          onChange={setType}
          options={PROGRAM_EPISODE_TYPES.map((ty) => ({ value: ty, label: t(`content.types.${ty}`) }))}
          style={{ marginBottom: 12 }}
          aria-label={t('program.picker.type')}
        />
        <PickerTable
          key={type}
          type={type}
          chosen={chosen}
          onAdd={(item) =>
            onAdd({
              id: item.id,
              type: item.type,
              title: item.title,
              coverUrl: item.coverUrl,
              status: item.status,
            })
          }
        />
      </Modal>
    </>
  );
}
