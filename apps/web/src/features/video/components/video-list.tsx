import { Button, Space, Table, Typography, type TableColumnsType } from 'antd';
import { AimOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDuration, type ContentListItem, type ContentStatus, type UploadUse } from '@cc/contracts';
import { formatWan } from '../../../lib/format';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import {
  ContentCover,
  DateTimeCell,
  DeleteContentButton,
  StatusTag,
  useContentList,
} from '../../../components/content-table';
import { editorPath } from '../logic';

export const VIDEO_LIST_PAGE_SIZE = 10;

/**
 * The author's videos or short videos (issue #3 "Pages"): status tag (colour + word), cover, duration
 * (mm:ss), plays (万), published time, edit, dots (published, playable videos), delete with confirmation; the page is
 * the caller's (query string). Loading, empty ("upload your first video") and error (retry) states.
 */
export function VideoList({
  use,
  page,
  onPageChange,
}: {
  use: UploadUse;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const list = useContentList({ type: use, page, pageSize: VIDEO_LIST_PAGE_SIZE });

  const columns: TableColumnsType<ContentListItem> = [
    {
      // cover and title side by side, as creator studios show a video
      title: t('content.columns.title'),
      dataIndex: 'title',
      render: (title: string, item) => (
        <div style={{ display: 'flex', alignItems: 'center', gap: 12, minWidth: 0 }}>
          <ContentCover url={item.coverUrl} shape={use === 'smallVideo' ? 'portrait' : 'landscape'} />
          <Typography.Text strong ellipsis={{ tooltip: title }} style={{ minWidth: 0, flex: 1 }}>
            {title || t('content.untitled')}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('content.columns.status'),
      dataIndex: 'status',
      width: 112,
      render: (s: ContentStatus, item) => <StatusTag status={s} rejectReason={item.rejectReason} />,
    },
    {
      title: t('video.list.duration'),
      width: 100,
      render: (_, item) => (
        <span className="cc-tabular" data-testid="video-duration">
          {item.stats.duration === null || item.stats.duration === undefined
            ? '--:--'
            : formatDuration(item.stats.duration)}
        </span>
      ),
    },
    {
      title: t('video.list.plays'),
      width: 84,
      render: (_, item) => (
        <span className="cc-tabular">{formatWan(item.stats.plays ?? item.stats.views)}</span>
      ),
    },
    {
      title: t('video.list.publishedAt'),
      dataIndex: 'publishedAt',
      width: 112,
      render: (v: string | null) => <DateTimeCell value={v} />,
    },
    {
      title: t('content.columns.actions'),
      width: 236,
      render: (_, item) => (
        <Space size={0} className="cc-nowrap">
          <Link to={editorPath(use, item.id)}>
            <Button type="link" size="small" icon={<EditOutlined />}>
              {t('common.edit')}
            </Button>
          </Link>
          {/* dots need a published video that plays (a known duration) */}
          {item.status === 'published' && typeof item.stats.duration === 'number' ? (
            <Link to={`/videodot?id=${item.id}`}>
              <Button type="link" size="small" icon={<AimOutlined />}>
                {t('video.list.dots')}
              </Button>
            </Link>
          ) : null}
          <DeleteContentButton item={item} />
        </Space>
      ),
    },
  ];

  if (list.isPending) return <LoadingState rows={6} />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.total === 0) {
    return (
      <EmptyState
        description={t(use === 'video' ? 'video.list.empty' : 'video.list.emptySmall')}
        action={
          <Link to={editorPath(use)}>
            <Button type="primary" icon={<PlusOutlined />}>
              {t(use === 'video' ? 'video.list.emptyAction' : 'video.list.emptyActionSmall')}
            </Button>
          </Link>
        }
      />
    );
  }
  return (
    <Table<ContentListItem>
      tableLayout="fixed"
      rowKey="id"
      columns={columns}
      dataSource={list.data.list}
      loading={list.isFetching && list.isPlaceholderData}
      data-testid="video-table"
      pagination={{
        current: page,
        pageSize: VIDEO_LIST_PAGE_SIZE,
        total: list.data.total,
        showSizeChanger: false,
        showTotal: (total) => t('common.total', { count: total }),
        onChange: onPageChange,
      }}
    />
  );
}
