import { Card, Pagination, Space, Tag, Typography } from 'antd';
import {
  CommentOutlined,
  EditOutlined,
  EyeOutlined,
  LikeOutlined,
  PlusOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DYNAMIC_OLD_AFTER_DAYS,
  formatDuration,
  type DynamicFeedItem,
  type DynamicListView,
} from '@cc/contracts';
import { formatDate, useFormatCount } from '../../../lib/format';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { LinkButton } from '../../../components/content-table';
import { useDynamicList } from '../api/dynamic-api';
import { dynamicEditorPath } from '../logic';
import { carSeriesLabel, useTopicList } from '../../../components/work-pickers';

export const DYNAMIC_FEED_PAGE_SIZE = 10;

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <span
      title={label}
      aria-label={`${label} ${value}`}
      className="cc-tabular"
      style={{ whiteSpace: 'nowrap' }}
    >
      {icon} <span aria-hidden>{value}</span>
    </span>
  );
}

/** One dynamic as a feed card: time, text, images, video, topic and car series, and its engagement. */
function FeedCard({ item, topicName }: { item: DynamicFeedItem; topicName: string | undefined }) {
  const { t } = useTranslation();
  const formatCount = useFormatCount();
  const columns = item.images.length === 1 ? 1 : item.images.length === 2 || item.images.length === 4 ? 2 : 3;
  const size = columns === 1 ? 240 : 120;
  return (
    <Card
      size="small"
      data-testid="dynamic-card"
      title={
        <Typography.Text
          type="secondary"
          className="cc-tabular"
          style={{ fontWeight: 'normal', fontSize: 13 }}
        >
          {t('dynamic.feed.publishedAt', { time: formatDate(item.publishedAt, 'YYYY-MM-DD HH:mm') })}
        </Typography.Text>
      }
      extra={
        <LinkButton to={dynamicEditorPath(item.id)} type="link" size="small" icon={<EditOutlined />}>
          {t('common.edit')}
        </LinkButton>
      }
    >
      <Typography.Paragraph
        ellipsis={{
          rows: 5,
          expandable: 'collapsible',
          symbol: (open) => t(open ? 'dynamic.feed.less' : 'dynamic.feed.more'),
        }}
        style={{ whiteSpace: 'pre-wrap', fontSize: 15, marginBottom: 12 }}
        data-testid="dynamic-card-text"
      >
        {item.text}
      </Typography.Paragraph>
      {item.images.length > 0 ? (
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: `repeat(${columns}, ${size}px)`,
            gap: 4,
            marginBottom: 12,
          }}
        >
          {item.images.map((url, i) => (
            <img
              key={url}
              src={url}
              alt={t('dynamic.form.imageAlt', { n: i + 1 })}
              style={{ width: size, height: size, objectFit: 'cover', borderRadius: 4 }}
            />
          ))}
        </div>
      ) : null}
      {item.video ? (
        <div
          data-testid="dynamic-card-video"
          style={{
            display: 'flex',
            gap: 12,
            alignItems: 'center',
            padding: 8,
            marginBottom: 12,
            borderRadius: 6,
            background: 'var(--ant-color-fill-quaternary, #fafafa)',
          }}
        >
          <div style={{ position: 'relative', lineHeight: 0, flex: 'none' }}>
            {item.video.coverUrl ? (
              <img
                src={item.video.coverUrl}
                alt=""
                style={{ width: 128, height: 72, objectFit: 'cover', borderRadius: 4 }}
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
              {formatDuration(item.video.duration)}
            </span>
          </div>
          <Typography.Text strong ellipsis>
            {item.video.title || t('content.untitled')}
          </Typography.Text>
        </div>
      ) : null}
      {topicName || item.carSeries.length > 0 ? (
        <div style={{ marginBottom: 12 }}>
          {topicName ? (
            <Tag color="blue" data-testid="dynamic-card-topic">
              #{topicName}
            </Tag>
          ) : null}
          {item.carSeries.map((c) => (
            <Tag key={c.id}>{carSeriesLabel(c)}</Tag>
          ))}
        </div>
      ) : null}
      <Space size={24} style={{ color: 'var(--cc-text-description)' }} data-testid="dynamic-card-stats">
        <Stat
          icon={<EyeOutlined />}
          label={t('dynamic.stats.viewsLabel')}
          value={formatCount(item.stats.views)}
        />
        <Stat
          icon={<LikeOutlined />}
          label={t('dynamic.stats.likesLabel')}
          value={formatCount(item.stats.likes)}
        />
        <Stat
          icon={<CommentOutlined />}
          label={t('dynamic.stats.commentsLabel')}
          value={formatCount(item.stats.comments)}
        />
        <Stat
          icon={<ShareAltOutlined />}
          label={t('dynamic.stats.sharesLabel')}
          value={formatCount(item.stats.shares)}
        />
      </Space>
    </Card>
  );
}

/**
 * A `newDynamic/*` feed (spec §2; docs/api.md `dynamic/list`): the author's published dynamics of one view as
 * cards with their engagement (views, likes, comments, shares; 万 in zh-CN), newest first, paged. The empty
 * state says what each view holds and offers to publish. Page belongs to the caller (the query string).
 */
export function DynamicFeed({
  view,
  page,
  onPageChange,
}: {
  view: DynamicListView;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const list = useDynamicList({ view, page, pageSize: DYNAMIC_FEED_PAGE_SIZE });
  const topics = useTopicList();
  const topicName = (id: number | null) =>
    id === null ? undefined : topics.data?.find((x) => x.id === id)?.name;
  if (list.isPending) return <LoadingState rows={8} />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.total === 0)
    return (
      <EmptyState
        description={t(`dynamic.feed.empty.${view}`, { days: DYNAMIC_OLD_AFTER_DAYS })}
        action={
          <LinkButton to={dynamicEditorPath()} type="primary" icon={<PlusOutlined />}>
            {t('dynamic.publish')}
          </LinkButton>
        }
      />
    );
  return (
    <div data-testid="dynamic-feed" style={{ maxWidth: 720 }}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {list.data.list.map((item) => (
          <FeedCard key={item.id} item={item} topicName={topicName(item.topicId)} />
        ))}
      </Space>
      <Pagination
        style={{ marginTop: 16 }}
        current={page}
        pageSize={DYNAMIC_FEED_PAGE_SIZE}
        total={list.data.total}
        hideOnSinglePage
        showSizeChanger={false}
        showTotal={(total) => t('common.total', { count: total })}
        onChange={onPageChange}
      />
    </div>
  );
}
