import { Button, Modal, Space, Tabs, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlaySquareOutlined, SwapOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration, type ContentListItem, type DynamicVideo } from '@cc/contracts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { LinkButton, useContentList, WorkTitleCell, WorksTable } from '../../../components/content-table';

const PAGE_SIZE = 5;
type VideoKind = 'video' | 'smallVideo';

/** The author's published videos or short videos (API.md §9 `content/list`), each with a "choose" button. */
function PublishedVideos({ kind, onPick }: { kind: VideoKind; onPick: (item: ContentListItem) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useContentList({ type: kind, status: 'published', page, pageSize: PAGE_SIZE });
  const columns: TableColumnsType<ContentListItem> = [
    {
      title: t('content.columns.title'),
      dataIndex: 'title',
      render: (_, item) => (
        <WorkTitleCell
          item={item}
          shape={kind === 'smallVideo' ? 'portrait' : 'landscape'}
          coverBadge={formatDuration(item.stats.duration ?? null)}
        />
      ),
    },
    {
      title: t('content.columns.actions'),
      width: 120,
      render: (_, item) => (
        <Button
          type="primary"
          ghost
          size="small"
          data-testid="dynamic-video-choose"
          aria-label={`${t('dynamic.form.videoChoose')}: ${item.title}`}
          onClick={() => onPick(item)}
        >
          {t('dynamic.form.videoChoose')}
        </Button>
      ),
    },
  ];
  if (list.isPending) return <LoadingState rows={4} />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.total === 0)
    return (
      <EmptyState
        description={t(kind === 'video' ? 'dynamic.form.videoNoneVideo' : 'dynamic.form.videoNoneSmall')}
        action={
          <LinkButton to={kind === 'video' ? '/videos/video' : '/smallVideo/indexv'} type="primary">
            {t(kind === 'video' ? 'dynamic.form.videoUpload' : 'dynamic.form.videoUploadSmall')}
          </LinkButton>
        }
      />
    );
  return (
    <WorksTable
      data={list.data}
      refreshing={list.isFetching && list.isPlaceholderData}
      columns={columns}
      page={page}
      pageSize={PAGE_SIZE}
      onPageChange={setPage}
      hideOnSinglePage
      data-testid="dynamic-video-list"
    />
  );
}

/**
 * The optional video of a dynamic (issue #10): the chosen one (cover, duration, title) with "change" and
 * "remove", or a button; both open a dialog listing the author's published videos and short videos.
 */
export function VideoPicker({
  value,
  onChange,
}: {
  value: DynamicVideo | null;
  onChange: (next: DynamicVideo | null) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<VideoKind>('smallVideo');
  const pick = (item: ContentListItem) => {
    onChange({
      id: item.id,
      title: item.title,
      coverUrl: item.coverUrl,
      duration: item.stats.duration ?? null,
    });
    setOpen(false);
  };
  return (
    <>
      {value ? (
        <Space align="center" size={12} data-testid="dynamic-video">
          <div style={{ position: 'relative', lineHeight: 0 }}>
            {value.coverUrl ? (
              <img
                src={value.coverUrl}
                alt=""
                style={{ width: 128, height: 72, objectFit: 'cover', borderRadius: 6 }}
              />
            ) : (
              <div className="cc-no-cover" style={{ width: 128, height: 72 }}>
                {t('content.noCover')}
              </div>
            )}
            <span
              className="cc-tabular"
              style={{
                position: 'absolute',
                right: 4,
                bottom: 4,
                padding: '0 4px',
                borderRadius: 2,
                background: 'rgba(0, 0, 0, 0.72)',
                color: '#fff',
                fontSize: 12,
                lineHeight: '18px',
              }}
            >
              {formatDuration(value.duration)}
            </span>
          </div>
          <Space orientation="vertical" size={4}>
            <Typography.Text strong ellipsis style={{ maxWidth: 360 }}>
              {value.title || t('content.untitled')}
            </Typography.Text>
            <Space size={4}>
              <Button size="small" icon={<SwapOutlined />} onClick={() => setOpen(true)}>
                {t('dynamic.form.videoChange')}
              </Button>
              <Button
                size="small"
                icon={<DeleteOutlined />}
                data-testid="dynamic-video-remove"
                onClick={() => onChange(null)}
              >
                {t('dynamic.form.videoRemove')}
              </Button>
            </Space>
          </Space>
        </Space>
      ) : (
        <Button icon={<PlaySquareOutlined />} data-testid="dynamic-video-open" onClick={() => setOpen(true)}>
          {t('dynamic.form.videoAdd')}
        </Button>
      )}
      <Modal
        open={open}
        title={t('dynamic.form.videoDialog')}
        footer={null}
        width={720}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Tabs
          activeKey={kind}
          onChange={(k) => setKind(k as VideoKind)}
          items={[
            { key: 'smallVideo', label: t('content.types.smallVideo') },
            { key: 'video', label: t('content.types.video') },
          ]}
        />
        <PublishedVideos key={kind} kind={kind} onPick={pick} />
      </Modal>
    </>
  );
}
