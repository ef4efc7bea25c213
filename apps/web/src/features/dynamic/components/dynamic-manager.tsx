import { Space, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { EditOutlined, PlaySquareOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ContentListItem, ContentStatus, DynamicDetail } from '@cc/contracts';
import { formatDate, useFormatCount } from '../../../lib/format';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import {
  DateTimeCell,
  DeleteContentButton,
  LinkButton,
  StatusTag,
  useContentList,
  useContentStatusCounts,
  WorksTable,
} from '../../../components/content-table';
import { DYNAMIC_KEY, getDynamicDetail } from '../api/dynamic-api';
import { dynamicEditorPath } from '../logic';

export const DYNAMIC_MANAGE_PAGE_SIZE = 10;

/** The status tabs of the management view, in order; `all` shows every status but deleted. */
export const DYNAMIC_STATUS_TABS = [
  'all',
  'published',
  'reviewing',
  'scheduled',
  'draft',
  'rejected',
] as const;
export type DynamicStatusTab = (typeof DYNAMIC_STATUS_TABS)[number];

const THUMB = 44;

/** The text excerpt, thumbnails of every image and the video mark of one dynamic. */
function DynamicSummary({ item, detail }: { item: ContentListItem; detail: DynamicDetail | undefined }) {
  const { t } = useTranslation();
  const images = detail?.images ?? (item.coverUrl ? [item.coverUrl] : []);
  return (
    <div style={{ minWidth: 0 }}>
      <Typography.Paragraph
        ellipsis={{ rows: 2, tooltip: detail?.text ?? item.title }}
        style={{ marginBottom: 6 }}
        data-testid="dynamic-excerpt"
      >
        {detail?.text ?? (item.title || t('content.untitled'))}
      </Typography.Paragraph>
      {images.length > 0 || detail?.video ? (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, alignItems: 'center' }}>
          {images.map((url) => (
            <img
              key={url}
              src={url}
              alt=""
              data-testid="dynamic-thumb"
              style={{ width: THUMB, height: THUMB, objectFit: 'cover', borderRadius: 4 }}
            />
          ))}
          {detail?.video ? (
            <Tag icon={<PlaySquareOutlined />} style={{ marginInlineStart: 4 }}>
              {t('dynamic.manage.withVideo')}
            </Tag>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The author's dynamics (spec §2 `detailManage/dynamic`; API.md §9 `content/list` type `dynamic`): status tabs
 * with their counts, each dynamic's text excerpt and image thumbnails (from `dynamic/detail`), status, engagement,
 * time, and edit (the dynamic editor) with the rejection reason beside it, and delete with confirmation. Tab and
 * page belong to the caller (the query string). Loading, empty (with the next step) and error (retry) states.
 */
export function DynamicManager({
  tab,
  page,
  onChange,
}: {
  tab: DynamicStatusTab;
  page: number;
  onChange: (next: { tab?: DynamicStatusTab; page?: number }) => void;
}) {
  const { t, i18n } = useTranslation();
  const formatCount = useFormatCount();
  const status: ContentStatus | undefined = tab === 'all' ? undefined : tab;
  const list = useContentList({ type: 'dynamic', status, page, pageSize: DYNAMIC_MANAGE_PAGE_SIZE });
  // every tab's count in one call (`content/status_counts`)
  const counts = useContentStatusCounts('dynamic');
  const rows = list.data?.list ?? [];
  const details = useQueries({
    queries: rows.map((r) => ({
      queryKey: [...DYNAMIC_KEY, 'detail', r.id],
      queryFn: () => getDynamicDetail(r.id),
      staleTime: 30_000,
    })),
  });
  const detailOf = (id: number) => details[rows.findIndex((r) => r.id === id)]?.data;

  const columns: TableColumnsType<ContentListItem> = [
    {
      title: t('dynamic.manage.content'),
      dataIndex: 'title',
      render: (_, item) => <DynamicSummary item={item} detail={detailOf(item.id)} />,
    },
    {
      title: t('content.columns.status'),
      dataIndex: 'status',
      width: 112,
      render: (s: ContentStatus, item) => <StatusTag status={s} rejectReason={item.rejectReason} />,
    },
    {
      title: t('dynamic.manage.engagement'),
      width: i18n.language === 'en-US' ? 132 : 112,
      render: (_, item) => (
        <div className="cc-tabular cc-stats" data-testid="dynamic-stats">
          <div>{t('dynamic.stats.views', { n: formatCount(item.stats.views) })}</div>
          <div>{t('dynamic.stats.likes', { n: formatCount(item.stats.likes) })}</div>
          <div>{t('dynamic.stats.comments', { n: formatCount(item.stats.comments) })}</div>
          <div>{t('dynamic.stats.shares', { n: formatCount(item.stats.shares) })}</div>
        </div>
      ),
    },
    {
      title: t('dynamic.manage.time'),
      width: 120,
      render: (_, item) => {
        const scheduledAt = detailOf(item.id)?.scheduledAt;
        if (item.status === 'scheduled' && scheduledAt)
          return (
            <div className="cc-tabular">
              <Typography.Text type="warning" style={{ fontSize: 12 }}>
                {t('dynamic.manage.scheduledFor')}
              </Typography.Text>
              <div>{formatDate(scheduledAt, 'YYYY-MM-DD HH:mm')}</div>
            </div>
          );
        return <DateTimeCell value={item.publishedAt ?? item.updatedAt} />;
      },
    },
    {
      title: t('content.columns.actions'),
      width: i18n.language === 'en-US' ? 240 : 210,
      render: (_, item) => (
        <div>
          <Space size={0} className="cc-nowrap">
            <LinkButton
              to={dynamicEditorPath(item.id)}
              type="link"
              size="small"
              icon={<EditOutlined />}
              data-testid="dynamic-edit"
            >
              {t('common.edit')}
            </LinkButton>
            <DeleteContentButton item={item} />
          </Space>
          {item.status === 'rejected' && item.rejectReason ? (
            <Typography.Paragraph
              type="danger"
              ellipsis={{ rows: 2, tooltip: item.rejectReason }}
              style={{ fontSize: 12, margin: '4px 0 0 8px' }}
              data-testid="dynamic-reject-reason"
            >
              {t('content.rejectReason', { reason: item.rejectReason })}
            </Typography.Paragraph>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <div>
      <Tabs
        activeKey={tab}
        onChange={(key) => onChange({ tab: key as DynamicStatusTab, page: 1 })}
        items={DYNAMIC_STATUS_TABS.map((s) => {
          const total = counts.data?.[s];
          return {
            key: s,
            label: (
              <span data-testid={`dynamic-tab-${s}`}>
                {t(s === 'all' ? 'common.all' : `content.status.${s}`)}
                {total !== undefined ? (
                  <span className="cc-tabular" style={{ marginInlineStart: 4 }}>
                    ({total})
                  </span>
                ) : null}
              </span>
            ),
          };
        })}
      />
      {list.isPending ? (
        <LoadingState rows={8} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.total === 0 ? (
        <EmptyState
          description={t(tab === 'all' ? 'dynamic.manage.empty' : 'dynamic.manage.emptyTab')}
          action={
            tab === 'all' ? (
              <LinkButton to={dynamicEditorPath()} type="primary" icon={<PlusOutlined />}>
                {t('dynamic.publish')}
              </LinkButton>
            ) : undefined
          }
        />
      ) : (
        <WorksTable
          data={list.data}
          refreshing={list.isFetching && list.isPlaceholderData}
          columns={columns}
          page={page}
          pageSize={DYNAMIC_MANAGE_PAGE_SIZE}
          onPageChange={(p) => onChange({ page: p })}
          data-testid="dynamic-table"
        />
      )}
    </div>
  );
}
