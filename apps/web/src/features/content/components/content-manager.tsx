import { Button, Input, Select, Space, Table, Tabs, Typography, type TableColumnsType } from 'antd';
import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  contentStatuses,
  contentTypes,
  type ContentListItem,
  type ContentStatus,
  type ContentType,
} from '@cc/contracts';
import { formatWan } from '../../../lib/format';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import {
  ContentCover,
  DateTimeCell,
  DeleteContentButton,
  StatusTag,
  useContentList,
} from '../../../components/content-table';

export interface ContentFilters {
  type: ContentType | undefined;
  status: ContentStatus | undefined;
  keyword: string;
  page: number;
}

const PAGE_SIZE = 10;
/** Where each type is edited; articles have their editor, the rest open their (future) page. */
const EDIT_ROUTE: Record<ContentType, string> = {
  article: '/article',
  album: '/imageCollection',
  video: '/videos',
  smallVideo: '/smallVideo',
  dynamic: '/detailManage/dynamic',
  live: '/liveShow',
  program: '/program',
};

/** Articles and videos open their editor on the item; the other types their (future) page. */
function editLink(item: ContentListItem): string {
  if (item.type === 'article') return `/article?id=${item.id}`;
  if (item.type === 'video') return `/videos/video?id=${item.id}`;
  if (item.type === 'smallVideo') return `/smallVideo/indexv?id=${item.id}`;
  return EDIT_ROUTE[item.type];
}

/** Videos preview in the player of the dots page; everything else in the article preview. */
function previewLink(item: ContentListItem): string {
  return item.type === 'video' || item.type === 'smallVideo'
    ? `/videodot?id=${item.id}`
    : `/article/preview?id=${item.id}`;
}

/**
 * Content management (API.md §9): type tabs (all + 7 types), status filter, keyword search and
 * pagination — all owned by the caller's query string — with status tags, stats in 万, edit, preview
 * and delete with confirmation. Loading, empty (with a next step) and error (with retry) states.
 */
export function ContentManager({
  filters,
  onChange,
}: {
  filters: ContentFilters;
  onChange: (next: Partial<ContentFilters>) => void;
}) {
  const { t } = useTranslation();
  const list = useContentList({
    type: filters.type,
    status: filters.status,
    keyword: filters.keyword || undefined,
    page: filters.page,
    pageSize: PAGE_SIZE,
  });

  const columns: TableColumnsType<ContentListItem> = [
    {
      title: t('content.columns.cover'),
      dataIndex: 'coverUrl',
      width: 108,
      render: (url: string | null) => <ContentCover url={url} />,
    },
    {
      title: t('content.columns.title'),
      dataIndex: 'title',
      render: (title: string, item) => (
        <Space orientation="vertical" size={2}>
          <Typography.Text strong ellipsis={{ tooltip: title }} style={{ maxWidth: 220 }}>
            {title || t('content.untitled')}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`content.types.${item.type}`)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('content.columns.status'),
      dataIndex: 'status',
      width: 116,
      render: (s: ContentStatus, item) => <StatusTag status={s} rejectReason={item.rejectReason} />,
    },
    {
      title: t('content.columns.stats'),
      width: 128,
      render: (_, item) => (
        <div className="cc-tabular cc-stats">
          <div>{t('content.statViews', { n: formatWan(item.stats.views) })}</div>
          <div>{t('content.statLikes', { n: formatWan(item.stats.likes) })}</div>
          <div>{t('content.statComments', { n: formatWan(item.stats.comments) })}</div>
        </div>
      ),
    },
    {
      title: t('content.columns.updatedAt'),
      dataIndex: 'updatedAt',
      width: 110,
      render: (v: string) => <DateTimeCell value={v} />,
    },
    {
      title: t('content.columns.actions'),
      width: 256,
      render: (_, item) => (
        <Space size={0} className="cc-nowrap">
          <Link to={editLink(item)}>
            <Button type="link" size="small" icon={<EditOutlined />}>
              {t('common.edit')}
            </Button>
          </Link>
          <Link to={previewLink(item)}>
            <Button type="link" size="small" icon={<EyeOutlined />}>
              {t('common.preview')}
            </Button>
          </Link>
          <DeleteContentButton item={item} />
        </Space>
      ),
    },
  ];

  const isFiltered = Boolean(filters.type || filters.status || filters.keyword);

  return (
    <div>
      <Tabs
        activeKey={filters.type ?? 'all'}
        onChange={(key) => onChange({ type: key === 'all' ? undefined : (key as ContentType), page: 1 })}
        items={['all', ...contentTypes].map((type) => ({ key: type, label: t(`content.types.${type}`) }))}
      />
      <Space style={{ marginBottom: 16 }} wrap>
        <Select<ContentStatus | 'all'>
          style={{ width: 160 }}
          value={filters.status ?? 'all'}
          aria-label={t('content.columns.status')}
          onChange={(v) => onChange({ status: v === 'all' ? undefined : v, page: 1 })}
          options={[
            { value: 'all', label: t('content.status.all') },
            ...contentStatuses
              .filter((s) => s !== 'deleted')
              .map((s) => ({ value: s, label: t(`content.status.${s}`) })),
          ]}
        />
        <Input.Search
          key={filters.keyword}
          defaultValue={filters.keyword}
          allowClear
          placeholder={t('content.searchPlaceholder')}
          aria-label={t('content.searchPlaceholder')}
          enterButton={t('common.search')}
          style={{ width: 320 }}
          onSearch={(keyword) => onChange({ keyword: keyword.trim(), page: 1 })}
        />
      </Space>
      {list.isPending ? (
        <LoadingState rows={8} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 && !isFiltered ? (
        <EmptyState
          description={t('content.empty')}
          action={
            <Link to="/article">
              <Button type="primary" icon={<PlusOutlined />}>
                {t('content.emptyAction')}
              </Button>
            </Link>
          }
        />
      ) : (
        <Table<ContentListItem>
          tableLayout="fixed"
          rowKey="id"
          columns={columns}
          dataSource={list.data.list}
          loading={list.isFetching && list.isPlaceholderData}
          locale={{ emptyText: <EmptyState description={t('content.empty')} /> }}
          pagination={{
            current: filters.page,
            pageSize: PAGE_SIZE,
            total: list.data.total,
            showSizeChanger: false,
            showTotal: (total) => t('common.total', { count: total }),
            onChange: (page) => onChange({ page }),
          }}
        />
      )}
    </div>
  );
}
