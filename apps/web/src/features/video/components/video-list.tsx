import { Space, type TableColumnsType } from 'antd';
import { AimOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDuration, type ContentListItem, type ContentStatus, type UploadUse } from '@cc/contracts';
import { useFormatCount } from '../../../lib/format';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import {
  DateTimeCell,
  DeleteContentButton,
  LinkButton,
  StatusTag,
  useContentList,
  WorkTitleCell,
  WorksTable,
} from '../../../components/content-table';
import { editorPath } from '../logic';

export const VIDEO_LIST_PAGE_SIZE = 10;

/**
 * The author's videos or short videos (issue #3 "Pages"): status tag (colour + word), cover, duration
 * (mm:ss), plays (万 in zh-CN, K/M in en-US), published time, edit, dots (published, playable videos), delete with confirmation; the page is
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
  const { t, i18n } = useTranslation();
  const formatCount = useFormatCount();
  const list = useContentList({ type: use, page, pageSize: VIDEO_LIST_PAGE_SIZE });

  const columns: TableColumnsType<ContentListItem> = [
    {
      // cover and title side by side, as creator studios show a video
      title: t('content.columns.title'),
      dataIndex: 'title',
      // the duration sits on the cover, as creator studios show it, so the title keeps the width (issue #9)
      render: (_, item) => (
        <WorkTitleCell
          item={item}
          shape={use === 'smallVideo' ? 'portrait' : 'landscape'}
          coverBadge={
            <span data-testid="video-duration" title={t('video.list.duration')}>
              {item.stats.duration === null || item.stats.duration === undefined
                ? '--:--'
                : formatDuration(item.stats.duration)}
            </span>
          }
        />
      ),
    },
    {
      title: t('content.columns.status'),
      dataIndex: 'status',
      width: 112,
      render: (s: ContentStatus, item) => <StatusTag status={s} rejectReason={item.rejectReason} />,
    },
    {
      title: t('video.list.plays'),
      width: 84,
      render: (_, item) => (
        <span className="cc-tabular">{formatCount(item.stats.plays ?? item.stats.views)}</span>
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
      // edit, dots, delete on one line, in either language (the English words are wider)
      width: i18n.language === 'en-US' ? 248 : 232,
      render: (_, item) => (
        <Space size={0} className="cc-nowrap">
          <LinkButton to={editorPath(use, item.id)} type="link" size="small" icon={<EditOutlined />}>
            {t('common.edit')}
          </LinkButton>
          {/* dots need a published video that plays (a known duration) */}
          {item.status === 'published' && typeof item.stats.duration === 'number' ? (
            <LinkButton to={`/videodot?id=${item.id}`} type="link" size="small" icon={<AimOutlined />}>
              {t('video.list.dots')}
            </LinkButton>
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
          <LinkButton to={editorPath(use)} type="primary" icon={<PlusOutlined />}>
            {t(use === 'video' ? 'video.list.emptyAction' : 'video.list.emptyActionSmall')}
          </LinkButton>
        }
      />
    );
  }
  return (
    <WorksTable
      data={list.data}
      refreshing={list.isFetching && list.isPlaceholderData}
      columns={columns}
      page={page}
      pageSize={VIDEO_LIST_PAGE_SIZE}
      onPageChange={onPageChange}
      data-testid="video-table"
    />
  );
}
