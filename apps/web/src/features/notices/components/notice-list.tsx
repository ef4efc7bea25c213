import { List, Pagination, Typography } from 'antd';
import { NotificationOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useNoticeList } from '../api/get-notice-list';

/** Platform notices, newest first, with pagination; `compact` shows titles only (home page). */
export function NoticeList({
  page = 1,
  pageSize = 10,
  compact = false,
  onPageChange,
}: {
  page?: number;
  pageSize?: number;
  compact?: boolean;
  onPageChange?: (page: number) => void;
}) {
  const { t } = useTranslation();
  const notices = useNoticeList({ page, pageSize });
  if (notices.isPending) return <LoadingState rows={compact ? 3 : 6} />;
  if (notices.isError) return <ErrorState error={notices.error} onRetry={() => void notices.refetch()} />;
  if (notices.data.list.length === 0) return <EmptyState description={t('notices.empty')} />;
  return (
    <>
      <List
        size={compact ? 'small' : 'default'}
        dataSource={notices.data.list}
        renderItem={(n) => (
          <List.Item
            extra={
              compact ? (
                <Typography.Text type="secondary" className="cc-tabular">
                  {formatDate(n.publishedAt, 'MM-DD')}
                </Typography.Text>
              ) : undefined
            }
          >
            <List.Item.Meta
              avatar={
                compact ? undefined : (
                  <NotificationOutlined style={{ fontSize: 18, color: '#2468F2', marginTop: 4 }} />
                )
              }
              title={<Link to={`/notice?id=${n.id}`}>{n.title}</Link>}
              description={
                compact ? undefined : (
                  <>
                    <div>{n.summary}</div>
                    <Typography.Text type="secondary" className="cc-tabular" style={{ fontSize: 12 }}>
                      {t('notices.publishedAt', { time: formatDate(n.publishedAt) })}
                    </Typography.Text>
                  </>
                )
              }
            />
          </List.Item>
        )}
      />
      {compact ? null : (
        <Pagination
          style={{ marginTop: 16 }}
          align="end"
          current={page}
          pageSize={pageSize}
          total={notices.data.total}
          showSizeChanger={false}
          showTotal={(total) => t('common.total', { count: total })}
          onChange={(p) => onPageChange?.(p)}
        />
      )}
    </>
  );
}
