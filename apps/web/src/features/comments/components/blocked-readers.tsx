import { List, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { formatDate } from '../../../lib/format';
import { useBlockedReaders } from '../api/comments-api';
import { UnblockReaderButton } from './block-reader';

const PAGE_SIZE = 20;

/** The readers this author blocked, newest first (`GET /api/reader/blocked_list`), each with "unblock". */
export function BlockedReaders() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const readers = useBlockedReaders(page, PAGE_SIZE);
  if (readers.isPending) return <LoadingState rows={3} />;
  if (readers.isError) return <ErrorState error={readers.error} onRetry={() => void readers.refetch()} />;
  if (readers.data.total === 0) return <EmptyState description={t('comments.settings.blockedEmpty')} />;
  return (
    <List
      data-testid="settings-blocked"
      dataSource={readers.data.list}
      rowKey="readerId"
      pagination={
        readers.data.total > PAGE_SIZE
          ? { current: page, pageSize: PAGE_SIZE, total: readers.data.total, onChange: setPage }
          : false
      }
      renderItem={(r) => (
        <List.Item
          actions={[
            <UnblockReaderButton
              key="unblock"
              readerId={r.readerId}
              readerName={r.readerName}
              size="small"
            />,
          ]}
        >
          <List.Item.Meta
            title={r.readerName}
            description={
              <Typography.Text type="secondary">
                {r.readerId} ·{' '}
                {t('comments.settings.blockedAt', { time: formatDate(r.blockedAt, 'YYYY-MM-DD HH:mm') })}
              </Typography.Text>
            }
          />
        </List.Item>
      )}
    />
  );
}
